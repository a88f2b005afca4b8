import type { SharedEventAccess } from '../../access';
import type { Principal } from '../../../users/principal';
import { badRequest, conflict, notFound } from '../../../../errors';
import { isPreconditionFailed, type Stored } from '../../../../store/outcomes';
import { quotaCounterId, type SharedCapacityCounterDoc } from '../model';
import { auditEntry } from '../../audit/entry';
import { actorOf, gateActingOrganization } from '../../capabilities';
import type { SharedEventParticipantDoc } from '../../model';
import { appendAudit, getParticipant } from '../../repo';
import { applyCapacities, type CapacityTarget } from './apply-capacities';
import { capacityDocuments, setParticipantQuotas } from './repo';
import {
  duplicateOrganization,
  mergeQuotas,
  overages,
  quotaSumViolations,
  unknownShowtimes,
  type QuotaMap,
} from './rules';
import type { QuotaEntry } from './schemas';
import { assertCapacityEditable, capacityViewOf, operationOf, seesEveryOrganization } from './capacity-view';

/**
 * PATCH …/participants/{orgId}/quota and PATCH …/quotas (manageCapacity): quotas merged into the roster entries
 * (showtimes not named keep theirs). Everything is checked before anything is written: known showtimes (400),
 * organizations on the roster (404 for the path's organization, 409 naming them in a bulk body), the quotas of a
 * touched showtime within the pool ceiling when there is one, and in quota mode every existing counter's
 * reserved + committed within its new quota (409). Then, in quota mode, the counters move through guarded
 * patches (a late refusal puts back the ones already moved and answers 409), then the roster entries, then one
 * audit entry. A crash after the counters leaves the roster behind; repeating the request finishes it.
 */
export async function editQuotas(
  principal: Principal,
  access: SharedEventAccess,
  entries: QuotaEntry[],
  mode: 'single' | 'bulk',
) {
  await gateActingOrganization(access.organizationId);
  const head = access.sharedEvent;
  const showtimeIds = (head.showtimes ?? []).map((s) => s.showtimeId);
  validateEntries(entries, showtimeIds, mode);
  const { roster, counters, fence } = await capacityDocuments(head.sharedEventId);
  assertCapacityEditable(head, fence);
  const byOrg = new Map(roster.map((p) => [p.organizationId, p]));
  const missing = entries.filter((e) => !byOrg.has(e.organizationId)).map((e) => e.organizationId);
  if (missing.length > 0) {
    if (mode === 'single') throw notFound('Participant');
    throw conflict('Not on the roster of this Shared Event', 'CONFLICT', { organizationIds: missing });
  }
  const merged: Record<string, QuotaMap> = Object.fromEntries(
    roster.map((p) => [p.organizationId, p.quotaByShowtime ?? {}]),
  );
  for (const e of entries) merged[e.organizationId] = mergeQuotas(merged[e.organizationId], e.quotaByShowtime);
  const touched = [...new Set(entries.flatMap((e) => Object.keys(e.quotaByShowtime)))];
  const sums = quotaSumViolations(head.sharedCapacity?.perShowtime, merged, touched);
  if (sums.length > 0) {
    throw conflict('The quotas of a showtime would add up to more than its capacity', 'CONFLICT', {
      showtimes: sums,
    });
  }
  if ((fence?.capacityPolicy ?? head.capacityPolicy) === 'quota') {
    await moveQuotaCounters(head.sharedEventId, entries, byOrg, counters);
  }
  const now = new Date().toISOString();
  const written = await Promise.all(entries.map((e) => writeQuotas(byOrg.get(e.organizationId)!, e, now)));
  await auditQuotas(principal, access, entries, written, mode);
  return capacityViewOf(head, seesEveryOrganization(principal, access) ? 'all' : access.organizationId);
}

export function validateEntries(entries: QuotaEntry[], showtimeIds: string[], mode: 'single' | 'bulk') {
  const duplicate = duplicateOrganization(entries);
  if (duplicate) {
    throw badRequest(`Organization ${duplicate} is listed twice`, [
      { path: '/quotas', message: `organization ${duplicate} is listed twice` },
    ]);
  }
  entries.forEach((e, i) => {
    const unknown = unknownShowtimes(e.quotaByShowtime, showtimeIds);
    if (unknown.length > 0) {
      throw badRequest(`Unknown showtime ${unknown[0]}`, [
        {
          path: `${mode === 'bulk' ? `/quotas/${i}` : ''}/quotaByShowtime/${unknown[0]}`,
          message: 'not a showtime of this Shared Event',
        },
      ]);
    }
  });
}

async function moveQuotaCounters(
  sharedEventId: string,
  entries: QuotaEntry[],
  byOrg: Map<string, SharedEventParticipantDoc>,
  counters: SharedCapacityCounterDoc[],
) {
  const targets: CapacityTarget[] = entries.flatMap((e) =>
    Object.entries(e.quotaByShowtime).map(([showtimeId, capacity]) => ({
      counterId: quotaCounterId(e.organizationId, showtimeId),
      showtimeId,
      organizationId: e.organizationId,
      capacity,
      startingCapacity: byOrg.get(e.organizationId)?.quotaByShowtime?.[showtimeId] ?? 0,
    })),
  );
  const wanted = new Map(targets.map((t) => [t.counterId, t.capacity]));
  const over = overages(
    counters.filter((c) => wanted.has(c.id)),
    (id) => wanted.get(id),
  );
  if (over.length > 0) {
    throw conflict('An organization already holds more than its new quota', 'CONFLICT', {
      showtimes: over.map(({ counterId: _c, ...rest }) => rest),
    });
  }
  await applyCapacities(
    sharedEventId,
    targets,
    new Map(counters.filter((c) => wanted.has(c.id)).map((c) => [c.id, c])),
    new Date().toISOString(),
  );
}

/** Merges the entry into the roster entry under its ETag; a roster entry changed meanwhile is re-read. */
export async function writeQuotas(
  participant: Stored<SharedEventParticipantDoc>,
  entry: QuotaEntry,
  now: string,
): Promise<Stored<SharedEventParticipantDoc>> {
  let current: Stored<SharedEventParticipantDoc> | undefined = participant;
  for (let attempt = 0; attempt < 6 && current; attempt += 1) {
    try {
      return await setParticipantQuotas(current, mergeQuotas(current.quotaByShowtime, entry.quotaByShowtime), now);
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error;
      current = await getParticipant(participant.sharedEventId, participant.organizationId);
    }
  }
  throw conflict('The roster entry kept changing; retry', 'CONFLICT');
}

async function auditQuotas(
  principal: Principal,
  access: SharedEventAccess,
  entries: QuotaEntry[],
  written: Stored<SharedEventParticipantDoc>[],
  mode: 'single' | 'bulk',
) {
  const actor = actorOf(principal, access.organizationId);
  const base = {
    sharedEventId: access.sharedEventId,
    actorUserId: actor.userId,
    ...(actor.organizationId ? { actorOrganizationId: actor.organizationId } : {}),
    // The roster entries' new ETags: one entry per change that landed.
    operation: written.map((p) => operationOf(p)).join(','),
  };
  if (mode === 'single') {
    await appendAudit(
      auditEntry({
        ...base,
        action: 'quota.edited',
        targetOrganizationId: entries[0].organizationId,
        metadata: { quotaByShowtime: entries[0].quotaByShowtime },
      }),
    );
    return;
  }
  await appendAudit(auditEntry({ ...base, action: 'quotas.bulkEdited', metadata: { quotas: entries } }));
}
