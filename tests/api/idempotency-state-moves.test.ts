import { randomUUID } from 'node:crypto';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { q } from '../helpers/events';
import { orderApi } from '../helpers/orders';
import { injectStoreFault, storedDocuments } from '../helpers/seed';

/**
 * Keys on the writes a retry could double that are not creates (issue 32): an incremental return, a reported sale,
 * a transfer and a registration change honour an Idempotency-Key: the retry replays, the same key with another body
 * is 409 IDEMPOTENCY_KEY_REUSED, and a retry after a lost answer never writes a second time (the key record rides
 * in the route's decisive write).
 */
let api: TestHost;
let f: OrgFixture;
type Ev = { id: string; ticketTypes: { id: string }[] };
let event: Ev;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  event = await createEvent(api, f, { venueCapacity: 200 });
});
afterAll(() => api.close());
afterEach(() => injectStoreFault(undefined));

const keyed = (key: string) => ({ 'Idempotency-Key': key });
const orderNow = async (id: string) =>
  (await api.get(`orders/${id}`, { token: f.admin.token, query: q(f) })).body.data as Record<string, unknown>;

describe('POST orders/{id}/return with a key', () => {
  const ret = (orderId: string, key: string, returnQuantity = 1) =>
    api.post(`orders/${orderId}/return`, {
      token: f.ticketManager.token,
      query: q(f),
      body: { returnQuantity },
      headers: keyed(key),
    });

  it('a retry after a lost answer (the store committed, its answer was a 503) does not return twice', async () => {
    const order = await orderApi(api, f).delivered(f.member, event, [3, 1]);
    const key = randomUUID();
    let faulted = false;
    injectStoreFault((op) => {
      const theWrite =
        (op.kind === 'batch' && op.container === 'orgs') || (op.kind === 'replace' && op.id === order.id);
      if (faulted || !theWrite) return false;
      faulted = true;
      return { lostAnswer: 503 };
    });
    const first = await ret(order.id, key);
    injectStoreFault(undefined);
    expect(faulted).toBe(true);
    expect(first.status).not.toBe(200);
    const retry = await ret(order.id, key);
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({ errorCode: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
    expect((await orderNow(order.id)).returnedQuantity).toBe(1);
  });

  it('replays the first answer to a retry, and refuses the key with another quantity', async () => {
    const order = await orderApi(api, f).delivered(f.member, event, [3, 1]);
    const key = randomUUID();
    const first = await ret(order.id, key);
    expect(first.status).toBe(200);
    const retry = await ret(order.id, key);
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(retry.text).toBe(first.text);
    const other = await ret(order.id, key, 2);
    expect([other.status, other.body.errorCode]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    expect((await orderNow(order.id)).returnedQuantity).toBe(1);
  });
});

describe('POST orders/{id}/report-sold with a key', () => {
  it('replays to a retry and refuses the key with another total', async () => {
    const order = await orderApi(api, f).delivered(f.member, event, [3, 1]);
    const key = randomUUID();
    const report = (soldQuantity: number) =>
      api.post(`orders/${order.id}/report-sold`, {
        token: f.member.token,
        query: q(f),
        body: { soldQuantity },
        headers: keyed(key),
      });
    const first = await report(2);
    expect(first.status).toBe(200);
    const retry = await report(2);
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    const other = await report(3);
    expect([other.status, other.body.errorCode]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    expect((await orderNow(order.id)).soldQuantity).toBe(2);
  });
});

describe('POST orders/{id}/transfer with a key', () => {
  it('two transfers with the same key (each its own transferRequestId) do not both happen', async () => {
    const order = await orderApi(api, f).delivered(f.member, event, [3, 1]);
    const key = randomUUID();
    const transfer = () =>
      api.post(`orders/${order.id}/transfer`, {
        token: f.ticketManager.token,
        query: q(f),
        body: { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 1 },
        headers: keyed(key),
      });
    const first = await transfer();
    expect(first.status).toBe(200);
    const second = await transfer();
    expect([second.status, second.body.errorCode]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    const received = (await storedDocuments(f.orgId, 'order')).filter(
      (o: { requestedBy: string; eventId: string }) => o.requestedBy === f.member2.id && o.eventId === event.id,
    );
    expect(received).toHaveLength(1);
  });
});

describe('PUT registrations/{id} with a key', () => {
  it('replays to a retry and refuses the key with another change', async () => {
    const created = await api.post('registrations', {
      token: f.member.token,
      query: q(f),
      body: { eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 1 }] },
    });
    expect(created.status).toBe(201);
    const key = randomUUID();
    const change = (note: string) =>
      api.put(`registrations/${created.body.data.id}`, {
        token: f.ticketManager.token,
        query: q(f),
        body: { note },
        headers: keyed(key),
      });
    const first = await change('first note');
    expect(first.status).toBe(200);
    const retry = await change('first note');
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    const other = await change('second note');
    expect([other.status, other.body.errorCode]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
  });
});
