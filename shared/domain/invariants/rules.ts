import { countsFromLedger, emptyCounts, soldOf, type CapacityChannel } from '../events/capacity/rules';
import { LEDGER_DOC_TYPES } from '../events/capacity/model';
import { ACCOUNTED_STATUSES, isStatusIn, UNSOLD_STATUSES, type OrderDoc } from '../orders/model';
import { effectiveSoldQuantity, returnedByType, soldByType } from '../orders/rules';
import { isInvoiceBasisValid } from '../orders/invoice-basis';
import { usedByType } from '../allocations/rules';

/**
 * The invariants the data must keep whatever failed on the way (issue 15), as pure functions over stored documents:
 * each takes the documents of one partition (or of the whole store, for the cross-partition ones) and lists what it
 * finds broken. `healable` says the design accepts the state for a while (docs/shared-events.md "Capacity
 * protocol", the take-then-write rule of the capacity counters) and the heal pass repairs it; a violation that is
 * not healable is a half write or a bug.
 */
export interface Violation {
  rule: InvariantRule;
  /** The partition the finding is in: an organization id or a Shared Event id. */
  partition: string;
  documentId: string;
  message: string;
  healable: boolean;
  details?: Record<string, unknown>;
}

export type InvariantRule =
  | 'capacityCounterEqualsLedger'
  | 'orderQuantities'
  | 'orderStatusMatchesQuantities'
  | 'orderInvoiceBasisFrozen'
  | 'allocationUsedEqualsOrders'
  | 'transferDestinationHasSource'
  | 'delegationReverseIndexConverges'
  | 'sharedCounterEqualsLedger'
  | 'partitionKeyMatchesOwner';

// Stored documents of every type, read field by field by rules that check the field they read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = Record<string, any> & { id: string; docType?: string };

const violation = (
  rule: InvariantRule,
  partition: string,
  documentId: string,
  message: string,
  healable = false,
  details?: Record<string, unknown>,
): Violation => ({ rule, partition, documentId, message, healable, ...(details ? { details } : {}) });

const live = (d: Doc) => !d.deletedAt;
const ofType = (docs: Doc[], docType: string) => docs.filter((d) => d.docType === docType);

/**
 * Per showtime of every live event, the capacity counter equals the ledger (docs/decisions.md). A counter above its
 * ledger is the take-then-write window (a crash after the take, or before a release) and the heal pass repairs it;
 * a counter below its ledger could oversell and is never accepted. A missing counter with nothing sold is fine.
 */
export function capacityCounterViolations(orgId: string, docs: Doc[]): Violation[] {
  const found: Violation[] = [];
  const counters = ofType(docs, 'capacityCounter');
  const ledgerTypes: readonly string[] = LEDGER_DOC_TYPES;
  for (const event of ofType(docs, 'event').filter(live)) {
    const entries = docs
      .filter((d) => d.eventId === event.id && ledgerTypes.includes(d.docType ?? '') && live(d))
      .map((d) => ({
        docType: d.docType as never,
        showtimeId: String(d.showtimeId),
        quantity: d.capacityQuantity ?? 0,
      }));
    const ledger = countsFromLedger(event.showtimes ?? [], entries);
    for (const [showtimeId, expected] of ledger) {
      const counter = counters.find((c) => c.eventId === event.id && c.showtimeId === showtimeId);
      if (!counter && soldOf(expected) === 0) continue;
      const actual = counter ?? { ...emptyCounts(), sold: 0 };
      const channels = Object.keys(expected) as CapacityChannel[];
      const same = channels.every((k) => expected[k] === actual[k]) && actual.sold === soldOf(expected);
      if (same) continue;
      const above = actual.sold >= soldOf(expected) && channels.every((k) => (actual[k] ?? 0) >= expected[k]);
      found.push(
        violation(
          'capacityCounterEqualsLedger',
          orgId,
          counter?.id ?? `capacity-${event.id}-${showtimeId}`,
          `Counter of showtime ${showtimeId} ${above ? 'above' : 'below or apart from'} its ledger`,
          above,
          {
            eventId: event.id,
            showtimeId,
            counter: counter ? pick(actual, channels) : null,
            ledger: expected,
            excess: actual.sold - soldOf(expected),
          },
        ),
      );
    }
  }
  return found;
}

const pick = (doc: Doc | Record<string, number>, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, (doc as Record<string, unknown>)[k]]));

/** Per live order: sold + returned ≤ ordered (in total and per type), the status agrees, a settled basis is intact. */
export function orderViolations(orgId: string, docs: Doc[]): Violation[] {
  const found: Violation[] = [];
  for (const order of ofType(docs, 'order').filter(live) as unknown as OrderDoc[]) {
    const sold = effectiveSoldQuantity(order);
    const returned = order.returnedQuantity ?? 0;
    const lines = order.tickets ?? [];
    const ordered = lines.reduce((n, l) => n + l.quantity, 0);
    const add = (rule: InvariantRule, message: string, details?: Record<string, unknown>) =>
      found.push(violation(rule, orgId, order.id, message, false, details));
    if (ordered !== order.totalQuantity) add('orderQuantities', 'totalQuantity differs from its lines', { ordered });
    if (sold < 0 || returned < 0 || sold + returned > order.totalQuantity)
      add('orderQuantities', 'sold + returned exceeds ordered', { sold, returned, total: order.totalQuantity });
    const soldTypes = soldByType(order);
    const returnedTypes = returnedByType(order);
    for (const line of lines) {
      if ((soldTypes.get(line.ticketTypeId) ?? 0) + (returnedTypes.get(line.ticketTypeId) ?? 0) > line.quantity)
        add('orderQuantities', `ticket type ${line.ticketTypeId}: sold + returned exceeds its line`);
    }
    if (order.soldQuantity !== undefined && (order.capacityQuantity ?? 0) !== order.soldQuantity)
      add('orderQuantities', 'capacityQuantity differs from soldQuantity', {
        capacityQuantity: order.capacityQuantity,
        soldQuantity: order.soldQuantity,
      });
    if (isStatusIn(UNSOLD_STATUSES, order.status) && ((order.soldQuantity ?? 0) !== 0 || returned !== 0))
      add('orderStatusMatchesQuantities', `an order in state ${order.status} has sales or returns`);
    if (isStatusIn(ACCOUNTED_STATUSES, order.status) && sold + returned !== order.totalQuantity)
      add('orderStatusMatchesQuantities', `an order in state ${order.status} still has tickets outstanding`, {
        sold,
        returned,
        total: order.totalQuantity,
      });
    if (order.status === 'settled' && !isInvoiceBasisValid(order))
      add('orderInvoiceBasisFrozen', 'the frozen invoice basis no longer matches the settled order');
  }
  return found;
}

/**
 * `used` is derived from the orders on every read (allocations/rules.ts), never stored; an allocation item that
 * carries a stored `used` (old data, or a write that should not exist) must still agree with the orders.
 */
export function allocationViolations(orgId: string, docs: Doc[]): Violation[] {
  const orders = ofType(docs, 'order') as never[];
  const found: Violation[] = [];
  for (const allocation of ofType(docs, 'allocation').filter(live)) {
    const used = usedByType(allocation as never, orders);
    for (const item of allocation.items ?? []) {
      if (typeof item.used !== 'number' || item.used === (used.get(item.ticketTypeId) ?? 0)) continue;
      found.push(
        violation(
          'allocationUsedEqualsOrders',
          orgId,
          allocation.id,
          `stored used of ${item.ticketTypeId} is wrong`,
          false,
          {
            stored: item.used,
            fromOrders: used.get(item.ticketTypeId) ?? 0,
          },
        ),
      );
    }
  }
  return found;
}

/**
 * A partial transfer's destination names its source in its history entry; the source must exist in the same
 * partition and record the same transfer (one transactional batch writes both: neither exists without the other).
 */
export function transferViolations(orgId: string, docs: Doc[]): Violation[] {
  const orders = new Map(ofType(docs, 'order').map((o) => [o.id, o]));
  const found: Violation[] = [];
  for (const order of orders.values()) {
    for (const entry of (order.transferHistory ?? []) as Doc[]) {
      if (entry.resultOrderId !== order.id || entry.sourceOrderId === order.id) continue;
      const source = orders.get(String(entry.sourceOrderId));
      const recorded = ((source?.transferHistory ?? []) as Doc[]).some(
        (e) => e.transferRequestId === entry.transferRequestId && e.resultOrderId === order.id,
      );
      if (!recorded)
        found.push(
          violation(
            'transferDestinationHasSource',
            orgId,
            order.id,
            source ? 'the source order does not record this transfer' : 'the source order does not exist',
            false,
            { sourceOrderId: entry.sourceOrderId, transferRequestId: entry.transferRequestId },
          ),
        );
    }
  }
  return found;
}
