import { randomUUID } from 'node:crypto';
import { adjust, checkCounters, reconcileCounters, reserve } from '../../shared/domain/shared-events/capacity/engine';
import { poolCounterId, type SharedCapacityCounterDoc } from '../../shared/domain/shared-events/capacity/model';
import {
  ensureCounter,
  moveCounter,
  readCounter,
  replaceReservation,
  setCounterFields,
} from '../../shared/domain/shared-events/capacity/repo';
import { commitMove, reserveMove } from '../../shared/domain/shared-events/capacity/rules';
import { HOLD_MS } from '../../shared/domain/shared-events/capacity/sale';
import { TestHost } from '../helpers/harness';
import { injectStoreFault, storedSharedEventDocuments } from '../helpers/seed';

/**
 * Counter reconciliation (issue 13) on the embedded store: the ledger is the truth; a drifted counter that has
 * been quiet for a hold is put back to it under its ETag, with a reconciliation adjustment and an audit entry;
 * one that is not quiet (a request may be between its steps) is only marked `reconciling`; `overbooked` is
 * marked, never repaired away; `retired` is never overwritten.
 */
let api: TestHost;
beforeAll(async () => {
  api = await TestHost.start();
});
afterAll(() => api.close());
afterEach(() => injectStoreFault(undefined));

const LONG_AGO = new Date(Date.now() - 2 * HOLD_MS).toISOString();
const repair = { repair: true, quietMs: HOLD_MS };

/** A fresh Shared Event with one pool counter last moved at `updatedAt`. */
async function poolCounter(capacity: number, updatedAt = LONG_AGO) {
  const sharedEventId = randomUUID();
  const showtimeId = randomUUID();
  const counter: SharedCapacityCounterDoc = {
    id: poolCounterId(showtimeId),
    docType: 'sharedCapacityCounter',
    sharedEventId,
    showtimeId,
    capacity,
    reserved: 0,
    committed: 0,
    health: 'ok',
    schemaVersion: 1,
    updatedAt,
  };
  await ensureCounter(counter);
  return { sharedEventId, showtimeId, id: counter.id };
}

const held = (c: { sharedEventId: string; showtimeId: string; id: string }, quantity: number, now?: Date) =>
  reserve({
    sharedEventId: c.sharedEventId,
    counterId: c.id,
    showtimeId: c.showtimeId,
    organizationId: 'org-a',
    quantity,
    operationId: randomUUID(),
    holdMs: 60 * 60_000,
    now,
  });

describe('reconcileCounters', () => {
  it('repairs a quiet drifted counter once, with a reconciliation adjustment and an audit entry', async () => {
    const c = await poolCounter(10);
    await held(c, 3, new Date(LONG_AGO));
    // a reserve that crashed before recording its reservation: the counter holds 2 seats nobody has
    await moveCounter(c.sharedEventId, c.id, reserveMove(2), LONG_AGO);
    expect(await readCounter(c.sharedEventId, c.id)).toMatchObject({ reserved: 5, committed: 0 });

    const [finding] = await reconcileCounters(c.sharedEventId, repair);
    expect(finding).toMatchObject({ outcome: 'repaired', ledger: { reserved: 3, committed: 0 } });
    expect(await readCounter(c.sharedEventId, c.id)).toMatchObject({ reserved: 3, committed: 0, health: 'ok' });
    const [record] = await storedSharedEventDocuments(c.sharedEventId, 'capacityAdjustment');
    expect(record).toMatchObject({
      kind: 'reconciliation',
      counterId: c.id,
      signedDelta: 0,
      reservedDelta: -2,
      originalQty: 0,
      correctedQty: 0,
      actor: 'system',
    });
    expect(record.id).toBe(`adjustment:${record.operationId}`);
    const audit = await storedSharedEventDocuments(c.sharedEventId, 'sharedEventAuditEntry');
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'reconciliation.repaired',
        actorUserId: 'system',
        metadata: expect.objectContaining({ counterId: c.id, reservedDelta: -2, committedDelta: 0 }),
      }),
    ]);

    // the record is not a ledger movement: the next pass finds the counter equal to its ledger
    expect(await reconcileCounters(c.sharedEventId, { repair: true, quietMs: 0 })).toEqual([
      expect.objectContaining({ outcome: 'none', ledger: { reserved: 3, committed: 0 } }),
    ]);
    expect(await storedSharedEventDocuments(c.sharedEventId, 'capacityAdjustment')).toHaveLength(1);
  });

  it('repairs committed drift too (the counter missed an adjustment), recording before and after', async () => {
    const c = await poolCounter(10);
    await adjust({
      sharedEventId: c.sharedEventId,
      operationId: 'external-4',
      showtimeId: c.showtimeId,
      organizationId: 'org-a',
      counterId: c.id,
      kind: 'externalObservation',
      signedDelta: 4,
      actor: 'u',
      authority: 'externalA',
      reason: 'observed',
      createdAt: LONG_AGO,
    });
    await moveCounter(c.sharedEventId, c.id, { increments: { committed: -4 } }, LONG_AGO); // the move lost
    const [finding] = await reconcileCounters(c.sharedEventId, repair);
    expect(finding.outcome).toBe('repaired');
    expect(await readCounter(c.sharedEventId, c.id)).toMatchObject({ reserved: 0, committed: 4, health: 'ok' });
    const records = await storedSharedEventDocuments(c.sharedEventId, 'capacityAdjustment');
    expect(records.find((r) => r.kind === 'reconciliation')).toMatchObject({
      signedDelta: 4,
      reservedDelta: 0,
      originalQty: 0,
      correctedQty: 4,
    });
  });

  it('only marks a drifted counter reconciling while it is not quiet, and leaves its counts', async () => {
    const c = await poolCounter(10, new Date().toISOString());
    await moveCounter(c.sharedEventId, c.id, reserveMove(2), new Date().toISOString());
    const [finding] = await reconcileCounters(c.sharedEventId, repair);
    expect(finding).toMatchObject({ outcome: 'marked', counter: { health: 'reconciling' } });
    expect(await readCounter(c.sharedEventId, c.id)).toMatchObject({ reserved: 2, health: 'reconciling' });
    expect(await storedSharedEventDocuments(c.sharedEventId, 'capacityAdjustment')).toEqual([]);
  });

  it('does not repair a counter whose request is between "reservation committed" and "counter moved"', async () => {
    // The counter itself has been still for long; the reservation was just committed, the counter move is next.
    const c = await poolCounter(10);
    const reservation = await held(c, 3, new Date(LONG_AGO));
    await replaceReservation(
      { ...reservation, state: 'committed', updatedAt: new Date().toISOString() },
      reservation._etag,
    );
    const [finding] = await reconcileCounters(c.sharedEventId, repair);
    expect(finding).toMatchObject({ outcome: 'marked', counter: { health: 'reconciling' } });
    // the request finishes its step: had the pass repaired, this move would have double-counted the sale
    await moveCounter(c.sharedEventId, c.id, commitMove(3), new Date().toISOString());
    expect(await readCounter(c.sharedEventId, c.id)).toMatchObject({ reserved: 0, committed: 3 });
    expect(await checkCounters(c.sharedEventId)).toEqual([
      expect.objectContaining({ outcome: 'marked', counter: expect.objectContaining({ health: 'ok' }) }),
    ]);
  });

  it('a counter that moves between the read and the repair is left for the next pass (412 on its ETag)', async () => {
    const c = await poolCounter(10);
    await moveCounter(c.sharedEventId, c.id, reserveMove(2), LONG_AGO);
    let moved = false;
    injectStoreFault(async (op) => {
      if (op.kind === 'batch' && op.partitionKey === c.sharedEventId && !moved) {
        moved = true; // a sale lands just before the repair is written
        await moveCounter(c.sharedEventId, c.id, reserveMove(1), new Date().toISOString());
      }
      return false;
    });
    const [finding] = await reconcileCounters(c.sharedEventId, repair);
    expect(moved).toBe(true);
    expect(finding.outcome).toBe('moved');
    expect(await readCounter(c.sharedEventId, c.id)).toMatchObject({ reserved: 3 });
    expect(await storedSharedEventDocuments(c.sharedEventId, 'capacityAdjustment')).toEqual([]);
    expect(await storedSharedEventDocuments(c.sharedEventId, 'sharedEventAuditEntry')).toEqual([]);
  });

  it('never overwrites retired: neither a retired counter nor one retired while its health is being marked', async () => {
    const c = await poolCounter(10);
    await moveCounter(c.sharedEventId, c.id, reserveMove(2), LONG_AGO);
    await setCounterFields(c.sharedEventId, c.id, { health: 'retired' });
    expect(await reconcileCounters(c.sharedEventId, repair)).toEqual([
      expect.objectContaining({ outcome: 'none', counter: expect.objectContaining({ health: 'retired' }) }),
    ]);
    expect(await readCounter(c.sharedEventId, c.id)).toMatchObject({ reserved: 2, health: 'retired' });

    const d = await poolCounter(10, new Date().toISOString());
    await moveCounter(d.sharedEventId, d.id, reserveMove(2), new Date().toISOString());
    let retired = false;
    injectStoreFault(async (op) => {
      if (op.kind === 'patch' && op.id === d.id && !retired) {
        retired = true; // a cancellation freezes the counter just before the health mark is written
        await setCounterFields(d.sharedEventId, d.id, { health: 'retired' });
      }
      return false;
    });
    const [finding] = await checkCounters(d.sharedEventId);
    expect(finding.outcome).toBe('moved');
    expect(await readCounter(d.sharedEventId, d.id)).toMatchObject({ health: 'retired' });
  });

  it('marks overbooked (never repairs a ledger) until capacity is raised', async () => {
    const c = await poolCounter(2);
    await held(c, 2, new Date(LONG_AGO));
    await adjust({
      sharedEventId: c.sharedEventId,
      operationId: 'beyond',
      showtimeId: c.showtimeId,
      organizationId: 'org-a',
      counterId: c.id,
      kind: 'administrativeCorrection',
      signedDelta: 3,
      actor: 'u',
      authority: 'participant',
      reason: 'force-record-sold',
      createdAt: LONG_AGO,
    });
    expect(await reconcileCounters(c.sharedEventId, { repair: true, quietMs: 0 })).toEqual([
      expect.objectContaining({ outcome: 'marked', counter: expect.objectContaining({ health: 'overbooked' }) }),
    ]);
    expect(await readCounter(c.sharedEventId, c.id)).toMatchObject({ reserved: 2, committed: 3, health: 'overbooked' });
    expect(await reconcileCounters(c.sharedEventId, { repair: true, quietMs: 0 })).toEqual([
      expect.objectContaining({ outcome: 'none' }),
    ]);
    await setCounterFields(c.sharedEventId, c.id, { capacity: 10 });
    await reconcileCounters(c.sharedEventId, { repair: true, quietMs: 0 });
    expect(await readCounter(c.sharedEventId, c.id)).toMatchObject({ health: 'ok' });
    expect(
      (await storedSharedEventDocuments(c.sharedEventId, 'capacityAdjustment')).filter(
        (a) => a.kind === 'reconciliation',
      ),
    ).toEqual([]);
  });
});
