import { acrossPartitions } from '../../store/query';
import type { EventDoc } from '../events/model';
import type { DelegatingEventDoc } from '../delegations/repo';

/**
 * Every live event of every organization: the heal pass's one deliberate cross-partition query (the only
 * cross-tenant reader, and it is behind no route).
 */
export const liveEventsAcrossOrganizations = () =>
  acrossPartitions('orgs').where("c.docType = 'event' AND NOT IS_DEFINED(c.deletedAt)").all<EventDoc>();

/**
 * Live events of every organization holding a delegation whose reverse-index sync is pending or failed: the
 * heal pass's second cross-partition query (the partner's index lives in another partition than the
 * delegation, so the unfinished syncs cannot be found from either side alone).
 */
export const eventsWithUnsyncedDelegationsAcrossOrganizations = () =>
  acrossPartitions('orgs')
    .where("c.docType = 'event' AND NOT IS_DEFINED(c.deletedAt)")
    .where(
      "EXISTS(SELECT VALUE d FROM d IN c.salesDelegations WHERE d.reverseIndexSyncStatus IN ('pending', 'failed'))",
    )
    .all<DelegatingEventDoc & { _etag: string }>();

/**
 * The Shared Events holding a reservation that is still `held` past its `expiresAt` (a sale abandoned between its
 * reserve and its commit): the heal pass's cross-partition query over the sharedEvents container, which names only
 * the partitions that have work; each is then handled inside its own partition.
 */
export async function sharedEventsWithExpiredHoldsAcrossPartitions(now: string): Promise<string[]> {
  // One id per expired hold (the embedded store has no DISTINCT), made unique here: as many as holds abandoned.
  const ids = await acrossPartitions('sharedEvents')
    .select('VALUE c.sharedEventId')
    .where("c.docType = 'capacityReservation' AND c.state = 'held'")
    .where('c.expiresAt <= @now', { '@now': now })
    .all<string>();
  return [...new Set(ids)];
}

/**
 * The Shared Events that have capacity counters (every one that ever sold): the reconciliation pass's
 * cross-partition query over the sharedEvents container; each is then reconciled inside its own partition.
 */
export async function sharedEventsWithCountersAcrossPartitions(): Promise<string[]> {
  // One id per counter (the embedded store has no DISTINCT), made unique here.
  const ids = await acrossPartitions('sharedEvents')
    .select('VALUE c.sharedEventId')
    .where("c.docType = 'sharedCapacityCounter'")
    .all<string>();
  return [...new Set(ids)];
}
