import { startingCapacity } from '../../shared/domain/shared-events/capacity/rules';
import fc from 'fast-check';
import {
  cancellationAdjustments,
  cancellationVerdict,
  countersToFreeze,
  drainVerdict,
  frozenFenceState,
  isCancellationRequest,
} from '../../shared/domain/shared-events/cancellation/rules';
import { type SharedLedgerRow } from '../../shared/domain/shared-events/capacity/model';
import { recomputeCounter } from '../../shared/domain/shared-events/capacity/reconcile-rules';
import type { AdjustmentKind } from '../../shared/domain/shared-events/capacity/model';

describe('cancellation verdict', () => {
  it.each([
    [{ status: 'open' }, 'start'],
    [{ status: 'locked' }, 'start'],
    [{ status: 'cancelling' }, 'repeat'],
    [{ status: 'cancelled' }, 'repeat'],
    [{ status: 'cancelled', retiredAt: '2026-01-01T00:00:00.000Z' }, 'refused'],
    [{ status: 'draft' }, 'refused'],
    [{ status: 'completed' }, 'refused'],
  ] as const)('%o → %s', (head, verdict) => {
    expect(cancellationVerdict(head)).toBe(verdict);
  });

  it('accepts cancelled and cancelling as the request, nothing else', () => {
    expect(['cancelled', 'cancelling', 'open', 'locked', 'completed', 'draft'].filter(isCancellationRequest)).toEqual([
      'cancelled',
      'cancelling',
    ]);
  });

  it('moves the fence forward only', () => {
    expect(frozenFenceState('open')).toBe('cancelling');
    expect(frozenFenceState('cancelling')).toBe('cancelling');
    expect(frozenFenceState('cancelled')).toBe('cancelled');
  });
});

describe('counters to freeze', () => {
  const roster = [
    { organizationId: 'a', status: 'active' },
    { organizationId: 'b', status: 'accepted' },
    { organizationId: 'c', status: 'left', projectionLink: { eventId: 'se-x' } },
    { organizationId: 'd', status: 'declined' },
    { organizationId: 'e', status: 'invited' },
  ];

  it('pool: one counter per showtime, whatever the roster', () => {
    expect(countersToFreeze('pool', ['s1', 's2'], roster)).toEqual([
      { counterId: 'pool:s1', showtimeId: 's1' },
      { counterId: 'pool:s2', showtimeId: 's2' },
    ]);
  });

  it('quota: one per showtime for every live organization or one with a projection', () => {
    const ids = countersToFreeze('quota', ['s1', 's2'], roster).map((c) => c.counterId);
    expect(ids).toEqual(['quota:a:s1', 'quota:a:s2', 'quota:b:s1', 'quota:b:s2', 'quota:c:s1', 'quota:c:s2']);
  });

  it('creates missing counters with the capacity a first sale would have given them', () => {
    const quota = { s1: 7 };
    expect(startingCapacity({ showtimeId: 's1' }, 30, quota)).toBe(30);
    expect(startingCapacity({ showtimeId: 's1' }, undefined, quota)).toBe(0);
    expect(startingCapacity({ showtimeId: 's1', organizationId: 'a' }, 30, quota)).toBe(7);
    expect(startingCapacity({ showtimeId: 's2', organizationId: 'a' }, 30, quota)).toBe(0);
    expect(startingCapacity({ showtimeId: 's1', organizationId: 'b' }, 30, undefined)).toBe(0);
  });
});

describe('drain', () => {
  const frozenAt = '2026-01-01T00:00:00.000Z';
  const at = (ms: number) => new Date(Date.parse(frozenAt) + ms);
  const held: SharedLedgerRow = {
    docType: 'capacityReservation',
    counterId: 'pool:s',
    showtimeId: 's',
    organizationId: 'a',
    quantity: 2,
    state: 'held',
  };

  it('waits for a held reservation, however long', () => {
    expect(drainVerdict({ rows: [held], counters: [], frozenAt, now: at(10 ** 9), graceMs: 1000 })).toEqual({
      drained: false,
      held: 1,
    });
  });

  it('waits for a reserve in flight (counter reserved, no reservation yet) until the grace has passed', () => {
    const counters = [{ id: 'pool:s', reserved: 2 }];
    expect(drainVerdict({ rows: [], counters, frozenAt, now: at(999), graceMs: 1000 }).drained).toBe(false);
    expect(drainVerdict({ rows: [], counters, frozenAt, now: at(1000), graceMs: 1000 }).drained).toBe(true);
  });

  it('is drained at once when nothing is held or reserved', () => {
    const rows = [{ ...held, state: 'committed' as const }];
    expect(
      drainVerdict({ rows, counters: [{ id: 'pool:s', reserved: 0 }], frozenAt, now: at(0), graceMs: 1000 }),
    ).toEqual({ drained: true, held: 0 });
  });
});

describe('cancellation adjustments', () => {
  const row = (over: Partial<SharedLedgerRow>): SharedLedgerRow => ({
    docType: 'capacityReservation',
    counterId: 'pool:s',
    showtimeId: 's',
    organizationId: 'a',
    quantity: 1,
    state: 'committed',
    ...over,
  });

  it('gives back what each organization committed on each counter, with deterministic ids', () => {
    const plans = cancellationAdjustments('se', [
      row({ quantity: 3 }),
      row({ quantity: 2, organizationId: 'b' }),
      row({ quantity: 5, state: 'released' }),
      row({ docType: 'capacityAdjustment', kind: 'administrativeCorrection', signedDelta: -1, quantity: undefined }),
      row({ docType: 'capacityAdjustment', kind: 'externalObservation', signedDelta: 4, organizationId: 'b' }),
      row({ counterId: 'pool:t', showtimeId: 't', quantity: 1, organizationId: 'c', state: 'committed' }),
      row({ organizationId: 'd', quantity: 2 }),
      row({ docType: 'capacityAdjustment', kind: 'administrativeCorrection', signedDelta: -2, organizationId: 'd' }),
    ]);
    expect(plans).toEqual([
      {
        operationId: 'cancel:se:pool:s:a',
        counterId: 'pool:s',
        showtimeId: 's',
        organizationId: 'a',
        signedDelta: -2,
        originalQty: 2,
      },
      {
        operationId: 'cancel:se:pool:s:b',
        counterId: 'pool:s',
        showtimeId: 's',
        organizationId: 'b',
        signedDelta: -6,
        originalQty: 6,
      },
      {
        operationId: 'cancel:se:pool:t:c',
        counterId: 'pool:t',
        showtimeId: 't',
        organizationId: 'c',
        signedDelta: -1,
        originalQty: 1,
      },
    ]);
  });

  const rowArb = fc.record({
    docType: fc.constantFrom('capacityReservation' as const, 'capacityAdjustment' as const),
    counterId: fc.constantFrom('pool:s', 'pool:t'),
    organizationId: fc.constantFrom('a', 'b', 'c'),
    quantity: fc.integer({ min: 1, max: 9 }),
    state: fc.constantFrom('held' as const, 'committed' as const, 'released' as const),
    signedDelta: fc.integer({ min: -5, max: 9 }),
    kind: fc.constantFrom('administrativeCorrection', 'externalObservation', 'reconciliation'),
  });

  it('leaves every counter with committed 0 and a repeat plans the same writes (property)', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), (raw) => {
        const rows: SharedLedgerRow[] = raw.map((r) => ({ ...r, showtimeId: r.counterId.slice(5) }));
        const plans = cancellationAdjustments('se', rows);
        const after: SharedLedgerRow[] = [
          ...rows,
          ...plans.map((p) => ({
            docType: 'capacityAdjustment' as const,
            counterId: p.counterId,
            showtimeId: p.showtimeId,
            organizationId: p.organizationId,
            signedDelta: p.signedDelta,
            kind: 'wholeEventCancellation' as const,
          })),
        ];
        const reservations = after.flatMap((r) =>
          r.docType === 'capacityReservation'
            ? [{ counterId: r.counterId, quantity: r.quantity!, state: r.state! }]
            : [],
        );
        const adjustments = after.flatMap((r) =>
          r.docType === 'capacityAdjustment'
            ? [{ counterId: r.counterId, signedDelta: r.signedDelta!, kind: r.kind as AdjustmentKind }]
            : [],
        );
        for (const counterId of ['pool:s', 'pool:t']) {
          expect(recomputeCounter(counterId, reservations, adjustments).committed).toBe(0);
        }
        expect(cancellationAdjustments('se', after)).toEqual(plans);
        expect(new Set(plans.map((p) => p.operationId)).size).toBe(plans.length);
      }),
    );
  });

  it('gives back no seats for a reconciliation record (a repair of the counter, not a sale)', () => {
    const rows: SharedLedgerRow[] = [
      {
        docType: 'capacityReservation',
        counterId: 'pool:s',
        showtimeId: 's',
        organizationId: 'a',
        quantity: 2,
        state: 'committed',
      },
      // The heal's repair record on a pool counter (organizationId '').
      {
        docType: 'capacityAdjustment',
        counterId: 'pool:s',
        showtimeId: 's',
        organizationId: '',
        signedDelta: 2,
        kind: 'reconciliation',
      },
    ];
    expect(cancellationAdjustments('se', rows).map((p) => [p.organizationId, p.signedDelta])).toEqual([['a', -2]]);
  });
});
