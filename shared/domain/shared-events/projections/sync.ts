import { logError } from '../../../telemetry/telemetry';
import { isConflict, isPreconditionFailed, type Stored } from '../../../store/outcomes';
import type { EventDoc } from '../../events/model';
import type { SharedEventDoc, SharedEventParticipantDoc } from '../model';
import {
  createProjectionEvent,
  getParticipant,
  getProjectionEvent,
  getSharedEvent,
  replaceParticipant,
  replaceProjectionEvent,
  rosterOf,
  sharedEventsWithProjectionWork,
} from '../repo';
import {
  needsProjectionWork,
  projectionEventId,
  projectionNeedsWrite,
  projectionOf,
  projectionVersion,
  reportedSyncStatus,
  versionOf,
  type SyncStatus,
} from './rules';

/**
 * Projections (docs/shared-events.md, docs/shared-events.md): each live participant holds a local Event in its own organization partition,
 * linked back to the Shared Event and carrying its details version. Propagation is queued work: a change marks
 * the roster entries `pending` (in the same batch as the change), one attempt follows at once, and whatever
 * failed stays `pending` or `failed` until operation-status, sync-projections or the heal timer advances it.
 * A projection never moves to an older details version (the write is ETag-guarded and re-checked on 412).
 */

export interface ProjectionReport {
  organizationId: string;
  syncStatus: SyncStatus;
  detailsVersion?: number;
}

/** Brings one roster entry's projection up to `head`; never throws (a failure is recorded as `failed`). */
export async function syncProjection(
  head: SharedEventDoc,
  participant: Stored<SharedEventParticipantDoc>,
): Promise<Stored<SharedEventParticipantDoc>> {
  const organizationId = participant.organizationId;
  const eventId = participant.projectionLink?.eventId ?? projectionEventId(head.sharedEventId);
  let carried: number | undefined;
  try {
    carried = await writeProjection(head, participant, eventId);
  } catch (error) {
    logError(error, { step: 'shared-event-projection', sharedEventId: head.sharedEventId, organizationId });
    return recordOutcome(participant, { eventId, syncStatus: 'failed' });
  }
  if (carried === undefined) return participant;
  return recordOutcome(participant, { eventId, syncStatus: 'synced', detailsVersion: carried });
}

/** Writes the projection when it needs it; answers the version it carries (undefined: none exists, none due). */
async function writeProjection(
  head: SharedEventDoc,
  participant: SharedEventParticipantDoc,
  eventId: string,
): Promise<number | undefined> {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const existing = await getProjectionEvent(participant.organizationId, eventId);
    if (!projectionNeedsWrite(head, participant, existing)) {
      return existing ? projectionVersion(existing) : undefined;
    }
    const next = projectionOf(head, participant, existing, new Date().toISOString());
    try {
      if (existing) await replaceProjectionEvent({ ...next, _etag: existing._etag } as Stored<EventDoc>);
      else await createProjectionEvent(next);
      return versionOf(head);
    } catch (error) {
      if (!isPreconditionFailed(error) && !isConflict(error)) throw error;
    }
  }
  throw new Error('The projection kept changing while it was being synchronized');
}

/**
 * Records the outcome on the roster entry. A racing change (412) is re-read: a newer version already recorded is
 * kept, and work queued meanwhile by a newer change stays `pending`.
 */
async function recordOutcome(
  participant: Stored<SharedEventParticipantDoc>,
  outcome: { eventId: string; syncStatus: 'synced' | 'failed'; detailsVersion?: number },
): Promise<Stored<SharedEventParticipantDoc>> {
  let current: Stored<SharedEventParticipantDoc> | undefined = participant;
  for (let attempt = 0; attempt < 4 && current; attempt += 1) {
    const before = current.projectionLink;
    const raced = current !== participant && before?.syncStatus === 'pending';
    const detailsVersion = Math.max(before?.detailsVersion ?? 0, outcome.detailsVersion ?? 0) || undefined;
    const next = {
      ...current,
      projectionLink: {
        eventId: outcome.eventId,
        ...(detailsVersion !== undefined ? { detailsVersion } : {}),
        syncStatus: raced ? 'pending' : outcome.syncStatus,
      },
    } as Stored<SharedEventParticipantDoc>;
    try {
      return await replaceParticipant(next);
    } catch (error) {
      if (!isPreconditionFailed(error)) {
        logError(error, { step: 'shared-event-projection-status', sharedEventId: participant.sharedEventId });
        return participant;
      }
      current = await getParticipant(participant.sharedEventId, participant.organizationId);
    }
  }
  return current ?? participant;
}

/**
 * Advances the queued projection work of one Shared Event (`all`: every roster entry with or owing a projection,
 * the repair of sync-projections). Entries are synced in parallel: each lives in its own organization partition.
 */
export async function advanceProjections(
  head: SharedEventDoc,
  options: { all?: boolean; roster?: Stored<SharedEventParticipantDoc>[] } = {},
): Promise<ProjectionReport[]> {
  const roster = options.roster ?? (await rosterOf(head.sharedEventId));
  const retired = head.status === 'cancelled';
  const synced = await Promise.all(
    roster.map((p) => {
      if (retired) return p;
      const due = options.all
        ? p.projectionLink !== undefined || needsProjectionWork(head, p)
        : needsProjectionWork(head, p);
      return due ? syncProjection(head, p) : p;
    }),
  );
  return synced
    .filter((p) => p.projectionLink !== undefined || needsProjectionWork(head, p))
    .map((p) => report(head, p));
}

export function report(head: SharedEventDoc, p: SharedEventParticipantDoc): ProjectionReport {
  return {
    organizationId: p.organizationId,
    syncStatus: reportedSyncStatus(head, p),
    ...(p.projectionLink?.detailsVersion !== undefined ? { detailsVersion: p.projectionLink.detailsVersion } : {}),
  };
}

/** The heal pass's part (docs/shared-events.md): every Shared Event with pending or failed projection work is advanced. */
export async function healProjections(): Promise<{
  sharedEvents: number;
  synced: number;
  failed: number;
  failures: { sharedEventId: string; message: string }[];
}> {
  const ids = [...new Set((await sharedEventsWithProjectionWork()).map((r) => r.sharedEventId))];
  const result = {
    sharedEvents: ids.length,
    synced: 0,
    failed: 0,
    failures: [] as { sharedEventId: string; message: string }[],
  };
  for (const sharedEventId of ids) {
    try {
      const head = await getSharedEvent(sharedEventId);
      if (!head) continue;
      for (const r of await advanceProjections(head)) {
        if (r.syncStatus === 'synced') result.synced += 1;
        else {
          result.failed += 1;
          result.failures.push({ sharedEventId, message: `projection of ${r.organizationId} is ${r.syncStatus}` });
        }
      }
    } catch (error) {
      result.failures.push({ sharedEventId, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}
