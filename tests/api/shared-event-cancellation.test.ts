import { healOnce } from '../../shared/domain/heal/heal';
import { randomUUID } from 'node:crypto';
import type { TestHost } from '../helpers/harness';
import { addPerson, type OrgFixture, type Person } from '../helpers/fixtures';
import {
  countersAgainstLedger,
  jointSharedEvent,
  sellersOf,
  threeOrganizations,
  sellOnProjection,
  type Participant,
} from '../helpers/shared-events/capacity';
import { createSharedEvent } from '../helpers/shared-events/create';
import { sharedEventFingerprint, storedDocument, storedDocuments, storedSharedEventDocuments } from '../helpers/seed';
import { reserve } from '../../shared/domain/shared-events/capacity/engine';
import {
  commitSharedSeats,
  releaseSharedSeats,
  reserveSharedSeats,
} from '../../shared/domain/shared-events/capacity/sale';
import { advancePendingCancellations } from '../../shared/domain/shared-events/cancellation/cancel';

/**
 * Whole-event cancellation of a Shared Event (docs/shared-events.md CapacityFenceDoc, adjustment kind `wholeEventCancellation`,
 * statuses `cancelling`/`cancelled`; docs/decisions/shared-event-cancellation.md): PATCH lifecycle `cancelled`
 * freezes every counter at once, lets held sales settle, then gives every organization's committed seats back.
 */
let api: TestHost;
let f: OrgFixture;
let others: Participant[];

beforeAll(async () => ({ api, f, others } = await threeOrganizations()), 60_000);
afterAll(() => api.close());

type SharedEvent = Awaited<ReturnType<typeof jointSharedEvent>>;

const sellers = () => sellersOf(f, others);

const lifecycle = (id: string, status: string, who: Person = f.admin) =>
  api.patch(`shared-events/${id}/lifecycle`, {
    token: who.token,
    query: { organizationId: f.orgId },
    body: { status },
  });
const cancel = (id: string, who: Person = f.admin) => lifecycle(id, 'cancelled', who);
const operationStatus = (id: string) =>
  api.post(`shared-events/${id}/operation-status`, { token: f.member.token, query: { organizationId: f.orgId } });
const statusOf = async (id: string) =>
  (await api.get(`shared-events/${id}`, { token: f.admin.token, query: { organizationId: f.orgId } })).body.data
    .status as string;
const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));

const adjustmentsOf = (id: string) =>
  storedSharedEventDocuments<{ kind: string; organizationId: string; signedDelta: number; operationId: string }>(
    id,
    'capacityAdjustment',
  ).then((rows) => rows.filter((a) => a.kind === 'wholeEventCancellation'));
const auditActions = async (id: string) =>
  (await storedSharedEventDocuments<{ action: string }>(id, 'sharedEventAuditEntry')).map((a) => a.action);

function expectFrozenRefusal(res: { status: number; body: any }) {
  expect(res.status).toBe(409);
  expect(res.body).toMatchObject({ success: false, error: 'CAPACITY_EXCEEDED', errorCode: 'CAPACITY_EXCEEDED' });
  expect(res.body.data?.availableCapacity).toBeUndefined();
  expect(res.body.data?.requestedDelta).toBeUndefined();
}

/** Every counter equals its ledger, is retired and holds nothing any more. */
async function expectSettledToZero(id: string) {
  const counters = await countersAgainstLedger(id);
  expect(counters.length).toBeGreaterThan(0);
  for (const c of counters) {
    expect(c.counter).toEqual(c.ledger);
    expect(c.counter).toMatchObject({ reserved: 0, committed: 0 });
    expect(c.health).toBe('retired');
  }
}

/** A hold taken the way a sale takes it (reserve) whose local write has not happened yet. */
const holdFor = (se: SharedEvent, organizationId: string, quantity: number) =>
  reserveSharedSeats({
    sharedEventId: se.id,
    organizationId,
    showtimeId: se.showtimes[0].showtimeId,
    quantity,
    localDocumentId: randomUUID(),
  });

describe('cancellation freezes further sales at once', () => {
  it('30 parallel sales racing the cancellation: frozen after its answer, counters equal to the ledger at 0', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 100 } });
    // Ten streams of three sales each (three organizations) run side by side; the cancellation goes out as soon as
    // the first sale has landed, so the rest of the streams race it. Each sale records when it started.
    let cancelAnsweredAt = Infinity;
    let firstSale: () => void = () => undefined;
    const landed = new Promise<void>((resolve) => (firstSale = resolve));
    const stream = async (seller: { orgId: string; token: string }) => {
      const results = [];
      for (let i = 0; i < 3; i += 1) {
        const startedAt = Date.now();
        const res = await sellOnProjection(api, seller, se);
        if (res.status === 201) firstSale();
        results.push({ seller, res, startedAt });
      }
      return results;
    };
    const streams = Array.from({ length: 10 }, (_, i) => stream(sellers()[i % 3]));
    const [sales, cancelled] = await Promise.all([
      Promise.all(streams).then((r) => r.flat()),
      landed.then(() => cancel(se.id)).then((res) => ((cancelAnsweredAt = Date.now()), res)),
    ]);
    expect(cancelled.status).toBe(200);
    expect(['cancelling', 'cancelled']).toContain(cancelled.body.data.status);

    // From the cancellation's answer on, no sale on any projection starts.
    const after = await Promise.all(
      sellers().flatMap((seller) => [0, 1].map((i) => sellOnProjection(api, seller, se, 1, i))),
    );
    for (const res of after) expectFrozenRefusal(res);

    const statuses = sales.map((s) => s.res.status);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    for (const late of sales.filter((x) => x.startedAt > cancelAnsweredAt)) expectFrozenRefusal(late.res);
    for (const s of sales.filter((x) => x.res.status === 409)) expectFrozenRefusal(s.res);

    // Every sale has answered, so nothing is held: the next advance finishes.
    expect((await operationStatus(se.id)).status).toBe(200);
    expect(await statusOf(se.id)).toBe('cancelled');
    await expectSettledToZero(se.id);
    const adjustments = await adjustmentsOf(se.id);
    for (const seller of sellers()) {
      const sold = sales.filter((s) => s.seller.orgId === seller.orgId && s.res.status === 201).length;
      const returned = adjustments
        .filter((a) => a.organizationId === seller.orgId)
        .reduce((n, a) => n + a.signedDelta, 0);
      expect(returned + sold).toBe(0);
    }
    expect((await storedSharedEventDocuments(se.id, 'capacityFence'))[0]).toMatchObject({ state: 'cancelled' });
    expect((await cancel(se.id)).body.data.status).toBe('cancelled');
    expect((await sellOnProjection(api, sellers()[1], se)).status).toBe(409);
  }, 90_000);

  it('in quota mode creates every missing counter already retired, so a first sale cannot open one', async () => {
    const se = await jointSharedEvent(api, f, others, { capacityPolicy: 'quota' });
    const res = await cancel(se.id);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('cancelled');
    const counters = await storedSharedEventDocuments<{ id: string; health: string }>(se.id, 'sharedCapacityCounter');
    expect(counters.map((c) => c.id).sort()).toEqual(
      sellers()
        .flatMap((s) => se.showtimes.map((t) => `quota:${s.orgId}:${t.showtimeId}`))
        .sort(),
    );
    for (const c of counters) expect(c.health).toBe('retired');
    for (const seller of sellers()) expectFrozenRefusal(await sellOnProjection(api, seller, se));
    expect(await adjustmentsOf(se.id)).toEqual([]);
  }, 60_000);
});

describe('draining held sales', () => {
  it('stays cancelling while a hold is in flight, then finishes once the hold commits', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 20 } });
    expect((await sellOnProjection(api, sellers()[0], se, 2)).status).toBe(201);
    const held = await holdFor(se, others[0].orgId, 3);

    const res = await cancel(se.id);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('cancelling');
    expectFrozenRefusal(await sellOnProjection(api, sellers()[2], se));
    expect((await operationStatus(se.id)).status).toBe(200);
    expect(await statusOf(se.id)).toBe('cancelling');
    expect(await auditActions(se.id)).not.toContain('cancellation.completed');
    expect(await adjustmentsOf(se.id)).toEqual([]);

    await commitSharedSeats([held]); // the in-flight sale's local write landed: its hold becomes a sale
    expect((await operationStatus(se.id)).status).toBe(200);
    expect(await statusOf(se.id)).toBe('cancelled');
    await expectSettledToZero(se.id);
    const adjustments = await adjustmentsOf(se.id);
    expect(adjustments.map((a) => [a.organizationId, a.signedDelta]).sort()).toEqual(
      [
        [f.orgId, -2],
        [others[0].orgId, -3],
      ].sort(),
    );
  }, 60_000);

  it('the heal pass finishes a cancellation whose hold was released', async () => {
    const se = await jointSharedEvent(api, f, others);
    expect((await sellOnProjection(api, sellers()[1], se, 4)).status).toBe(201);
    const held = await holdFor(se, others[1].orgId, 1);
    expect((await cancel(se.id)).body.data.status).toBe('cancelling');

    const waiting = await advancePendingCancellations();
    expect(waiting.failures).toEqual([]);
    expect(await statusOf(se.id)).toBe('cancelling');

    await releaseSharedSeats([held]);
    const report = await healOnce(); // the heal pass (timer and npm run heal) advances it
    expect(report.failures).toEqual([]);
    expect(report.cancellations.finished).toBeGreaterThanOrEqual(1);
    expect(await statusOf(se.id)).toBe('cancelled');
    await expectSettledToZero(se.id);
    expect((await adjustmentsOf(se.id)).map((a) => [a.organizationId, a.signedDelta])).toEqual([[others[0].orgId, -4]]);
  }, 60_000);

  it('an expired abandoned hold is released by the advance itself and the cancellation finishes', async () => {
    const se = await jointSharedEvent(api, f, others);
    expect((await sellOnProjection(api, sellers()[0], se)).status).toBe(201);
    const showtimeId = se.showtimes[0].showtimeId;
    await reserve({
      sharedEventId: se.id,
      counterId: `pool:${showtimeId}`,
      showtimeId,
      organizationId: others[1].orgId,
      quantity: 5,
      operationId: randomUUID(),
      holdMs: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await cancel(se.id);
    expect(res.body.data.status).toBe('cancelled');
    const reservations = await storedSharedEventDocuments<{ quantity: number; state: string }>(
      se.id,
      'capacityReservation',
    );
    expect(reservations.find((r) => r.quantity === 5)?.state).toBe('released');
    await expectSettledToZero(se.id);
  }, 60_000);
});

describe('repeats, projections and the audit', () => {
  it('a repeat answers the current state and writes nothing twice; projections name the cancellation', async () => {
    const se = await jointSharedEvent(api, f, others);
    for (const seller of sellers()) expect((await sellOnProjection(api, seller, se, 2)).status).toBe(201);
    const first = await cancel(se.id);
    expect(first.status).toBe(200);
    expect(first.body.data.status).toBe('cancelled');
    expect(ops(first)).toBeLessThanOrEqual(60);

    const before = await sharedEventFingerprint(se.id);
    const again = await cancel(se.id);
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe('cancelled');
    expect(ops(again)).toBeLessThanOrEqual(15);
    expect((await lifecycle(se.id, 'cancelling')).body.data.status).toBe('cancelled');
    expect((await operationStatus(se.id)).status).toBe(200);
    expect(await sharedEventFingerprint(se.id)).toEqual(before);

    const actions = await auditActions(se.id);
    expect(actions.filter((a) => a === 'cancellation.started')).toHaveLength(1);
    expect(actions.filter((a) => a === 'cancellation.completed')).toHaveLength(1);
    expect(await adjustmentsOf(se.id)).toHaveLength(3);
    await expectSettledToZero(se.id);

    const feed = await api.get(`shared-events/${se.id}/audit`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect(feed.status).toBe(200);
    const listed = feed.body.data.items.map((e: { action: string }) => e.action);
    expect(listed).toEqual(expect.arrayContaining(['cancellation.started', 'cancellation.completed']));

    for (const seller of sellers()) {
      // The link names the state; the local sale documents stay (they are the record).
      expect(await storedDocument(seller.orgId, `se-${se.id}`)).toMatchObject({
        sharedEventLink: { sharedEventId: se.id, sharedEventStatus: 'cancelled' },
      });
      expect(await storedDocuments(seller.orgId, 'registration')).not.toEqual([]);
    }
  }, 60_000);

  it('a cancellation from locked works too; the head keeps its history', async () => {
    const se = await jointSharedEvent(api, f, others);
    expect((await lifecycle(se.id, 'locked')).status).toBe(200);
    const res = await lifecycle(se.id, 'cancelling');
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('cancelled');
    const audit = await storedSharedEventDocuments<{ action: string; metadata?: Record<string, unknown> }>(
      se.id,
      'sharedEventAuditEntry',
    );
    expect(audit.find((a) => a.action === 'cancellation.started')?.metadata).toEqual({ from: 'locked' });
  }, 60_000);
});

describe('refusals', () => {
  it('refuses draft, completed and retired events with 409 { status, allowed }', async () => {
    const draft = await createSharedEvent(api, f);
    const fromDraft = await cancel(draft.id);
    expect(fromDraft.status).toBe(409);
    expect(fromDraft.body).toMatchObject({ error: 'CONFLICT', data: { status: 'draft', allowed: ['open'] } });

    expect((await api.del(`shared-events/${draft.id}`, { token: f.superToken })).status).toBe(200);
    const retired = await cancel(draft.id);
    expect(retired.status).toBe(409);
    expect(retired.body.data).toEqual({ status: 'cancelled', allowed: [] });

    const done = await jointSharedEvent(api, f, others);
    expect((await lifecycle(done.id, 'completed')).status).toBe(200);
    const fromCompleted = await cancel(done.id);
    expect(fromCompleted.status).toBe(409);
    expect(fromCompleted.body.data).toEqual({ status: 'completed', allowed: [] });
    expect(await storedSharedEventDocuments(done.id, 'capacityFence')).toEqual([]);
  }, 60_000);

  it('once cancelling or cancelled, every other lifecycle move is 409', async () => {
    const se = await jointSharedEvent(api, f, others);
    const held = await holdFor(se, f.orgId, 1);
    expect((await cancel(se.id)).body.data.status).toBe('cancelling');
    for (const to of ['open', 'locked', 'completed', 'draft']) {
      const res = await lifecycle(se.id, to);
      expect(res.status).toBe(409);
      expect(res.body.data).toEqual({ status: 'cancelling', allowed: [] });
    }
    await releaseSharedSeats([held]);
    expect((await cancel(se.id)).body.data.status).toBe('cancelled');
    for (const to of ['open', 'locked', 'completed']) {
      const res = await lifecycle(se.id, to);
      expect(res.status).toBe(409);
      expect(res.body.data).toEqual({ status: 'cancelled', allowed: [] });
    }
  }, 60_000);

  it('needs manageSharedDetails: a plain admin and a member get 403, a participant admin too; nothing written', async () => {
    const se = await jointSharedEvent(api, f, others);
    const plain = await addPerson(api, f.superToken, f.orgId, 'admin', 'Plain Cancel');
    const before = await sharedEventFingerprint(se.id);
    expect((await cancel(se.id, plain)).status).toBe(403);
    expect((await cancel(se.id, f.member)).status).toBe(403);
    const participant = await api.patch(`shared-events/${se.id}/lifecycle`, {
      token: others[0].admin.token,
      query: { organizationId: others[0].orgId },
      body: { status: 'cancelled' },
    });
    expect(participant.status).toBe(403);
    expect(await sharedEventFingerprint(se.id)).toEqual(before);
    expect(await statusOf(se.id)).toBe('open');
  }, 60_000);

  it('bad input is 400 and writes nothing', async () => {
    const se = await jointSharedEvent(api, f, others);
    const before = await sharedEventFingerprint(se.id);
    for (const body of [{}, { status: 'canceled' }, { status: 'cancelled', reason: 'x' }, { status: 1 }]) {
      const res = await api.patch(`shared-events/${se.id}/lifecycle`, {
        token: f.admin.token,
        query: { organizationId: f.orgId },
        body,
      });
      expect(res.status).toBe(400);
    }
    expect(await sharedEventFingerprint(se.id)).toEqual(before);
  }, 60_000);
});
