import { healOnce } from '../../shared/domain/heal/heal';
import { HOLD_MS } from '../../shared/domain/shared-events/capacity/sale';
import type { TestHost } from '../helpers/harness';
import type { OrgFixture } from '../helpers/fixtures';
import { runHealProcess } from '../helpers/heal-process';
import {
  backdateSharedCapacity,
  injectStoreFault,
  seedSharedCounterDrift,
  storedDocuments,
  storedSharedEventDocuments,
  type StoreOperation,
} from '../helpers/seed';
import {
  countersAgainstLedger,
  jointSharedEvent,
  threeOrganizations,
  sellOnProjection,
  type Participant,
} from '../helpers/shared-events/capacity';

/**
 * A Shared Event sale interrupted between its steps (issue 13: "a reservation abandoned between its steps (store
 * fault hook) is released by `npm run heal` after expiry and the capacity returns"), through the API; then the
 * heal's reconciliation of a counter that drifted from its ledger. The store fault hook makes the failures; a seed
 * helper makes the time pass (the holds expire, the counters become quiet).
 */
let api: TestHost;
let f: OrgFixture;
let others: Participant[];
beforeAll(async () => ({ api, f, others } = await threeOrganizations()), 60_000);
afterEach(() => injectStoreFault(undefined));
afterAll(() => api.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The registration's own create in the organization partition (its id is a UUID; local counters are `capacity-…`). */
const registrationCreate = (op: StoreOperation) =>
  op.kind === 'create' && op.container === 'orgs' && UUID.test(op.id ?? '');
/** A Shared Event reservation moving (commit or release): the replace under its ETag. */
const reservationReplace = (op: StoreOperation) =>
  op.kind === 'replace' && op.container === 'sharedEvents' && (op.id ?? '').startsWith('reservation:');

const seller = (p: Participant) => ({ orgId: p.orgId, token: p.admin.token });
const poolOf = async (se: { id: string; showtimes: { showtimeId: string }[] }, index = 0) =>
  (await countersAgainstLedger(se.id)).find((c) => c.id === `pool:${se.showtimes[index].showtimeId}`)!;
const registrationsOn = async (orgId: string, sharedEventId: string) =>
  (await storedDocuments<{ eventId: string; capacityOps?: string[] }>(orgId, 'registration')).filter(
    (r) => r.eventId === `se-${sharedEventId}`,
  );

describe('a Shared Event sale interrupted between its steps, finished by `npm run heal`', () => {
  it('releases an abandoned hold and commits an interrupted one once expired; the capacity returns', async () => {
    const b = seller(others[0]);
    // (a) abandoned: the local write fails AND its compensating release fails too
    const abandoned = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 5 } });
    injectStoreFault((op) => (registrationCreate(op) ? true : reservationReplace(op) ? 500 : false));
    const failed = await sellOnProjection(api, b, abandoned, 2);
    injectStoreFault(undefined);
    expect(failed.status).toBe(503); // the write's error, in the envelope (never the release's, never a hang)
    expect(failed.body).toMatchObject({ success: false, error: 'UNAVAILABLE' });
    const [hold] = await storedSharedEventDocuments(abandoned.id, 'capacityReservation');
    expect(hold).toMatchObject({ state: 'held', quantity: 2, organizationId: b.orgId });
    expect(await registrationsOn(b.orgId, abandoned.id)).toEqual([]);
    const short = await poolOf(abandoned);
    expect(short.counter).toEqual({ capacity: 5, reserved: 2, committed: 0 });
    expect(short.counter).toEqual(short.ledger);
    expect((await sellOnProjection(api, seller(others[1]), abandoned, 4)).status).toBe(409); // 2 seats held by nobody

    // (b) interrupted after the local write: only the commit fails; the sale stands, the hold stays
    const interrupted = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 5 } });
    injectStoreFault((op) => reservationReplace(op));
    const sold = await sellOnProjection(api, b, interrupted, 2);
    injectStoreFault(undefined);
    expect(sold.status).toBe(201);
    const [pending] = await storedSharedEventDocuments(interrupted.id, 'capacityReservation');
    expect(pending).toMatchObject({ state: 'held', quantity: 2 });
    const [registration] = await registrationsOn(b.orgId, interrupted.id);
    expect(registration.capacityOps).toEqual([pending.operationId]);
    expect((await poolOf(interrupted)).counter).toEqual({ capacity: 5, reserved: 2, committed: 0 });

    // time passes: both holds expire
    await backdateSharedCapacity(abandoned.id, HOLD_MS + 60_000);
    await backdateSharedCapacity(interrupted.id, HOLD_MS + 60_000);
    const report = await runHealProcess();
    expect(report.failures).toEqual([]);
    expect(report.reservations.released).toBeGreaterThanOrEqual(1);
    expect(report.reservations.committed).toBeGreaterThanOrEqual(1);
    expect(report.counters.sharedEvents).toBeGreaterThanOrEqual(2);

    // (a) released: the counter equals its ledger and the whole pool can be sold again
    expect((await storedSharedEventDocuments(abandoned.id, 'capacityReservation'))[0].state).toBe('released');
    const freed = await poolOf(abandoned);
    expect(freed.counter).toEqual({ capacity: 5, reserved: 0, committed: 0 });
    expect(freed.counter).toEqual(freed.ledger);
    expect((await sellOnProjection(api, seller(others[1]), abandoned, 5)).status).toBe(201);
    expect((await sellOnProjection(api, b, abandoned, 1)).status).toBe(409);
    for (const c of await countersAgainstLedger(abandoned.id)) expect(c.counter).toEqual(c.ledger);

    // (b) committed (the local sale landed: roll forward), the counter equal to its ledger with the sale in it
    expect((await storedSharedEventDocuments(interrupted.id, 'capacityReservation'))[0].state).toBe('committed');
    const kept = await poolOf(interrupted);
    expect(kept.counter).toEqual({ capacity: 5, reserved: 0, committed: 2 });
    expect(kept.counter).toEqual(kept.ledger);
    expect((await sellOnProjection(api, b, interrupted, 4)).status).toBe(409);
    expect((await sellOnProjection(api, b, interrupted, 3)).status).toBe(201);
  }, 240_000);
});

describe('heal reconciles Shared Event counters with their ledger', () => {
  it('repairs a quiet drifted counter (adjustment + audit entry, health ok) and only marks a busy one', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 10 } });
    const b = seller(others[0]);
    expect((await sellOnProjection(api, b, se, 3, 0)).status).toBe(201);
    expect((await sellOnProjection(api, b, se, 1, 1)).status).toBe(201);
    const [quiet, busy] = se.showtimes.map((s) => `pool:${s.showtimeId}`);
    // a reserve that crashed after moving the counter: 2 seats held by nobody; then the counter goes quiet
    await seedSharedCounterDrift(se.id, quiet, { reserved: 2 });
    await backdateSharedCapacity(se.id, 2 * HOLD_MS);
    // the other counter drifts just now: a request may still be between its steps
    await seedSharedCounterDrift(se.id, busy, { committed: 1 });

    const report = await healOnce();
    expect(report.failures).toEqual([]);
    expect(report.counters.repaired).toBeGreaterThanOrEqual(1);
    expect(report.counters.reconciling).toBeGreaterThanOrEqual(1);

    const [repaired, marked] = [await poolOf(se, 0), await poolOf(se, 1)];
    expect(repaired).toMatchObject({ counter: { capacity: 10, reserved: 0, committed: 3 }, health: 'ok' });
    expect(repaired.counter).toEqual(repaired.ledger);
    expect(marked).toMatchObject({ counter: { reserved: 0, committed: 2 }, ledger: { committed: 1 } });
    expect(marked.health).toBe('reconciling');

    const records = (await storedSharedEventDocuments(se.id, 'capacityAdjustment')).filter(
      (a) => a.kind === 'reconciliation',
    );
    expect(records).toEqual([
      expect.objectContaining({ counterId: quiet, signedDelta: 0, reservedDelta: -2, originalQty: 3, correctedQty: 3 }),
    ]);
    const audit = await api.get(`shared-events/${se.id}/audit`, {
      token: f.admin.token,
      query: { organizationId: f.orgId, action: 'reconciliation.repaired' },
    });
    expect(audit.status).toBe(200);
    expect(audit.body.data.items).toEqual([
      expect.objectContaining({ action: 'reconciliation.repaired', actorUserId: 'system' }),
    ]);

    // the repaired counter enforces the pool again: 7 seats left, not 5
    expect((await sellOnProjection(api, b, se, 8, 0)).status).toBe(409);
    expect((await sellOnProjection(api, b, se, 7, 0)).status).toBe(201);
    // once the busy counter has been quiet for a hold, the next pass repairs it too
    await backdateSharedCapacity(se.id, 2 * HOLD_MS, [busy]);
    const again = await healOnce();
    expect(again.failures).toEqual([]);
    const healed = await poolOf(se, 1);
    expect(healed).toMatchObject({ counter: { reserved: 0, committed: 1 }, health: 'ok' });
  }, 60_000);
});
