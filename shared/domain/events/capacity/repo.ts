import type { PatchOperation } from '@azure/cosmos';
import { commitBatch, type BatchWrite } from '../../../store/batch';
import type { StoreOperation } from '../../../store/faults';
import { containers, type ContainerName } from '../../../store/client';
import { createItem, patchItem, readItem, replaceItem } from '../../../store/operations';
import type { Stored } from '../../../store/outcomes';
import type { KeyCarrying } from '../../../store/write-token';
import { inPartition } from '../../../store/query';
import { counterId, LEDGER_DOC_TYPES, type CapacityCounterDoc, type LedgerDocType } from './model';
import type { MoneyHolding } from './money';
import type { SeatSale } from './sale-batch';

/** Counters created inside another area's batch (a new event or showtime) travel as batch writes. */
export type { BatchWrite };

/**
 * Every store call of the capacity area. The conditional increment knows nothing of showtimes: it moves numeric
 * fields of any counter document (container, partition key, id) when the store finds the condition true, so the
 * Shared Event pool and quota counters can reuse it; the rest reads and writes the per-showtime counters and
 * the ledger behind them, always inside the organization's partition.
 */
export interface ConditionalIncrement {
  container: ContainerName;
  partitionKey: string;
  id: string;
  /** A store-evaluated predicate over the document (`c.sold + 2 <= c.capacity`); none means unconditional. */
  condition?: string;
  /** field → signed amount; every field moves in the same atomic patch. */
  increments: Record<string, number>;
  /** Plain values set in the same patch (`updatedAt`). */
  set?: Record<string, unknown>;
}

/** One atomic patch; 412 when the condition is false, 404 when the document does not exist. */
export function conditionalIncrement<T>(request: ConditionalIncrement): Promise<Stored<T>> {
  const operations: PatchOperation[] = [
    ...Object.entries(request.increments).map(([field, value]) => ({ op: 'incr' as const, path: `/${field}`, value })),
    ...Object.entries(request.set ?? {}).map(([field, value]) => ({ op: 'set' as const, path: `/${field}`, value })),
  ];
  const guard = request.condition ? { condition: `FROM c WHERE ${request.condition}` } : {};
  return patchItem<T>(containers()[request.container], request.partitionKey, request.id, operations, guard);
}

export function readCounter(organizationId: string, id: string) {
  return readItem<CapacityCounterDoc>(containers().orgs, organizationId, id);
}

export function readCounters(organizationId: string, eventId: string) {
  return inPartition('orgs', organizationId)
    .where("c.docType = 'capacityCounter'")
    .where('c.eventId = @event', { '@event': eventId })
    .all<Stored<CapacityCounterDoc>>();
}

export function createCounter(counter: CapacityCounterDoc) {
  return createItem<CapacityCounterDoc>(containers().orgs, counter);
}

/** Replaces a counter only if nobody moved it since it was read (412 otherwise). */
export function replaceCounter(counter: CapacityCounterDoc, etag: string) {
  return replaceItem(containers().orgs, counter.organizationId, counter, etag);
}

/** Sets plain fields (capacity, lock mirror) without touching the counts. */
export async function setCounterFields(
  organizationId: string,
  id: string,
  fields: Partial<Pick<CapacityCounterDoc, 'capacity' | 'locked'>>,
) {
  const operations: PatchOperation[] = Object.entries(fields).map(([field, value]) => ({
    op: 'set',
    path: `/${field}`,
    value,
  }));
  await patchItem(containers().orgs, organizationId, id, operations);
}

export interface LedgerRow {
  docType: LedgerDocType;
  showtimeId: string;
  quantity?: number;
  /** The fields each type's money rule reads (money-rules.ts, orders/ledger-money.ts), for the heal's recompute. */
  [moneyField: string]: unknown;
}

/** The fields the money rules read: an order's reported sold lines, the others' totals. */
const MONEY_FIELDS =
  'c.status, c.soldQuantity, c.soldTypeQuantities, c.tickets, c.totalQuantity, c.invoiceBasis, c.totalAmount, c.totalFees';

/**
 * What every live capacity-bearing document of an event holds: one partition query, its counts and (with
 * `money`) what its revenue and fees are computed from.
 */
export function ledgerRows(organizationId: string, eventId: string, money = false) {
  return inPartition('orgs', organizationId)
    .select(`c.docType, c.showtimeId, c.capacityQuantity AS quantity${money ? `, ${MONEY_FIELDS}` : ''}`)
    .where('c.eventId = @event', { '@event': eventId })
    .where('ARRAY_CONTAINS(@ledgerTypes, c.docType)', { '@ledgerTypes': [...LEDGER_DOC_TYPES] })
    .where('NOT IS_DEFINED(c.deletedAt)')
    .all<LedgerRow>();
}

/** The counter patches of `moves`, for the batch that writes the document (the counter ids of docs/performance.md). */
export function moneyPatches(eventId: string, moves: MoneyHolding[]): BatchWrite[] {
  return moves.map((m) => {
    const operations: PatchOperation[] = [
      { op: 'incr', path: '/revenue', value: m.revenue },
      { op: 'incr', path: '/fees', value: m.fees },
    ];
    return { patch: { id: counterId(eventId, m.showtimeId) }, operations };
  });
}

/**
 * How a ledger document's write goes, the one options shape of the ledger writes (orders/repo.ts `saveOrder`,
 * `commitOrderSale`): `carriesKey` lets a waiting Idempotency-Key record ride (store/write-token.ts); `alongside`
 * are writes that must land with the document but are not its own (its tickets and the showtime's serial counter,
 * tickets/issue.ts; a notice; an audit row): with any, the document always goes in a batch, even when its money
 * does not move.
 */
export interface MoneyWriteOptions extends KeyCarrying {
  alongside?: BatchWrite[];
}

/**
 * Writes a ledger document (`writes`, its own write first, then any rows that travel with it) and, when its money
 * changes, the increments of its showtime counters in the same transactional batch: the figures move with the
 * sale or not at all, so they cannot drift from the documents. A document whose money does not change is written
 * by `single` exactly as before (one call, no batch). A counter that does not exist yet (an event from before the
 * counters) fails the batch with 404 on its own operation: the document is then written without it, as before;
 * such a showtime's figures come from the ledger until the heal timer builds its counter (docs/performance.md).
 * Returns the stored document (the first write's answer).
 */
export async function writeWithMoney<T>(
  organizationId: string,
  eventId: string,
  moves: MoneyHolding[],
  writes: BatchWrite[],
  single: () => Promise<T>,
  options: MoneyWriteOptions = {},
): Promise<T> {
  const { alongside = [], ...key } = options;
  if (moves.length === 0 && alongside.length === 0) return single();
  const patches = moneyPatches(eventId, moves);
  // One document's write carried in a batch stands for the create or replace it was (store/batch.ts).
  const only = writes.length === 1 ? writes[0] : undefined;
  const standsFor: StoreOperation | undefined = !only
    ? undefined
    : 'create' in only
      ? { kind: 'create', container: containers().orgs.id, id: only.create.id }
      : 'replace' in only
        ? { kind: 'replace', container: containers().orgs.id, id: only.replace.id, partitionKey: organizationId }
        : undefined;
  try {
    const results = await commitBatch(containers().orgs, organizationId, [...writes, ...alongside, ...patches], {
      ...key,
      ...(standsFor ? { standsFor } : {}),
    });
    return results[0]!.resourceBody as T;
  } catch (error) {
    const { code, index } = error as { code?: number; index?: number };
    const firstPatch = writes.length + alongside.length;
    if (code === 404 && index !== undefined && index >= firstPatch && patches.length > 0) {
      if (alongside.length === 0) return single();
      const results = await commitBatch(containers().orgs, organizationId, [...writes, ...alongside], key);
      return results[0]!.resourceBody as T;
    }
    throw error;
  }
}

/**
 * The batch of a sale (sale-batch.ts): the document's writes, the seats' patch at index `writes.length`, then
 * other showtimes' money. A failure throws with the failing operation's status and `index` (store/batch.ts).
 */
export async function commitSeatBatch<T>(organizationId: string, sale: SeatSale): Promise<T> {
  const { seats, writes } = sale;
  const seatPatch = seatPatchOf(sale);
  const others = moneyPatches(
    seats.event.id,
    sale.money.filter((m) => m.showtimeId !== seats.showtimeId),
  );
  const results = await commitBatch(containers().orgs, organizationId, [...writes, seatPatch, ...others], {
    carriesKey: sale.carriesKey,
    ...standsForOf(organizationId, writes),
  });
  return results[0]!.resourceBody as T;
}

/** The counter's one patch: seats (sold and the channel) and, for the same showtime, revenue and fees. */
function seatPatchOf(sale: SeatSale): BatchWrite {
  const { seats } = sale;
  const money = sale.money.find((m) => m.showtimeId === seats.showtimeId);
  const operations: PatchOperation[] = [
    { op: 'incr', path: '/sold', value: seats.delta },
    { op: 'incr', path: `/${seats.channel}`, value: seats.delta },
    ...(money
      ? ([
          { op: 'incr', path: '/revenue', value: money.revenue },
          { op: 'incr', path: '/fees', value: money.fees },
        ] as PatchOperation[])
      : []),
    { op: 'set', path: '/updatedAt', value: new Date().toISOString() },
  ];
  const id = counterId(seats.event.id, seats.showtimeId);
  if (sale.counterAsRead) return { patch: { id }, operations, ifMatch: sale.counterAsRead._etag };
  const clauses: string[] = [];
  if (seats.enforceCeiling !== false) clauses.push(`c.sold + ${seats.delta} <= c.capacity`);
  if (seats.respectLock) clauses.push('c.locked = false');
  return {
    patch: { id },
    operations,
    ...(clauses.length > 0 ? { condition: `FROM c WHERE ${clauses.join(' AND ')}` } : {}),
  };
}

/** A batch of one document stands for its create or replace (store/batch.ts): an injected fault keeps its meaning. */
function standsForOf(organizationId: string, writes: BatchWrite[]): { standsFor?: StoreOperation } {
  const first = writes.length === 1 ? writes[0] : undefined;
  const container = containers().orgs.id;
  if (!first) return {};
  if ('create' in first) return { standsFor: { kind: 'create', container, id: first.create.id } };
  if ('replace' in first)
    return { standsFor: { kind: 'replace', container, id: first.replace.id, partitionKey: organizationId } };
  return {};
}
