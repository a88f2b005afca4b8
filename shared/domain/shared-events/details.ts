import { randomUUID } from 'node:crypto';
import type { SharedEventAccess } from './access';
import type { Principal } from '../users/principal';
import { badRequest, conflict } from '../../errors';
import { isPreconditionFailed, type Stored } from '../../store/outcomes';
import { auditEntry } from './audit/entry';
import { actorOf, gateActingOrganization, requireCapabilities } from './capabilities';
import { toSharedEventResponse } from './mapper';
import type { SharedEventDoc } from './model';
import { advanceProjections, type ProjectionReport } from './projections/sync';
import { appendAudit, getSharedEvent, markProjectionPending, replaceSharedEvent, rosterOf } from './repo';
import { capabilitiesForPatch, isChangeable, mergeShowtimes, mergeTemplates, PRICING_FIELDS } from './rules';
import { versionOf } from './projections/rules';
import type { UpdateSharedEventBody } from './schemas';
import { peopleOfAccess } from './people';

/**
 * PATCH /api/shared-events/{id}: canonical details need manageSharedDetails, ticket type templates need
 * managePricing (a body touching both needs both). Every roster entry holding a projection is marked `pending`,
 * then the new details version lands (ETag-guarded, retried on a race); one propagation attempt follows at once,
 * and what fails stays queued (never failing the PATCH).
 */
export async function updateSharedEvent(principal: Principal, access: SharedEventAccess, body: UpdateSharedEventBody) {
  requireCapabilities(access, capabilitiesForPatch(body as Record<string, unknown>));
  await gateActingOrganization(access.organizationId);
  let head: Stored<SharedEventDoc> | undefined = access.sharedEvent;
  for (let attempt = 0; attempt < 10 && head; attempt += 1) {
    if (!isChangeable(head.status)) {
      throw conflict(`A ${head.status} Shared Event cannot be changed`, 'CONFLICT', { status: head.status });
    }
    const next = applyPatch(head, body);
    // The work is queued before the new version lands, so a crash in between leaves it findable by the heal pass
    // (a marker without a new version only costs a no-op sync).
    if (attempt === 0) await queueProjectionWork(head.sharedEventId);
    let saved: Stored<SharedEventDoc>;
    try {
      saved = await replaceSharedEvent(next);
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
      head = await getSharedEvent(head.sharedEventId);
      continue;
    }
    await auditChange(principal, access.organizationId, saved, body);
    const roster = await rosterOf(saved.sharedEventId);
    await advanceProjections(saved, { roster });
    return toSharedEventResponse(saved, peopleOfAccess(principal, access, saved), {
      roster: await rosterOf(saved.sharedEventId),
    });
  }
  throw conflict('The Shared Event kept changing; retry', 'CONFLICT');
}

/** Marks every roster entry holding a projection `pending` (one field patch each, in parallel). */
async function queueProjectionWork(sharedEventId: string) {
  const roster = await rosterOf(sharedEventId);
  await Promise.all(
    roster.filter((p) => p.projectionLink).map((p) => markProjectionPending(sharedEventId, p.organizationId)),
  );
}

function applyPatch(head: Stored<SharedEventDoc>, body: UpdateSharedEventBody): Stored<SharedEventDoc> {
  const next: Stored<SharedEventDoc> = { ...head };
  if (body.name !== undefined) next.name = body.name;
  if (body.description !== undefined) next.description = body.description;
  if (body.location !== undefined) next.location = body.location;
  if (body.date !== undefined) next.date = body.date;
  if (body.showtimes) {
    const merged = mergeShowtimes(head.showtimes ?? [], body.showtimes, randomUUID);
    if (typeof merged === 'string') throw badRequest(merged, [{ path: '/showtimes', message: merged }]);
    next.showtimes = merged;
  }
  if (body.ticketTypeTemplates) {
    const merged = mergeTemplates(head.ticketTypeTemplates ?? [], body.ticketTypeTemplates, randomUUID);
    if (typeof merged === 'string') throw badRequest(merged, [{ path: '/ticketTypeTemplates', message: merged }]);
    next.ticketTypeTemplates = merged;
  }
  next.detailsVersion = versionOf(head) + 1;
  next.updatedAt = new Date().toISOString();
  return next;
}

async function auditChange(
  principal: Principal,
  organizationId: string | undefined,
  next: SharedEventDoc,
  body: UpdateSharedEventBody,
) {
  const operation = `v${versionOf(next)}`;
  const actor = actorOf(principal, organizationId);
  const base = {
    sharedEventId: next.sharedEventId,
    actorUserId: actor.userId,
    ...(actor.organizationId ? { actorOrganizationId: actor.organizationId } : {}),
    operation,
    at: next.updatedAt,
  };
  const pricing = PRICING_FIELDS.some((f) => body[f] !== undefined);
  const details = Object.keys(body).some((k) => !(PRICING_FIELDS as readonly string[]).includes(k));
  await Promise.all([
    details ? appendAudit(auditEntry({ ...base, action: 'sharedEvent.detailsUpdated' })) : undefined,
    pricing ? appendAudit(auditEntry({ ...base, action: 'sharedEvent.pricingUpdated' })) : undefined,
  ]);
}

/**
 * POST operation-status (advance queued work: only entries that owe work) and POST sync-projections (repair:
 * every projection is checked again and recreated if it went missing).
 */
export async function projectionStatus(access: SharedEventAccess, options: { all: boolean; principal?: Principal }) {
  if (options.all) await gateActingOrganization(access.organizationId);
  const head = access.sharedEvent;
  const projections: ProjectionReport[] = await advanceProjections(head, { all: options.all });
  if (options.all && options.principal) {
    await appendAudit(
      auditEntry({
        sharedEventId: head.sharedEventId,
        action: 'projection.synced',
        actorUserId: options.principal.userId,
        ...(access.organizationId ? { actorOrganizationId: access.organizationId } : {}),
        operation: randomUUID(),
      }),
    );
  }
  return { sharedEventId: head.sharedEventId, detailsVersion: versionOf(head), projections };
}
