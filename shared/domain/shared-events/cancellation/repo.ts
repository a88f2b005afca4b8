import { acrossPartitions, inPartition } from '../../../store/query';
import type { CancellationLedgerRow } from './rules';

/**
 * The cancellation's own store calls (the counters, the fence, adjustments and the head go through the capacity
 * engine's and the Shared Events' repositories).
 */

/**
 * A Shared Event's ledger with the organization of each row (the engine's `ledgerRows` has none: a pool counter is
 * shared, and the cancellation gives each organization's committed seats back separately). One partition query.
 */
export function cancellationLedger(sharedEventId: string) {
  return inPartition('sharedEvents', sharedEventId)
    .select('c.docType, c.counterId, c.showtimeId, c.organizationId, c.quantity, c.state, c.signedDelta, c.kind')
    .where("c.docType IN ('capacityReservation', 'capacityAdjustment')")
    .all<CancellationLedgerRow>();
}

/**
 * The Shared Events with a cancellation to finish: a fence in `cancelling`, or a head in `cancelling` whose fence
 * has not followed yet (a crash right after the first step). The heal pass's deliberate cross-partition query over
 * the sharedEvents container, behind no route; it names only the partitions that have work.
 */
export async function sharedEventsCancellingAcrossPartitions(): Promise<string[]> {
  const ids = await acrossPartitions('sharedEvents')
    .select('VALUE c.sharedEventId')
    .where(
      "(c.docType = 'capacityFence' AND c.state = 'cancelling') OR (c.docType = 'sharedEvent' AND c.status = 'cancelling')",
    )
    .all<string>();
  return [...new Set(ids)];
}
