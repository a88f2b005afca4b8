import fc from 'fast-check';
import { toCapacityView } from '../../shared/domain/shared-events/capacity/admin/mapper';
import {
  capacityGuard,
  committedByOrganization,
  duplicateOrganization,
  limitViolations,
  mergeQuotas,
  overages,
  quotaSumViolations,
  unknownShowtimes,
} from '../../shared/domain/shared-events/capacity/admin/rules';
import {
  seatMoveOperationId,
  transitionMarkerBlocks,
  transitionMoves,
  withoutSeatMovesOf,
} from '../../shared/domain/shared-events/capacity/admin/transition-rules';
import { counterPolicy } from '../../shared/domain/shared-events/capacity/model';
import { type SharedLedgerRow } from '../../shared/domain/shared-events/capacity/model';
import type { SharedEventDoc, SharedEventParticipantDoc } from '../../shared/domain/shared-events/model';
import type { SharedCapacityCounterDoc } from '../../shared/domain/shared-events/capacity/model';

const ORGS = ['orgA', 'orgB', 'orgC'];
const SHOWTIMES = ['s1', 's2'];
const counterOf = (policy: 'pool' | 'quota', org: string, showtime: string) =>
  policy === 'pool' ? `pool:${showtime}` : `quota:${org}:${showtime}`;

const reservation = (
  org: string,
  showtime: string,
  quantity: number,
  state: 'held' | 'committed' | 'released',
  policy: 'pool' | 'quota' = 'pool',
): SharedLedgerRow => ({
  docType: 'capacityReservation',
  counterId: counterOf(policy, org, showtime),
  organizationId: org,
  showtimeId: showtime,
  quantity,
  state,
});

describe('committed per organization and showtime', () => {
  it('counts committed reservations and adjustments over every counter, never holds, releases or repair records', () => {
    const entries: SharedLedgerRow[] = [
      reservation('orgA', 's1', 3, 'committed'),
      reservation('orgA', 's1', 2, 'held'),
      reservation('orgA', 's1', 4, 'released'),
      {
        docType: 'capacityAdjustment',
        counterId: 'pool:s1',
        organizationId: 'orgA',
        showtimeId: 's1',
        signedDelta: -1,
      },
      reservation('orgA', 's1', 5, 'committed', 'quota'),
      reservation('orgB', 's1', 1, 'committed'),
      // The heal's record of a counter repair: no seats sold or given back.
      {
        docType: 'capacityAdjustment',
        counterId: 'pool:s1',
        organizationId: 'orgA',
        showtimeId: 's1',
        signedDelta: 3,
        kind: 'reconciliation',
      },
    ];
    expect(committedByOrganization(entries)).toEqual([
      { organizationId: 'orgA', showtimeId: 's1', committed: 7 },
      { organizationId: 'orgB', showtimeId: 's1', committed: 1 },
    ]);
  });
});

describe('limit violations', () => {
  const committed = [
    { organizationId: 'orgA', showtimeId: 's1', committed: 4 },
    { organizationId: 'orgB', showtimeId: 's1', committed: 6 },
    { organizationId: 'orgB', showtimeId: 's2', committed: 1 },
  ];
  it('pool: the showtime total against perShowtime', () => {
    expect(limitViolations('pool', { perShowtime: 10, quotas: {} }, committed)).toEqual([]);
    expect(limitViolations('pool', { perShowtime: 9, quotas: {} }, committed)).toEqual([
      { showtimeId: 's1', committed: 10, limit: 9 },
    ]);
  });
  it('quota: each organization against its own quota (none is 0)', () => {
    const quotas = { orgA: { s1: 4 }, orgB: { s1: 5, s2: 1 } };
    expect(limitViolations('quota', { quotas }, committed)).toEqual([
      { showtimeId: 's1', organizationId: 'orgB', committed: 6, limit: 5 },
    ]);
    expect(limitViolations('quota', { quotas: {} }, committed)).toHaveLength(3);
  });
  it('quota sums within the pool ceiling, only when there is one', () => {
    const quotas = { orgA: { s1: 20 }, orgB: { s1: 11, s2: 3 } };
    expect(quotaSumViolations(30, quotas, SHOWTIMES)).toEqual([{ showtimeId: 's1', quotaSum: 31, capacity: 30 }]);
    expect(quotaSumViolations(undefined, quotas, SHOWTIMES)).toEqual([]);
  });
});

describe('small rules', () => {
  it('merges quotas, finds unknown showtimes and duplicate organizations', () => {
    expect(mergeQuotas({ s1: 1, s2: 2 }, { s2: 5 })).toEqual({ s1: 1, s2: 5 });
    expect(mergeQuotas(undefined, { s1: 0 })).toEqual({ s1: 0 });
    expect(unknownShowtimes({ s1: 1, x: 2 }, SHOWTIMES)).toEqual(['x']);
    expect(duplicateOrganization([{ organizationId: 'a' }, { organizationId: 'b' }, { organizationId: 'a' }])).toBe(
      'a',
    );
    expect(duplicateOrganization([{ organizationId: 'a' }])).toBeUndefined();
  });
  it('names the counters whose new capacity is below reserved + committed', () => {
    const counters = [
      { id: 'pool:s1', showtimeId: 's1', reserved: 1, committed: 4 },
      { id: 'pool:s2', showtimeId: 's2', reserved: 0, committed: 5 },
    ];
    expect(overages(counters, () => 5)).toEqual([]);
    expect(overages(counters, () => 4)).toEqual([
      { counterId: 'pool:s1', showtimeId: 's1', capacity: 4, reserved: 1, committed: 4 },
      { counterId: 'pool:s2', showtimeId: 's2', capacity: 4, reserved: 0, committed: 5 },
    ]);
    expect(overages(counters, (id) => (id === 'pool:s2' ? 4 : undefined))).toHaveLength(1);
  });
  it('guards a capacity set with lower-case numeric fields only, and refuses a nonsense capacity', () => {
    expect(capacityGuard(7)).toBe('c.reserved + c.committed <= 7');
    expect(() => capacityGuard(-1)).toThrow();
    expect(() => capacityGuard(1.5)).toThrow();
  });
  it('seat move operation ids are deterministic per transition, counter and organization', () => {
    const id = seatMoveOperationId('op1', { counterId: 'pool:s1', organizationId: 'orgA' });
    expect(id).toBe('policy:op1:pool:s1:orgA');
    expect(counterPolicy('pool:s1')).toBe('pool');
    expect(counterPolicy('quota:orgA:s1')).toBe('quota');
  });
  it('a transition marker blocks others until it is stale; its own operation passes', () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    const marker = { operation: 'a', startedAt: '2026-06-01T11:59:30.000Z' };
    expect(transitionMarkerBlocks(marker, 'b', now)).toBe(true);
    expect(transitionMarkerBlocks(marker, 'a', now)).toBe(false);
    expect(transitionMarkerBlocks(undefined, 'b', now)).toBe(false);
    expect(transitionMarkerBlocks({ operation: 'a', startedAt: '2026-06-01T11:50:00.000Z' }, 'b', now)).toBe(false);
  });
});

/** Applies seat moves as the engine records them: adjustments appended to the ledger. */
const withMoves = (entries: SharedLedgerRow[], target: 'pool' | 'quota') => [
  ...entries,
  ...transitionMoves(target, entries).map((m): SharedLedgerRow => ({
    docType: 'capacityAdjustment',
    counterId: m.counterId,
    organizationId: m.organizationId,
    showtimeId: m.showtimeId,
    signedDelta: m.signedDelta,
  })),
];

const committedOn = (entries: SharedLedgerRow[], counterId: string, org: string) =>
  entries
    .filter((e) => e.counterId === counterId && e.organizationId === org)
    .reduce(
      (n, e) =>
        n +
        (e.docType === 'capacityAdjustment' ? (e.signedDelta ?? 0) : e.state === 'committed' ? (e.quantity ?? 0) : 0),
      0,
    );

describe('transition seat moves (property-based)', () => {
  const entry = fc.record({
    org: fc.constantFrom(...ORGS),
    showtime: fc.constantFrom(...SHOWTIMES),
    quantity: fc.integer({ min: 1, max: 5 }),
    state: fc.constantFrom('held' as const, 'committed' as const, 'released' as const),
    policy: fc.constantFrom('pool' as const, 'quota' as const),
  });
  const ledger = fc
    .array(entry, { maxLength: 40 })
    .map((rows) => rows.map((r) => reservation(r.org, r.showtime, r.quantity, r.state, r.policy)));

  it('drain every counter of the other policy, fill the target counters, keep each organization’s sales', () => {
    fc.assert(
      fc.property(ledger, fc.constantFrom('pool' as const, 'quota' as const), (entries, target) => {
        const after = withMoves(entries, target);
        const before = committedByOrganization(entries);
        expect(
          committedByOrganization(after)
            .filter((r) => r.committed !== 0)
            .sort((a, b) => `${a.organizationId}${a.showtimeId}`.localeCompare(`${b.organizationId}${b.showtimeId}`)),
        ).toEqual(
          before
            .filter((r) => r.committed !== 0)
            .sort((a, b) => `${a.organizationId}${a.showtimeId}`.localeCompare(`${b.organizationId}${b.showtimeId}`)),
        );
        for (const org of ORGS) {
          for (const showtime of SHOWTIMES) {
            const other = target === 'pool' ? 'quota' : 'pool';
            expect(committedOn(after, counterOf(other, org, showtime), org)).toBe(0);
            const total = before.find((r) => r.organizationId === org && r.showtimeId === showtime)?.committed ?? 0;
            expect(committedOn(after, counterOf(target, org, showtime), org)).toBe(total);
          }
        }
      }),
    );
  });

  it('is idempotent: a repeat after the moves landed has nothing left to move', () => {
    fc.assert(
      fc.property(ledger, fc.constantFrom('pool' as const, 'quota' as const), (entries, target) => {
        expect(transitionMoves(target, withMoves(entries, target))).toEqual([]);
      }),
    );
  });

  it('an interrupted transition, continued from the ledger without its own moves, computes the same moves', () => {
    fc.assert(
      fc.property(ledger, fc.constantFrom('pool' as const, 'quota' as const), fc.nat(), (entries, target, cut) => {
        const moves = transitionMoves(target, entries);
        const landed = moves.slice(0, moves.length === 0 ? 0 : cut % moves.length).map((m): SharedLedgerRow => ({
          docType: 'capacityAdjustment',
          counterId: m.counterId,
          organizationId: m.organizationId,
          showtimeId: m.showtimeId,
          signedDelta: m.signedDelta,
          operationId: seatMoveOperationId('op1', m),
        }));
        const partial = [...entries, ...landed];
        expect(transitionMoves(target, withoutSeatMovesOf(partial, 'op1'))).toEqual(moves);
        // Another operation's moves are part of the ledger like any adjustment.
        expect(withoutSeatMovesOf(partial, 'op2')).toHaveLength(partial.length);
      }),
    );
  });

  it('a round trip pool → quota → pool leaves every organization’s seats on the pool counters', () => {
    fc.assert(
      fc.property(ledger, (entries) => {
        const round = withMoves(withMoves(entries, 'quota'), 'pool');
        for (const showtime of SHOWTIMES) {
          const total = committedByOrganization(entries)
            .filter((r) => r.showtimeId === showtime)
            .reduce((n, r) => n + r.committed, 0);
          const onPool = ORGS.reduce((n, org) => n + committedOn(round, `pool:${showtime}`, org), 0);
          expect(onPool).toBe(total);
        }
      }),
    );
  });
});

describe('capacity view', () => {
  const head = {
    sharedEventId: 'se1',
    capacityPolicy: 'quota',
    sharedCapacity: { perShowtime: 30 },
    showtimes: [
      { showtimeId: 's1', dateTime: '2027-01-01T10:00:00.000Z' },
      { showtimeId: 's2', dateTime: '2027-01-02T10:00:00.000Z' },
    ],
  } as unknown as SharedEventDoc;
  const roster = [
    { organizationId: 'orgB', status: 'active', quotaByShowtime: { s1: 10 } },
    { organizationId: 'orgA', status: 'active', quotaByShowtime: { s1: 5, s2: 2 } },
    { organizationId: 'orgX', status: 'declined' },
  ] as unknown as SharedEventParticipantDoc[];
  const counters = [
    { id: 'quota:orgA:s1', showtimeId: 's1', capacity: 5, reserved: 1, committed: 3, health: 'ok' },
    { id: 'quota:orgB:s1', showtimeId: 's1', capacity: 10, reserved: 0, committed: 12, health: 'overbooked' },
  ] as unknown as SharedCapacityCounterDoc[];

  it('sums organizations into the showtime line; missing counters read as their quota; worst health wins', () => {
    const view = toCapacityView({ head, roster, counters, visibleOrganization: 'all' });
    expect(view.capacityPolicy).toBe('quota');
    expect(view.fenceState).toBe('open');
    expect(view.showtimes).toEqual([
      { showtimeId: 's1', capacity: 15, reserved: 1, committed: 15, available: 1, health: 'overbooked' },
      { showtimeId: 's2', capacity: 2, reserved: 0, committed: 0, available: 2, health: 'ok' },
    ]);
    expect(view.organizations?.map((o) => o.organizationId)).toEqual(['orgA', 'orgB']);
  });

  it("a plain participant's view keeps only its own organization's line", () => {
    const view = toCapacityView({ head, roster, counters, visibleOrganization: 'orgB' });
    expect(view.organizations?.map((o) => o.organizationId)).toEqual(['orgB']);
    expect(view.showtimes[0].capacity).toBe(15);
  });

  it('pool mode: one line per showtime from the pool counter or the head', () => {
    const view = toCapacityView({
      head: { ...head, capacityPolicy: 'pool' },
      roster,
      counters: [
        { id: 'pool:s2', showtimeId: 's2', capacity: 30, reserved: 2, committed: 3, health: 'ok' },
      ] as unknown as SharedCapacityCounterDoc[],
      fence: { state: 'open', capacityPolicy: 'pool' },
      visibleOrganization: 'all',
    });
    expect(view.organizations).toBeUndefined();
    expect(view.showtimes.map((s) => [s.capacity, s.available])).toEqual([
      [30, 30],
      [30, 25],
    ]);
  });
});
