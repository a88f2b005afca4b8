import { violationsOf } from '../../shared/domain/invariants/check';
import {
  allocationViolations,
  capacityCounterViolations,
  orderViolations,
  transferViolations,
  type Doc,
} from '../../shared/domain/invariants/rules';
import {
  delegationViolations,
  partitionViolations,
  sharedCounterViolations,
} from '../../shared/domain/invariants/cross-partition-rules';
import { freezeInvoiceBasis } from '../../shared/domain/orders/invoice-basis';
import type { OrderDoc } from '../../shared/domain/orders/model';

/** The invariant rules on hand-made documents: each one silent on sound data and naming what is broken. */
const ORG = 'org-1';
const event: Doc = { id: 'ev', docType: 'event', organizationId: ORG, showtimes: [{ showtimeId: 's1' }] };
const counter = (counts: Partial<Record<'orders' | 'registrations' | 'external' | 'free', number>>): Doc => {
  const full = { orders: 0, registrations: 0, external: 0, free: 0, ...counts };
  const sold = full.orders + full.registrations + full.external + full.free;
  return { id: 'capacity-ev-s1', docType: 'capacityCounter', eventId: 'ev', showtimeId: 's1', ...full, sold };
};
const ledger = (docType: string, quantity: number, extra: Doc | object = {}): Doc => ({
  id: `${docType}-${quantity}-${Math.random()}`,
  docType,
  eventId: 'ev',
  showtimeId: 's1',
  capacityQuantity: quantity,
  ...extra,
});

describe('capacity counters against the ledger', () => {
  it('equal: nothing; above: healable; below: not; a missing counter with nothing sold: nothing', () => {
    const docs = [event, ledger('order', 2), ledger('registration', 1), ledger('freeTicket', 5, { deletedAt: 'x' })];
    expect(capacityCounterViolations(ORG, [...docs, counter({ orders: 2, registrations: 1 })])).toEqual([]);
    expect(capacityCounterViolations(ORG, [...docs, counter({ orders: 3, registrations: 1 })])).toEqual([
      expect.objectContaining({ rule: 'capacityCounterEqualsLedger', healable: true }),
    ]);
    expect(capacityCounterViolations(ORG, [...docs, counter({ orders: 1, registrations: 1 })])).toEqual([
      expect.objectContaining({ healable: false }),
    ]);
    expect(capacityCounterViolations(ORG, [event])).toEqual([]);
    expect(capacityCounterViolations(ORG, [event, ledger('order', 1)])).toHaveLength(1);
    expect(capacityCounterViolations(ORG, [{ ...event, deletedAt: 'x' }, ledger('order', 1)])).toEqual([]);
  });
});

function order(fields: Partial<OrderDoc> = {}): Doc {
  const base = {
    id: 'o1',
    docType: 'order',
    organizationId: ORG,
    eventId: 'ev',
    showtimeId: 's1',
    requestedBy: 'u1',
    status: 'delivered',
    tickets: [
      { ticketTypeId: 'a', ticketTypeName: 'A', quantity: 2, unitPrice: 10, fee: 1 },
      { ticketTypeId: 'b', ticketTypeName: 'B', quantity: 1, unitPrice: 5, fee: 0 },
    ],
    totalQuantity: 3,
    soldQuantity: 0,
    returnedQuantity: 0,
    capacityQuantity: 0,
    ...fields,
  };
  return base as unknown as Doc;
}

describe('orders', () => {
  const rules = (doc: Doc) => orderViolations(ORG, [doc]).map((v) => v.rule);

  it('sound orders in every state', () => {
    expect(rules(order({ status: 'pending', soldQuantity: undefined, returnedQuantity: undefined }))).toEqual([]);
    expect(
      rules(
        order({ soldQuantity: 2, capacityQuantity: 2, soldTypeQuantities: [{ ticketTypeId: 'a', soldQuantity: 2 }] }),
      ),
    ).toEqual([]);
    const done = order({
      status: 'awaitingReconciliation',
      soldQuantity: 2,
      capacityQuantity: 2,
      returnedQuantity: 1,
      soldTypeQuantities: [{ ticketTypeId: 'a', soldQuantity: 2 }],
      returnedTypeQuantities: [{ ticketTypeId: 'b', returnQuantity: 1 }],
    });
    expect(rules(done)).toEqual([]);
    const settled = { ...done, status: 'settled' } as Doc;
    settled.invoiceBasis = freezeInvoiceBasis(settled as unknown as OrderDoc, '2026-01-01T00:00:00.000Z');
    expect(rules(settled)).toEqual([]);
    expect(rules({ ...settled, invoiceBasis: { ...settled.invoiceBasis, grandTotal: 1 } })).toEqual([
      'orderInvoiceBasisFrozen',
    ]);
  });

  it('quantities and status that disagree', () => {
    expect(rules(order({ soldQuantity: 3, returnedQuantity: 1, capacityQuantity: 3 }))).toContain('orderQuantities');
    expect(rules(order({ totalQuantity: 4 }))).toContain('orderQuantities');
    expect(rules(order({ soldQuantity: 1, capacityQuantity: 0 }))).toEqual(['orderQuantities']);
    expect(
      rules(
        order({ soldQuantity: 2, capacityQuantity: 2, soldTypeQuantities: [{ ticketTypeId: 'b', soldQuantity: 2 }] }),
      ),
    ).toEqual(['orderQuantities']);
    expect(rules(order({ status: 'approved', soldQuantity: 1, capacityQuantity: 1 }))).toEqual([
      'orderStatusMatchesQuantities',
    ]);
    expect(rules(order({ status: 'awaitingReconciliation', soldQuantity: 1, capacityQuantity: 1 }))).toEqual([
      'orderStatusMatchesQuantities',
    ]);
    expect(rules({ ...order({ soldQuantity: 9 }), deletedAt: 'x' })).toEqual([]);
  });
});

describe('allocations and transfers', () => {
  const allocation = (used?: number): Doc => ({
    id: 'al',
    docType: 'allocation',
    eventId: 'ev',
    userId: 'u1',
    items: [{ ticketTypeId: 'a', ticketTypeName: 'A', allocated: 5, ...(used === undefined ? {} : { used }) }],
  });
  it('a stored used must match the orders', () => {
    expect(allocationViolations(ORG, [allocation(), order()])).toEqual([]);
    expect(allocationViolations(ORG, [allocation(2), order()])).toEqual([]);
    expect(allocationViolations(ORG, [allocation(1), order()])).toEqual([
      expect.objectContaining({ details: { stored: 1, fromOrders: 2 } }),
    ]);
  });
  it('a partial transfer destination needs its source to record it', () => {
    const entry = { transferRequestId: 't1', sourceOrderId: 'o1', resultOrderId: 'o2' };
    const source = order({ transferHistory: [entry] });
    const destination = { ...order({ transferHistory: [entry] }), id: 'o2' };
    expect(transferViolations(ORG, [source, destination])).toEqual([]);
    expect(transferViolations(ORG, [destination]).map((v) => v.message)).toEqual(['the source order does not exist']);
    expect(transferViolations(ORG, [order(), destination]).map((v) => v.message)).toEqual([
      'the source order does not record this transfer',
    ]);
  });
});

describe('delegation reverse index', () => {
  const owner = (status: string, sync: string): Doc[] => [
    { id: 'owner', docType: 'organization' },
    {
      id: 'ev',
      docType: 'event',
      salesDelegations: [
        {
          id: 'd0',
          partnerOrganizationId: 'p',
          status: 'revoked',
          reverseIndexSyncStatus: 'synced',
          reverseIndexTransitionVersion: 1,
        },
        {
          id: 'd1',
          partnerOrganizationId: 'p',
          status,
          reverseIndexSyncStatus: sync,
          reverseIndexTransitionVersion: 2,
        },
      ],
    },
  ];
  const partner = (refs: object[]): Doc[] => [{ id: 'p', docType: 'organization', delegatedEventSales: refs }];
  const ref = (delegationId: string, status: string) => ({
    delegationId,
    eventId: 'ev',
    ownerOrganizationId: 'owner',
    status,
  });
  const check = (ownerDocs: Doc[], partnerDocs: Doc[]) =>
    delegationViolations(
      new Map([
        ['owner', ownerDocs],
        ['p', partnerDocs],
      ]),
    ).map((v) => [v.healable, v.message]);

  it('converged: nothing; pending: healable; synced but different or orphaned: not', () => {
    expect(check(owner('active', 'synced'), partner([ref('d1', 'active')]))).toEqual([]);
    expect(check(owner('active', 'pending'), partner([ref('d0', 'revoked')]))).toEqual([
      [true, 'the partner index of delegation d1 is pending'],
    ]);
    expect(check(owner('active', 'synced'), partner([ref('d1', 'invited')]))).toEqual([
      [false, expect.stringContaining('marked synced')],
    ]);
    expect(
      check(owner('active', 'synced'), partner([ref('d1', 'active'), { ...ref('x', 'active'), eventId: 'gone' }])),
    ).toEqual([[false, expect.stringContaining('does not hold')]]);
  });
});

describe('Shared Event counters and partitions', () => {
  const ledgerDocs: Doc[] = [
    { id: 'r1', docType: 'capacityReservation', counterId: 'pool:s1', quantity: 2, state: 'committed' },
    { id: 'r2', docType: 'capacityReservation', counterId: 'pool:s1', quantity: 1, state: 'held' },
    { id: 'r3', docType: 'capacityReservation', counterId: 'pool:s1', quantity: 4, state: 'released' },
    {
      id: 'a1',
      docType: 'capacityAdjustment',
      counterId: 'pool:s1',
      signedDelta: -1,
      kind: 'administrativeCorrection',
    },
    { id: 'a2', docType: 'capacityAdjustment', counterId: 'pool:s1', signedDelta: 7, kind: 'reconciliation' },
  ];
  const shared = (reserved: number, committed: number) =>
    sharedCounterViolations('se', [
      ...ledgerDocs,
      { id: 'pool:s1', docType: 'sharedCapacityCounter', reserved, committed },
    ]);

  it('reserved = held, committed = committed + adjustments without reconciliation ones', () => {
    expect(shared(1, 1)).toEqual([]);
    expect(shared(2, 1)).toEqual([expect.objectContaining({ healable: true })]);
    expect(shared(0, 2)).toEqual([expect.objectContaining({ healable: true })]);
    expect(shared(1, 0)).toEqual([expect.objectContaining({ healable: false })]);
  });

  it('documents belong to their partition', () => {
    const orgs = new Map<string, Doc[]>([
      ['o', [{ id: 'o', docType: 'organization' }, event, ledger('order', 1)]],
      ['lost', [{ id: 'n', docType: 'notification' }]],
      ['x', [{ id: 'x', docType: 'organization' }, ledger('freeTicket', 1, { eventId: 'elsewhere' })]],
    ]);
    const sharedEvents = new Map<string, Doc[]>([
      ['se', [{ id: 'se', docType: 'sharedEvent' }]],
      ['se2', [{ id: 'pool:s', docType: 'sharedCapacityCounter' }]],
    ]);
    expect(partitionViolations(orgs, sharedEvents).map((v) => [v.partition, v.message])).toEqual([
      ['lost', 'the partition has no organization document'],
      ['x', 'names event elsewhere, which is not in this partition'],
      ['se2', 'the Shared Event partition has no head document'],
    ]);
    expect(
      violationsOf({ orgs: new Map(), sharedEvents: new Map(), unowned: [{ container: 'orgs', id: 'z' }] }),
    ).toEqual([expect.objectContaining({ rule: 'partitionKeyMatchesOwner', documentId: 'z' })]);
  });

  it('a partition holding only idempotency key records is allowed (a keyed create refused before its write)', () => {
    const key = { id: 'idem-1', docType: 'idempotencyKey' };
    const orgs = new Map<string, Doc[]>([
      ['keyed', [key]],
      ['keyed-and-more', [key, { id: 'n', docType: 'notification' }]],
    ]);
    const sharedEvents = new Map<string, Doc[]>([['keyed-se', [key]]]);
    expect(partitionViolations(orgs, sharedEvents).map((v) => [v.partition, v.message])).toEqual([
      ['keyed-and-more', 'the partition has no organization document'],
    ]);
  });
});
