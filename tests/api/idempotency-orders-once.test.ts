import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { ApiResponse } from '../helpers/harness';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { q } from '../helpers/events';
import { injectStoreFault, storedDocuments } from '../helpers/seed';

/**
 * Issue 32, item "a possible double order": once, POST /api/orders retried with the same Idempotency-Key after a
 * lost answer seemed to make two orders. Here 20 identical keyed copies run at once beside other traffic, and a
 * first request whose connection the client drops after sending is retried 20 times at once while it is still in
 * flight: every time exactly one order exists, every copy answers that order (201, replayed) or 409
 * IDEMPOTENCY_KEY_IN_PROGRESS, never 5xx, and a later retry answers the same order.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
}, 120_000);
afterAll(() => api.close());
afterEach(() => injectStoreFault(undefined));

type Ev = { id: string; ticketTypes: { id: string }[] };
const COPIES = 20;
const orderBody = (event: Ev, quantity = 2) => ({
  eventId: event.id,
  tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity }],
});
const postOrder = (who: Person, event: Ev, key?: string, quantity = 2) =>
  api.post('orders', {
    token: who.token,
    query: q(f),
    body: orderBody(event, quantity),
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });
const ordersOf = async (who: Person, event: Ev) =>
  (await storedDocuments(f.orgId, 'order')).filter(
    (d: { eventId: string; requestedBy: string; deletedAt?: string }) =>
      d.eventId === event.id && d.requestedBy === who.id && !d.deletedAt,
  ) as { id: string }[];

/** Every keyed copy: the one order (fresh or replayed, the same body) or "in progress"; none 5xx. */
function expectOneOrder(answers: ApiResponse[], orderId: string) {
  for (const answer of answers) {
    if (answer.status === 201) {
      expect(answer.body.data.id).toBe(orderId);
    } else {
      expect({ status: answer.status, code: answer.body.errorCode }).toEqual({
        status: 409,
        code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
      });
    }
  }
  const fresh = answers.filter((a) => a.status === 201 && !a.headers.get('idempotent-replayed'));
  expect(fresh.length).toBeLessThanOrEqual(1);
}

/** Other traffic of the organization meanwhile: unkeyed and otherly keyed orders, direct sales, lists. */
function otherLoad(event: Ev) {
  return Promise.all([
    ...Array.from({ length: 8 }, () => postOrder(f.member2, event, randomUUID(), 1)),
    ...Array.from({ length: 4 }, () => postOrder(f.member2, event, undefined, 1)),
    ...Array.from({ length: 4 }, () =>
      api.post('registrations', { token: f.ticketManager.token, query: q(f), body: orderBody(event, 1) }),
    ),
    ...Array.from({ length: 4 }, () => api.get('orders', { token: f.admin.token, query: q(f) })),
  ]);
}

/**
 * Sends a keyed POST /api/orders on a bare connection and drops it once the request is on the wire, before any
 * answer: the client that lost its answer. Resolves when the socket is gone.
 */
function sendAndDrop(who: Person, event: Ev, key: string): Promise<void> {
  const url = new URL(`${api.url}/api/orders?organizationId=${f.orgId}`);
  const body = JSON.stringify(orderBody(event));
  return new Promise((resolve) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${who.token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'idempotency-key': key,
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.on('response', () => {
      req.destroy();
      resolve();
    });
    req.end(body, () => setTimeout(() => req.destroy(), 5));
  });
}

async function settled(check: () => Promise<boolean>, ms = 30_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('not settled');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('POST /api/orders with one Idempotency-Key makes one order', () => {
  it(`${COPIES} identical keyed copies at once, beside other traffic: one order, every copy answers it`, async () => {
    const event: Ev = await createEvent(api, f, { venueCapacity: 500 });
    const key = randomUUID();
    const [answers, load] = await Promise.all([
      Promise.all(Array.from({ length: COPIES }, () => postOrder(f.member, event, key))),
      otherLoad(event),
    ]);
    for (const other of load) expect(other.status).toBeLessThan(500);
    const mine = await ordersOf(f.member, event);
    expect(mine).toHaveLength(1);
    expectOneOrder(answers, mine[0].id);
    const retry = await postOrder(f.member, event, key);
    expect(retry.status).toBe(201);
    expect(retry.body.data.id).toBe(mine[0].id);
    // The other traffic's orders are each their own: as many stored as distinct orders answered.
    const others = new Set(load.filter((a) => a.status === 201 && a.body.data.requestedBy).map((a) => a.body.data.id));
    expect(others.size).toBe(12);
    expect(await ordersOf(f.member2, event)).toHaveLength(others.size);
  });

  it(`the first copy's connection dropped after sending, ${COPIES} retries while it is in flight: one order`, async () => {
    const event: Ev = await createEvent(api, f, { venueCapacity: 500 });
    const key = randomUUID();
    // Hold the first order write in the store until the retries are out, so the dropped request is still running.
    let release!: () => void;
    const held = new Promise<boolean>((resolve) => (release = () => resolve(false)));
    let holding = false;
    let reached!: () => void;
    const writeReached = new Promise<void>((resolve) => (reached = resolve));
    injectStoreFault((op) => {
      if (holding || op.container !== 'orgs' || (op.kind !== 'create' && op.kind !== 'batch')) return false;
      if (op.id?.startsWith('idem')) return false;
      holding = true;
      reached();
      return held;
    });
    await sendAndDrop(f.member, event, key);
    await writeReached;
    const [answers, load] = await Promise.all([
      Promise.all(Array.from({ length: COPIES }, () => postOrder(f.member, event, key))),
      otherLoad(event),
      new Promise((resolve) => setTimeout(resolve, 200)).then(release),
    ]);
    injectStoreFault(undefined);
    for (const other of load) expect(other.status).toBeLessThan(500);
    // The dropped request finishes on its own; then exactly one order of the member exists.
    await settled(async () => (await postOrder(f.member, event, key)).status === 201);
    const mine = await ordersOf(f.member, event);
    expect(mine).toHaveLength(1);
    expectOneOrder(answers, mine[0].id);
    const retry = await postOrder(f.member, event, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.data.id).toBe(mine[0].id);
  });

  it('the connection dropped with no store delay, retried at once and later: one order', async () => {
    const event: Ev = await createEvent(api, f, { venueCapacity: 500 });
    const key = randomUUID();
    await sendAndDrop(f.member, event, key);
    const answers = await Promise.all(Array.from({ length: COPIES }, () => postOrder(f.member, event, key)));
    await settled(async () => (await postOrder(f.member, event, key)).status === 201);
    const mine = await ordersOf(f.member, event);
    expect(mine).toHaveLength(1);
    expectOneOrder(answers, mine[0].id);
  });
});
