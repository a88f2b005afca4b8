import fc from 'fast-check';
import {
  counterIdFor,
  poolCounterId,
  quotaCounterId,
  type ReservationState,
} from '../../shared/domain/shared-events/capacity/model';
import {
  adjustmentMove,
  applyMove,
  available,
  commitMove,
  nextReservationState,
  releaseMove,
  reserveMove,
  type CounterCounts,
  type LedgerAdjustment,
  type LedgerReservation,
} from '../../shared/domain/shared-events/capacity/rules';
import {
  classifyHealth,
  isQuiet,
  planReconciliation,
  recomputeCounter,
} from '../../shared/domain/shared-events/capacity/reconcile-rules';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const LATER = '2026-06-01T12:05:00.000Z';
const EARLIER = '2026-06-01T11:55:00.000Z';

describe('reservation state machine', () => {
  const at = (state: ReservationState, expiresAt = LATER) => ({ state, expiresAt });

  it('moves a live hold to committed or released', () => {
    expect(nextReservationState(at('held'), 'commit', NOW)).toEqual({ outcome: 'moved', state: 'committed' });
    expect(nextReservationState(at('held'), 'release', NOW)).toEqual({ outcome: 'moved', state: 'released' });
  });

  it('lets the timer release only an expired hold', () => {
    expect(nextReservationState(at('held', EARLIER), 'expire', NOW)).toEqual({ outcome: 'moved', state: 'released' });
    expect(nextReservationState(at('held', NOW.toISOString()), 'expire', NOW).outcome).toBe('moved');
    expect(nextReservationState(at('held'), 'expire', NOW)).toMatchObject({
      outcome: 'refused',
      reason: 'NOT_EXPIRED',
    });
  });

  it('commits a lapsed hold the timer has not released yet, refuses a released one and releasing a committed one', () => {
    expect(nextReservationState(at('held', EARLIER), 'commit', NOW)).toEqual({ outcome: 'moved', state: 'committed' });
    expect(nextReservationState(at('released'), 'commit', NOW)).toMatchObject({ outcome: 'refused' });
    expect(nextReservationState(at('committed'), 'release', NOW)).toMatchObject({
      outcome: 'refused',
      reason: 'RESERVATION_COMMITTED',
    });
  });

  it('treats repeats as no-ops', () => {
    expect(nextReservationState(at('committed'), 'commit', NOW)).toEqual({ outcome: 'unchanged', state: 'committed' });
    expect(nextReservationState(at('released'), 'release', NOW)).toEqual({ outcome: 'unchanged', state: 'released' });
    expect(nextReservationState(at('released', EARLIER), 'expire', NOW).outcome).toBe('unchanged');
    expect(nextReservationState(at('committed', EARLIER), 'expire', NOW).outcome).toBe('unchanged');
  });
});

describe('counter arithmetic', () => {
  const c = (capacity: number, reserved: number, committed: number): CounterCounts => ({
    capacity,
    reserved,
    committed,
  });

  it('reserves only within capacity', () => {
    expect(applyMove(c(10, 3, 5), reserveMove(2))).toEqual(c(10, 5, 5));
    expect(applyMove(c(10, 3, 5), reserveMove(3))).toBeUndefined();
    expect(reserveMove(2).condition).toBe("c.health != 'retired' AND c.reserved + c.committed + 2 <= c.capacity");
    expect(applyMove({ ...c(10, 0, 0), health: 'retired' }, reserveMove(1))).toBeUndefined();
  });

  it('commits and releases out of reserved, never below zero', () => {
    expect(applyMove(c(10, 3, 5), commitMove(2))).toEqual(c(10, 1, 7));
    expect(applyMove(c(10, 3, 5), releaseMove(3))).toEqual(c(10, 0, 5));
    expect(applyMove(c(10, 1, 5), releaseMove(2))).toBeUndefined();
    expect(applyMove(c(10, 1, 5), commitMove(2))).toBeUndefined();
  });

  it('applies adjustments unconditionally, even past capacity', () => {
    expect(applyMove(c(10, 0, 9), adjustmentMove(4))).toEqual(c(10, 0, 13));
    expect(adjustmentMove(4).condition).toBeUndefined();
    expect(applyMove(c(10, 0, 9), adjustmentMove(-9))).toEqual(c(10, 0, 0));
    expect(available(c(10, 0, 13))).toBe(0);
  });

  it('rejects quantities that are not positive integers', () => {
    expect(() => reserveMove(0)).toThrow();
    expect(() => commitMove(1.5)).toThrow();
    expect(() => adjustmentMove(0.5)).toThrow();
  });

  it('names counters by policy', () => {
    expect(counterIdFor('pool', 'org1', 'st1')).toBe('pool:st1');
    expect(counterIdFor('quota', 'org1', 'st1')).toBe('quota:org1:st1');
  });
});

describe('ledger recomputation and health', () => {
  const reservations: LedgerReservation[] = [
    { counterId: 'pool:a', quantity: 2, state: 'held' },
    { counterId: 'pool:a', quantity: 3, state: 'committed' },
    { counterId: 'pool:a', quantity: 7, state: 'released' },
    { counterId: 'pool:b', quantity: 5, state: 'committed' },
  ];
  const adjustments: LedgerAdjustment[] = [
    { counterId: 'pool:a', signedDelta: -1 },
    { counterId: 'pool:b', signedDelta: 4 },
  ];

  it('sums held into reserved and committed plus adjustments into committed, per counter', () => {
    expect(recomputeCounter('pool:a', reservations, adjustments)).toEqual({ reserved: 2, committed: 2 });
    expect(recomputeCounter('pool:b', reservations, adjustments)).toEqual({ reserved: 0, committed: 9 });
    expect(recomputeCounter('pool:c', reservations, adjustments)).toEqual({ reserved: 0, committed: 0 });
  });

  it('classifies ok, reconciling, overbooked and keeps retired', () => {
    const counter = { capacity: 10, reserved: 2, committed: 2 };
    expect(classifyHealth(counter, { reserved: 2, committed: 2 })).toBe('ok');
    expect(classifyHealth(counter, { reserved: 0, committed: 2 })).toBe('reconciling');
    expect(classifyHealth({ ...counter, committed: 11 }, { reserved: 2, committed: 11 })).toBe('overbooked');
    expect(classifyHealth(counter, { reserved: 0, committed: 11 })).toBe('overbooked');
    expect(classifyHealth({ ...counter, health: 'retired' }, { reserved: 9, committed: 99 })).toBe('retired');
  });
});

/**
 * Model-based: random interleavings of reserve, commit, release, expire and adjust carried out with the engine's
 * own rules (state machine first, then the counter move, as engine.ts does) in pool and in quota mode.
 */
type Command =
  | { kind: 'reserve'; org: number; showtime: number; quantity: number; ttl: number }
  | { kind: 'commit' | 'release'; pick: number }
  | { kind: 'tick'; ms: number }
  | { kind: 'adjust'; org: number; showtime: number; delta: number };

const ORGS = ['a', 'b', 'c'];
const SHOWTIMES = ['s1', 's2'];

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('reserve' as const),
    org: fc.nat(2),
    showtime: fc.nat(1),
    quantity: fc.integer({ min: 1, max: 4 }),
    ttl: fc.integer({ min: 1, max: 5 }),
  }),
  fc.record({ kind: fc.constantFrom('commit' as const, 'release' as const), pick: fc.nat(50) }),
  fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    kind: fc.constant('adjust' as const),
    org: fc.nat(2),
    showtime: fc.nat(1),
    delta: fc.integer({ min: -3, max: 3 }).filter((d) => d !== 0),
  }),
);

function run(policy: 'pool' | 'quota', capacities: number[], commands: Command[], withAdjustments: boolean) {
  const counters = new Map<string, CounterCounts>();
  for (const [s, showtime] of SHOWTIMES.entries()) {
    if (policy === 'pool')
      counters.set(poolCounterId(showtime), { capacity: capacities[s], reserved: 0, committed: 0 });
    else
      ORGS.forEach((org, o) =>
        counters.set(quotaCounterId(org, showtime), { capacity: capacities[2 + o], reserved: 0, committed: 0 }),
      );
  }
  const reservations: (LedgerReservation & { expiresAt: string })[] = [];
  const adjustments: LedgerAdjustment[] = [];
  const raised = new Map<string, number>(); // Σ positive adjustments per counter
  let clock = NOW.getTime();

  const settle = (index: number, action: 'commit' | 'release' | 'expire') => {
    const reservation = reservations[index];
    const next = nextReservationState(reservation, action, new Date(clock));
    if (next.outcome !== 'moved') return;
    const move = next.state === 'committed' ? commitMove(reservation.quantity) : releaseMove(reservation.quantity);
    const after = applyMove(counters.get(reservation.counterId)!, move);
    expect(after).toBeDefined(); // a recorded hold always has its seats in `reserved`
    reservation.state = next.state;
    counters.set(reservation.counterId, after!);
  };

  for (const cmd of commands) {
    if (cmd.kind === 'reserve') {
      const id = counterIdFor(policy, ORGS[cmd.org], SHOWTIMES[cmd.showtime]);
      const after = applyMove(counters.get(id)!, reserveMove(cmd.quantity));
      if (after) {
        counters.set(id, after);
        const expiresAt = new Date(clock + cmd.ttl).toISOString();
        reservations.push({ counterId: id, quantity: cmd.quantity, state: 'held', expiresAt });
      }
    } else if (cmd.kind === 'commit' || cmd.kind === 'release') {
      if (reservations.length > 0) settle(cmd.pick % reservations.length, cmd.kind);
    } else if (cmd.kind === 'tick') {
      clock += cmd.ms;
      reservations.forEach((_, i) => settle(i, 'expire')); // the timer
    } else if (cmd.kind === 'adjust' && withAdjustments) {
      const id = counterIdFor(policy, ORGS[cmd.org], SHOWTIMES[cmd.showtime]);
      counters.set(id, applyMove(counters.get(id)!, adjustmentMove(cmd.delta))!);
      adjustments.push({ counterId: id, signedDelta: cmd.delta });
      if (cmd.delta > 0) raised.set(id, (raised.get(id) ?? 0) + cmd.delta);
    }

    for (const [id, counter] of counters) {
      expect(counter.reserved).toBeGreaterThanOrEqual(0);
      // adjustments aside: only an adjustment can take a counter past its capacity
      expect(counter.reserved + counter.committed).toBeLessThanOrEqual(counter.capacity + (raised.get(id) ?? 0));
      expect(recomputeCounter(id, reservations, adjustments)).toEqual({
        reserved: counter.reserved,
        committed: counter.committed,
      });
      expect(classifyHealth(counter, counter)).toBe(counter.committed > counter.capacity ? 'overbooked' : 'ok');
    }
  }
  return counters;
}

describe('capacity engine model (fast-check)', () => {
  const capacities = fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 5, maxLength: 5 });
  const commands = fc.array(command, { maxLength: 80 });

  for (const policy of ['pool', 'quota'] as const) {
    it(`${policy} mode: reserved + committed never exceeds capacity and counters equal the ledger`, () => {
      fc.assert(
        fc.property(capacities, commands, (caps, cmds) => {
          const counters = run(policy, caps, cmds, false);
          for (const counter of counters.values())
            expect(counter.reserved + counter.committed).toBeLessThanOrEqual(counter.capacity);
        }),
        { numRuns: 300 },
      );
    });

    it(`${policy} mode with adjustments: counters still equal the ledger, only adjustments overbook`, () => {
      fc.assert(
        fc.property(capacities, commands, (caps, cmds) => {
          run(policy, caps, cmds, true);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('quota mode holds each organization to its own quota', () => {
    fc.assert(
      fc.property(capacities, commands, (caps, cmds) => {
        const counters = run('quota', caps, cmds, false);
        ORGS.forEach((org, o) => {
          for (const showtime of SHOWTIMES) {
            const counter = counters.get(quotaCounterId(org, showtime))!;
            expect(counter.capacity).toBe(caps[2 + o]);
            expect(counter.reserved + counter.committed).toBeLessThanOrEqual(caps[2 + o]);
          }
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('reconciliation rules', () => {
  const base = { capacity: 10, reserved: 2, committed: 5, health: 'ok' as const };

  it('leaves reconciliation records out of the recount (they record repairs, the ledger is the truth)', () => {
    const adjustments: LedgerAdjustment[] = [
      { counterId: 'pool:a', signedDelta: 3, kind: 'externalObservation' },
      { counterId: 'pool:a', signedDelta: -2, kind: 'administrativeCorrection' },
      { counterId: 'pool:a', signedDelta: 40, kind: 'reconciliation' },
    ];
    expect(recomputeCounter('pool:a', [], adjustments)).toEqual({ reserved: 0, committed: 1 });
  });

  it('calls a counter quiet only when it and its ledger have been still for the whole period', () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    expect(isQuiet(['2026-06-01T11:54:59.000Z'], now, 5 * 60_000)).toBe(true);
    expect(isQuiet(['2026-06-01T11:55:00.000Z'], now, 5 * 60_000)).toBe(true);
    expect(isQuiet(['2026-06-01T11:50:00.000Z', '2026-06-01T11:59:00.000Z'], now, 5 * 60_000)).toBe(false);
    expect(isQuiet(['2026-06-01T11:50:00.000Z', undefined], now, 5 * 60_000)).toBe(true);
    expect(isQuiet(['2020-01-01T00:00:00.000Z'], now, Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('repairs a quiet drifted counter to its ledger and only marks one that is not quiet', () => {
    expect(planReconciliation(base, { reserved: 0, committed: 6 }, true)).toEqual({
      action: 'repair',
      health: 'ok',
      reservedDelta: -2,
      committedDelta: 1,
    });
    expect(planReconciliation(base, { reserved: 0, committed: 6 }, false)).toEqual({
      action: 'mark',
      health: 'reconciling',
    });
    expect(planReconciliation({ ...base, health: 'reconciling' }, { reserved: 0, committed: 6 }, false)).toEqual({
      action: 'none',
      health: 'reconciling',
    });
    expect(planReconciliation({ ...base, health: 'reconciling' }, { reserved: 2, committed: 5 }, false)).toEqual({
      action: 'mark',
      health: 'ok',
    });
  });

  it('marks overbooked (never repairs the ledger) and keeps it until the ledger fits again', () => {
    expect(planReconciliation(base, { reserved: 2, committed: 12 }, true)).toEqual({
      action: 'repair',
      health: 'overbooked',
      reservedDelta: 0,
      committedDelta: 7,
    });
    const over = { ...base, committed: 12, health: 'overbooked' as const };
    expect(planReconciliation(over, { reserved: 2, committed: 12 }, true)).toEqual({
      action: 'none',
      health: 'overbooked',
    });
    expect(planReconciliation({ ...over, capacity: 20 }, { reserved: 2, committed: 12 }, true)).toEqual({
      action: 'mark',
      health: 'ok',
    });
  });

  it('never touches a retired counter', () => {
    expect(planReconciliation({ ...base, health: 'retired' }, { reserved: 0, committed: 99 }, true)).toEqual({
      action: 'none',
      health: 'retired',
    });
  });

  const health = fc.constantFrom('ok', 'reconciling', 'overbooked', 'retired') as fc.Arbitrary<
    'ok' | 'reconciling' | 'overbooked' | 'retired'
  >;
  const counts = fc.record({ reserved: fc.integer({ min: 0, max: 20 }), committed: fc.integer({ min: -5, max: 30 }) });

  it('any plan (fast-check): a repair lands exactly on the ledger, marks never move counts, retired stays', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 25 }),
        counts,
        health,
        counts,
        fc.boolean(),
        (capacity, c, h, ledger, q) => {
          const counter = { capacity, ...c, health: h };
          const plan = planReconciliation(counter, ledger, q);
          const drifted = c.reserved !== ledger.reserved || c.committed !== ledger.committed;
          if (h === 'retired') {
            expect(plan).toEqual({ action: 'none', health: 'retired' });
            return;
          }
          expect(plan.health).not.toBe('retired');
          if (plan.action === 'repair') {
            expect(q && drifted).toBe(true);
            const after = {
              ...counter,
              reserved: c.reserved + plan.reservedDelta,
              committed: c.committed + plan.committedDelta,
              health: plan.health,
            };
            expect({ reserved: after.reserved, committed: after.committed }).toEqual(ledger);
            expect(plan.health).toBe(ledger.committed > capacity ? 'overbooked' : 'ok');
            // a second pass over the repaired counter has nothing left to do
            expect(planReconciliation(after, ledger, true)).toEqual({ action: 'none', health: plan.health });
          } else {
            expect(q && drifted).toBe(false);
            if (drifted) expect(['reconciling', 'overbooked']).toContain(plan.health);
            else expect(plan.health).toBe(ledger.committed > capacity ? 'overbooked' : 'ok');
            expect(plan.action === 'none').toBe(plan.health === h);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
