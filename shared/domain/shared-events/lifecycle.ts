import type { SharedEventAccess } from './access';
import type { Principal } from '../users/principal';
import { conflict, notFound } from '../../errors';
import { isDocumentId } from '../vocabulary/document-id';
import { isPreconditionFailed, type Stored } from '../../store/outcomes';
import { logError } from '../../telemetry/telemetry';
import type { EventDoc } from '../events/model';
import { auditEntry } from './audit/entry';
import { actorOf, gateActingOrganization, sharedEventsSwitch } from './capabilities';
import { toSharedEventResponse } from './mapper';
import type { SharedEventDoc, SharedEventStatus } from './model';
import {
  appendAudit,
  getProjectionEvent,
  getSharedEvent,
  replaceProjectionEvent,
  replaceSharedEvent,
  rosterOf,
} from './repo';
import { isRetirable, LIFECYCLE_MOVES, lifecycleVerdict } from './rules';
import { requestCancellation } from './cancellation/cancel';
import { isCancellationRequest } from './cancellation/rules';
import { readCounters } from './capacity/repo';
import { peopleOfAccess, rawPeople } from './people';

/**
 * PATCH lifecycle (manageSharedDetails): the moves of rules.ts LIFECYCLE_MOVES. A request for the state the
 * Shared Event is already in answers 200 without a change or an audit entry; any other move is 409 CONFLICT with
 * `data: { status, allowed }`. `cancelled` (or `cancelling`) starts the whole-event cancellation
 * (shared-events/cancellation/cancel.ts); a draft is retired with DELETE instead.
 */
export async function changeLifecycle(principal: Principal, access: SharedEventAccess, to: SharedEventStatus) {
  if (isCancellationRequest(to)) return requestCancellation(principal, access);
  await gateActingOrganization(access.organizationId);
  let head: Stored<SharedEventDoc> | undefined = access.sharedEvent;
  for (let attempt = 0; attempt < 5 && head; attempt += 1) {
    const verdict = lifecycleVerdict(head.status, to);
    if (verdict === 'unchanged') return toSharedEventResponse(head, peopleOfAccess(principal, access, head));
    if (verdict === 'refused') {
      throw conflict(`A Shared Event cannot move from ${head.status} to ${to}`, 'CONFLICT', {
        status: head.status,
        allowed: [...(LIFECYCLE_MOVES[head.status as SharedEventStatus] ?? [])],
      });
    }
    const now = new Date().toISOString();
    try {
      const saved = await replaceSharedEvent({ ...head, status: to, updatedAt: now });
      const actor = actorOf(principal, access.organizationId);
      await appendAudit(
        auditEntry({
          sharedEventId: head.sharedEventId,
          action: 'sharedEvent.lifecycleChanged',
          actorUserId: actor.userId,
          ...(actor.organizationId ? { actorOrganizationId: actor.organizationId } : {}),
          // The state it left, as of the version it was read at: a retry of the same move records it once.
          operation: `${head.status}->${to}@${head._etag}`,
          metadata: { from: head.status, to },
          at: now,
        }),
      );
      return toSharedEventResponse(saved, peopleOfAccess(principal, access, saved));
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error;
      head = await getSharedEvent(head.sharedEventId);
    }
  }
  throw notFound('Shared Event');
}

/**
 * DELETE (Super Admin): retires a draft. "Safely": only a draft (no sales can exist on its projections: their
 * capacity-taking writes are refused until the capacity engine exists, and orders are refused on projections),
 * the head keeps its history (status `cancelled`, `retiredAt`, `retiredBy`; the audit log stays), and every
 * projection is soft-deleted in its own organization partition. Any other status: 409.
 */
export async function retireSharedEvent(principal: Principal, sharedEventId: string) {
  sharedEventsSwitch();
  if (!isDocumentId(sharedEventId)) throw notFound('Shared Event');
  const head = await getSharedEvent(sharedEventId);
  if (!head) throw notFound('Shared Event');
  const retired = head.status === 'cancelled' && (head as { retiredAt?: string }).retiredAt !== undefined;
  const now = new Date().toISOString();
  const saved = retired ? head : await retire(head, principal, now);
  const roster = await rosterOf(sharedEventId);
  await Promise.all(
    roster
      .filter((p) => p.projectionLink)
      .map((p) => softDeleteProjection(p.organizationId, p.projectionLink!.eventId, principal.userId, now)),
  );
  // A super admin's route: every id as it is.
  return toSharedEventResponse(saved, rawPeople, { roster });
}

/** The head's retirement (a draft only) and its audit entry; a repeat of the DELETE finds it done. */
async function retire(head: Stored<SharedEventDoc>, principal: Principal, now: string) {
  if (!isRetirable(head)) {
    throw conflict(`Only a draft Shared Event can be retired; this one is ${head.status}`, 'CONFLICT', {
      status: head.status,
    });
  }
  // A draft sells nothing, but seats taken before that rule (or recorded past the ceiling) must never be hidden
  // behind soft-deleted projections: such a draft is refused, and is opened and cancelled instead.
  const seatsTaken = (await readCounters(head.sharedEventId)).reduce((n, c) => n + c.reserved + c.committed, 0);
  if (seatsTaken > 0) {
    throw conflict('This draft holds sales; cancel it instead of retiring it', 'CONFLICT', {
      status: head.status,
      seatsTaken,
    });
  }
  let saved: Stored<SharedEventDoc>;
  try {
    saved = await replaceSharedEvent({
      ...head,
      status: 'cancelled',
      retiredAt: now,
      retiredBy: principal.userId,
      updatedAt: now,
    } as Stored<SharedEventDoc>);
  } catch (error) {
    if (isPreconditionFailed(error)) throw conflict('The Shared Event changed meanwhile; retry', 'CONFLICT');
    throw error;
  }
  await appendAudit(
    auditEntry({
      sharedEventId: head.sharedEventId,
      action: 'sharedEvent.retired',
      actorUserId: principal.userId,
      operation: head.sharedEventId,
      at: now,
    }),
  );
  return saved;
}

async function softDeleteProjection(organizationId: string, eventId: string, userId: string, now: string) {
  try {
    const event = await getProjectionEvent(organizationId, eventId);
    if (!event || event.deletedAt) return;
    await replaceProjectionEvent({ ...event, active: false, deletedAt: now, deletedBy: userId } as Stored<EventDoc>);
  } catch (error) {
    // Left for a repeat of the DELETE (idempotent): the Shared Event is already retired.
    logError(error, { step: 'shared-event-retire-projection', organizationId, eventId });
  }
}
