import { containers } from '../../../../store/client';
import { patchItem } from '../../../../store/operations';
import type { Stored } from '../../../../store/outcomes';
import { inPartition } from '../../../../store/query';
import { conditionalIncrement } from '../../../events/capacity/repo';
import type { CapacityFenceDoc, SharedCapacityCounterDoc } from '../model';
import { participantDocId, type SharedEventParticipantDoc } from '../../model';
import { capacityGuard, type QuotaMap } from './rules';

/**
 * The store calls of the capacity administration routes that the engine's repo does not already offer, all in the
 * Shared Event's partition. Counter capacities move only through a store-evaluated conditional patch (the same
 * primitive as every counter move), so no sale can slip past a lowered limit between a read and the write.
 */

/** The fence's transition marker (ours): a policy transition in progress, so two cannot interleave. */
export interface TransitionMarker {
  to: 'pool' | 'quota';
  operation: string;
  startedAt: string;
}
export type AdminFenceDoc = CapacityFenceDoc & { transition?: TransitionMarker };

/** Roster, counters and fence of a Shared Event: one partition query. */
export async function capacityDocuments(sharedEventId: string) {
  const docs = await inPartition('sharedEvents', sharedEventId)
    .where("c.docType IN ('sharedEventParticipant', 'sharedCapacityCounter', 'capacityFence')")
    .all<Stored<SharedEventParticipantDoc | SharedCapacityCounterDoc | AdminFenceDoc>>();
  return {
    roster: docs.filter((d): d is Stored<SharedEventParticipantDoc> => d.docType === 'sharedEventParticipant'),
    counters: docs.filter((d): d is Stored<SharedCapacityCounterDoc> => d.docType === 'sharedCapacityCounter'),
    fence: docs.find((d): d is Stored<AdminFenceDoc> => d.docType === 'capacityFence'),
  };
}

/**
 * Sets a counter's capacity in ONE patch whose store-evaluated condition is `reserved + committed <= capacity`
 * (412 when the counter already holds more; 404 when it does not exist). A pure conditional set: no increments.
 */
export function setCapacityGuarded(sharedEventId: string, counterId: string, capacity: number, now: string) {
  return conditionalIncrement<SharedCapacityCounterDoc>({
    container: 'sharedEvents',
    partitionKey: sharedEventId,
    id: counterId,
    condition: capacityGuard(capacity),
    increments: {},
    set: { capacity, updatedAt: now },
  });
}

/** Writes a roster entry's whole quota map under its ETag (412 when the entry changed since it was read). */
export function setParticipantQuotas(participant: Stored<SharedEventParticipantDoc>, quotas: QuotaMap, now: string) {
  return patchItem<SharedEventParticipantDoc>(
    containers().sharedEvents,
    participant.sharedEventId,
    participantDocId(participant.organizationId),
    [
      { op: 'set', path: '/quotaByShowtime', value: quotas },
      { op: 'set', path: '/updatedAt', value: now },
    ],
    { ifMatch: participant._etag },
  );
}
