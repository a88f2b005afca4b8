import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../helpers/harness';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { capacitySummary, q } from '../helpers/events';
import { orderApi } from '../helpers/orders';
import { injectStoreFault, storedDocuments } from '../helpers/seed';
import { countersAgainstLedger } from '../helpers/shared-events/capacity';
import { createOpenSharedEvent } from '../helpers/shared-events/create';

/**
 * Identical keyed requests at once on the ride-along routes (docs/decisions/api-contract.md, "Idempotency keys"):
 * no claim runs first, so every copy runs its use case up to its decisive write; one batch carries the key
 * record, the others fail on it, give back what they took before it (seats, a reservation) and answer from the
 * record. Exactly one record is written, the counters stay exact, and no copy answers 5xx.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());
afterEach(() => injectStoreFault(undefined));

type Ev = { id: string; showtimes: { showtimeId: string }[]; ticketTypes: { id: string }[] };
const COPIES = 15;

/** One fresh answer; every other copy replays it (same body) or answers IDEMPOTENCY_KEY_IN_PROGRESS; none 5xx. */
function expectOneWinner(answers: ApiResponse[], status = 201) {
  const fresh = answers.filter((a) => a.status === status && !a.headers.get('idempotent-replayed'));
  expect(fresh).toHaveLength(1);
  for (const answer of answers) {
    if (answer === fresh[0]) continue;
    if (answer.status === status) {
      expect(answer.headers.get('idempotent-replayed')).toBe('true');
      expect(answer.text).toBe(fresh[0].text);
    } else {
      expect({ status: answer.status, code: answer.body.errorCode }).toEqual({
        status: 409,
        code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
      });
      expect(answer.headers.get('retry-after')).toBe('1');
    }
  }
  return fresh[0];
}

const atOnce = (send: () => Promise<ApiResponse>) => Promise.all(Array.from({ length: COPIES }, send));
const keyOf = () => ({ 'Idempotency-Key': randomUUID() });
const listed = async (path: string) =>
  (await api.get(path, { token: f.ticketManager.token, query: q(f) })).body.data.items as unknown[];

describe(`${COPIES} identical keyed requests at once`, () => {
  it('POST registrations: one registration, its seats counted once (the losers gave theirs back)', async () => {
    const event: Ev = await createEvent(api, f, { venueCapacity: 100 });
    const headers = keyOf();
    const body = { eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 3 }] };
    const answers = await atOnce(() =>
      api.post('registrations', { token: f.member.token, query: q(f), body, headers }),
    );
    expectOneWinner(answers);
    const registrations = (await storedDocuments(f.orgId, 'registration')).filter(
      (r: { eventId: string }) => r.eventId === event.id,
    );
    expect(registrations).toHaveLength(1);
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ registrations: 3, sold: 3 });
  });

  it('POST free-tickets: one ticket in the list, the counter exact', async () => {
    const event: Ev = await createEvent(api, f, { venueCapacity: 100 });
    const headers = keyOf();
    const body = {
      showtimeId: event.showtimes[0].showtimeId,
      ticketTypeId: event.ticketTypes[0].id,
      quantity: 4,
      recipient: 'Guest',
    };
    const path = `events/${event.id}/free-tickets`;
    expectOneWinner(await atOnce(() => api.post(path, { token: f.ticketManager.token, query: q(f), body, headers })));
    expect(await listed(path)).toHaveLength(1);
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ free: 4, sold: 4 });
  });

  it('POST external-sales: one sale in the list, the counter exact', async () => {
    const event: Ev = await createEvent(api, f, { venueCapacity: 100 });
    const headers = keyOf();
    const body = { tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 5 }], source: 'box office' };
    const path = `management/events/${event.id}/showtimes/${event.showtimes[0].showtimeId}/external-sales`;
    expectOneWinner(await atOnce(() => api.post(path, { token: f.ticketManager.token, query: q(f), body, headers })));
    expect(await listed(`management/events/${event.id}/external-sales`)).toHaveLength(1);
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ external: 5, sold: 5 });
  });

  it('POST orders/{id}/force-record-sold: one raise, one audit row, the counter moved once', async () => {
    const event: Ev = await createEvent(api, f, { venueCapacity: 100 });
    const orders = orderApi(api, f);
    const order = await orders.delivered(f.member, event, [2, 1]);
    const headers = keyOf();
    const body = { soldQuantity: 3, reason: 'door sales' };
    const answers = await atOnce(() =>
      api.post(`orders/${order.id}/force-record-sold`, { token: f.admin.token, query: q(f), body, headers }),
    );
    expectOneWinner(answers, 200);
    expect((await orders.get(order.id)).soldQuantity).toBe(3);
    const audits = (await storedDocuments(f.orgId, 'audit')).filter(
      (a: { orderId?: string }) => a.orderId === order.id,
    );
    expect(audits).toHaveLength(1);
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ orders: 3, sold: 3 });
  });

  it('POST orders under a quota: one order; copies refused by the allocation the winner used answer from its record', async () => {
    const event: Ev = await createEvent(api, f, { venueCapacity: 100, enableQuotas: true });
    const allocation = await api.post('allocations', {
      token: f.ticketManager.token,
      query: q(f),
      body: {
        eventId: event.id,
        userId: f.member2.id,
        items: [{ ticketTypeId: event.ticketTypes[0].id, allocated: 4 }],
      },
    });
    expect(allocation.status).toBe(201);
    const headers = keyOf();
    const body = { eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 4 }] };
    expectOneWinner(await atOnce(() => api.post('orders', { token: f.member2.token, query: q(f), body, headers })));
    const mine = await api.get('orders', { token: f.admin.token, query: { ...q(f), eventId: event.id } });
    expect(mine.body.data.items).toHaveLength(1);
  });

  it('POST allocations: one allocation, created once (the copies that lost the create do not replace it)', async () => {
    const event: Ev = await createEvent(api, f, { enableQuotas: true });
    const headers = keyOf();
    const body = {
      eventId: event.id,
      userId: f.member.id,
      items: [{ ticketTypeId: event.ticketTypes[0].id, allocated: 6 }],
    };
    const answers = await atOnce(() =>
      api.post('allocations', { token: f.ticketManager.token, query: q(f), body, headers }),
    );
    const winner = expectOneWinner(answers);
    const listedAllocations = await api.get('allocations', {
      token: f.ticketManager.token,
      query: { ...q(f), eventId: event.id },
    });
    expect(listedAllocations.body.data.items).toHaveLength(1);
    expect(listedAllocations.body.data.items[0].updatedAt).toBe(winner.body.data.updatedAt);
  });

  it('POST registrations on a Shared Event projection: one sale committed, every losing reservation released', async () => {
    const se = await createOpenSharedEvent(api, f);
    const headers = keyOf();
    const showtimeId = se.showtimes[0].showtimeId;
    const body = {
      eventId: `se-${se.id}`,
      showtimeId,
      tickets: [{ ticketTypeId: se.ticketTypeTemplates[0].id, quantity: 2 }],
    };
    expectOneWinner(
      await atOnce(() => api.post('registrations', { token: f.member.token, query: q(f), body, headers })),
    );
    const counters = await countersAgainstLedger(se.id);
    for (const c of counters) expect(c.counter).toEqual(c.ledger);
    const committed = counters.reduce((n, c) => n + (c.counter.committed ?? 0), 0);
    const reserved = counters.reduce((n, c) => n + (c.counter.reserved ?? 0), 0);
    expect({ committed, reserved }).toEqual({ committed: 2, reserved: 0 });
  });
});
