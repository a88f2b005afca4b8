import {
  adjust,
  checkCounters,
  releaseExpired,
  reserve,
  settle,
} from '../../shared/domain/shared-events/capacity/engine';
import {
  poolCounterId,
  quotaCounterId,
  type SharedCapacityCounterDoc,
} from '../../shared/domain/shared-events/capacity/model';
import {
  ensureCounter,
  ensureFence,
  expiredHeldReservations,
  ledgerRows,
  moveCounter,
  readCounter,
  readFence,
  replaceFence,
} from '../../shared/domain/shared-events/capacity/repo';
import { recomputeCounter } from '../../shared/domain/shared-events/capacity/reconcile-rules';
import { reserveMove } from '../../shared/domain/shared-events/capacity/rules';
import { randomUUID } from 'node:crypto';
import { TestHost } from '../helpers/harness';

/** The Shared Event capacity engine on the embedded store through the real SDK (no routes yet). */
let api: TestHost;
beforeAll(async () => {
  api = await TestHost.start();
});
afterAll(() => api.close());

const NOW = '2026-01-01T00:00:00.000Z';
/**
 * Showtime ids are UUIDs (as create.ts makes them), so counter ids are unique across Shared Events: the embedded
 * store evaluates a patch condition against every document with the id, in any partition (see repo.ts).
 */
let s1 = '';
beforeEach(() => {
  s1 = randomUUID();
});

const counter = (
  sharedEventId: string,
  id: string,
  capacity: number,
  organizationId?: string,
): SharedCapacityCounterDoc => ({
  id,
  docType: 'sharedCapacityCounter',
  sharedEventId,
  showtimeId: s1,
  ...(organizationId ? { organizationId } : {}),
  capacity,
  reserved: 0,
  committed: 0,
  health: 'ok',
  schemaVersion: 1,
  updatedAt: NOW,
});

async function ledgerOf(sharedEventId: string, counterId: string) {
  const rows = await ledgerRows(sharedEventId);
  return recomputeCounter(
    counterId,
    rows.flatMap((r) =>
      r.docType === 'capacityReservation' ? [{ counterId: r.counterId, quantity: r.quantity!, state: r.state! }] : [],
    ),
    rows.flatMap((r) =>
      r.docType === 'capacityAdjustment' ? [{ counterId: r.counterId, signedDelta: r.signedDelta! }] : [],
    ),
  );
}

const sale = (sharedEventId: string, counterId: string, organizationId: string, operationId: string) =>
  reserve({ sharedEventId, counterId, showtimeId: s1, organizationId, quantity: 1, operationId, holdMs: 60_000 }).then(
    () => settle(sharedEventId, operationId, 'commit'),
  );

describe('Shared Event capacity engine', () => {
  it('60 parallel reserve+commit of 1 seat against a pool of 30: exactly 30 committed, counter = ledger', async () => {
    const se = 'se-pool-60';
    const id = poolCounterId(s1);
    await ensureCounter(counter(se, id, 30));
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => sale(se, id, `org-${i % 3}`, `op-${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(30);
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'CAPACITY_EXCEEDED' });
    const stored = await readCounter(se, id);
    expect(stored).toMatchObject({ capacity: 30, reserved: 0, committed: 30, health: 'ok' });
    expect(await ledgerOf(se, id)).toEqual({ reserved: 0, committed: 30 });
    expect(await checkCounters(se)).toEqual([expect.objectContaining({ ledger: { reserved: 0, committed: 30 } })]);
  });

  it('holds each organization to its own quota counter', async () => {
    const se = 'se-quota';
    await ensureCounter(counter(se, quotaCounterId('a', s1), 5, 'a'));
    await ensureCounter(counter(se, quotaCounterId('b', s1), 2, 'b'));
    const results = await Promise.allSettled([
      ...Array.from({ length: 10 }, (_, i) => sale(se, quotaCounterId('a', s1), 'a', `a-${i}`)),
      ...Array.from({ length: 10 }, (_, i) => sale(se, quotaCounterId('b', s1), 'b', `b-${i}`)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    expect(await readCounter(se, quotaCounterId('a', s1))).toMatchObject({ committed: 5, reserved: 0 });
    expect(await readCounter(se, quotaCounterId('b', s1))).toMatchObject({ committed: 2, reserved: 0 });
  });

  it('a retried reserve with the same operationId does not take twice; commit and release repeat safely', async () => {
    const se = 'se-idem';
    const id = poolCounterId(s1);
    await ensureCounter(counter(se, id, 10));
    const request = {
      sharedEventId: se,
      counterId: id,
      showtimeId: s1,
      organizationId: 'a',
      quantity: 3,
      operationId: 'op',
      holdMs: 60_000,
    };
    const [first, second] = await Promise.all([reserve(request), reserve(request)]);
    expect(first.id).toBe('reservation:op');
    expect(second.id).toBe('reservation:op');
    expect(await readCounter(se, id)).toMatchObject({ reserved: 3, committed: 0 });
    await settle(se, 'op', 'commit');
    await settle(se, 'op', 'commit');
    expect(await readCounter(se, id)).toMatchObject({ reserved: 0, committed: 3 });
    await expect(settle(se, 'op', 'release')).rejects.toMatchObject({ code: 'CONFLICT' });
    await reserve({ ...request, operationId: 'op2', quantity: 2 });
    await settle(se, 'op2', 'release');
    await settle(se, 'op2', 'release');
    expect(await readCounter(se, id)).toMatchObject({ reserved: 0, committed: 3 });
  });

  it('the timer releases expired holds only, and the seats come back', async () => {
    const se = 'se-expire';
    const id = poolCounterId(s1);
    await ensureCounter(counter(se, id, 4));
    const base = { sharedEventId: se, counterId: id, showtimeId: s1, organizationId: 'a', quantity: 2 };
    await reserve({ ...base, operationId: 'old', holdMs: 1_000, now: new Date('2026-01-01T00:00:00Z') });
    await reserve({ ...base, operationId: 'fresh', holdMs: 60 * 60_000 });
    await expect(reserve({ ...base, operationId: 'third', holdMs: 1_000, quantity: 1 })).rejects.toMatchObject({
      code: 'CAPACITY_EXCEEDED',
    });
    expect((await expiredHeldReservations(se, new Date().toISOString())).map((r) => r.id)).toEqual(['reservation:old']);
    expect(await releaseExpired(se)).toEqual({ released: 1, committed: 0 });
    expect(await releaseExpired(se)).toEqual({ released: 0, committed: 0 });
    expect(await readCounter(se, id)).toMatchObject({ reserved: 2, committed: 0 });
    await expect(settle(se, 'old', 'commit')).rejects.toMatchObject({ code: 'CAPACITY_EXCEEDED' });
    await reserve({ ...base, operationId: 'third', holdMs: 1_000 });
    expect(await readCounter(se, id)).toMatchObject({ reserved: 4 });
  });

  it('a lapsed hold racing the timer: exactly one of commit and release wins, the counter equals the ledger', async () => {
    const se = 'se-race';
    const id = poolCounterId(s1);
    await ensureCounter(counter(se, id, 50));
    const past = new Date('2026-01-01T00:00:00Z');
    const ops = Array.from({ length: 10 }, (_, i) => `lapsed-${i}`);
    for (const operationId of ops)
      await reserve({
        sharedEventId: se,
        counterId: id,
        showtimeId: s1,
        organizationId: 'a',
        quantity: 2,
        operationId,
        holdMs: 1,
        now: past,
      });
    const commits = await Promise.allSettled([...ops.map((op) => settle(se, op, 'commit')), releaseExpired(se)]);
    const committed = commits.slice(0, 10).filter((r) => r.status === 'fulfilled').length;
    for (const r of commits.slice(0, 10))
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CAPACITY_EXCEEDED' });
    expect(commits[10]).toMatchObject({ status: 'fulfilled', value: { released: 10 - committed, committed: 0 } });
    expect(await readCounter(se, id)).toMatchObject({ reserved: 0, committed: 2 * committed });
    expect(await ledgerOf(se, id)).toEqual({ reserved: 0, committed: 2 * committed });
  });

  it('a cancelling fence freezes new reservations at once', async () => {
    const se = 'se-fence';
    const id = poolCounterId(s1);
    await ensureCounter(counter(se, id, 10));
    const { doc: fence, created } = await ensureFence(se, NOW, 'pool');
    expect(created).toBe(true);
    expect((await ensureFence(se, NOW, 'pool', 'cancelling')).created).toBe(false);
    await replaceFence({ ...fence, state: 'cancelling' }, fence._etag);
    await expect(
      reserve({
        sharedEventId: se,
        counterId: id,
        showtimeId: s1,
        organizationId: 'a',
        quantity: 1,
        operationId: 'x',
        holdMs: 1000,
      }),
    ).rejects.toMatchObject({ code: 'CAPACITY_EXCEEDED' });
    expect(await readFence(se)).toMatchObject({ state: 'cancelling' });
    expect(await readCounter(se, id)).toMatchObject({ reserved: 0 });
  });

  it('adjustments are recorded once, may overbook, and drift is marked reconciling', async () => {
    const se = 'se-adjust';
    const id = poolCounterId(s1);
    await ensureCounter(counter(se, id, 2));
    const adjustment = {
      sharedEventId: se,
      operationId: 'ext-1',
      showtimeId: s1,
      organizationId: 'a',
      counterId: id,
      kind: 'externalObservation' as const,
      signedDelta: 3,
      actor: 'u1',
      authority: 'externalA',
      reason: 'observed',
      createdAt: NOW,
    };
    await adjust(adjustment);
    await adjust(adjustment);
    expect(await readCounter(se, id)).toMatchObject({ committed: 3 });
    expect((await checkCounters(se))[0].counter.health).toBe('overbooked');
    expect(await readCounter(se, id)).toMatchObject({ health: 'overbooked' });

    const se2 = 'se-drift';
    await ensureCounter(counter(se2, id, 10));
    await moveCounter(se2, id, reserveMove(2), NOW); // a reserve that crashed before recording its reservation
    const [finding] = await checkCounters(se2);
    expect(finding).toMatchObject({
      counter: { health: 'reconciling', reserved: 2 },
      ledger: { reserved: 0, committed: 0 },
    });
  });
});
