import { acrossPartitions } from '../../../store/query';

/**
 * The cancellation's own store calls (the ledger, the counters, the fence, adjustments and the head go through the
 * capacity engine's and the Shared Events' repositories).
 */

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
