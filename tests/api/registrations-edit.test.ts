import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { capacitySummary, q, showtimeSold, TWO_SHOWTIMES } from '../helpers/events';
import { partitionFingerprint, seedRegistrationAge, storedDocument } from '../helpers/seed';

/** PUT and DELETE /api/registrations/{id}: Ticket Manager+, inside the one-hour window (docs/decisions/sales.md). */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

type Ev = { id: string; showtimes: { showtimeId: string }[]; ticketTypes: { id: string }[] };
const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));
const MINUTE = 60 * 1000;

async function register(event: Ev, quantities: number[] = [2], extra: Record<string, unknown> = {}) {
  const res = await api.post('registrations', {
    token: f.member.token,
    query: q(f),
    body: {
      eventId: event.id,
      tickets: quantities
        .map((quantity, i) => ({ ticketTypeId: event.ticketTypes[i].id, quantity }))
        .filter((t) => t.quantity > 0),
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return res.body.data;
}
const put = (id: string, body: unknown, who: Person = f.ticketManager) =>
  api.put(`registrations/${id}`, { token: who.token, query: q(f), body });
const del = (id: string, who: Person = f.ticketManager) =>
  api.del(`registrations/${id}`, { token: who.token, query: q(f) });
const aggregate = async (eventId: string) => (await capacitySummary(api, f, eventId)).aggregate;
const lockEvent = (eventId: string, salesLocked: boolean) =>
  api.put(`management/events/${eventId}/lock`, { token: f.admin.token, query: q(f), body: { salesLocked } });

describe('PUT registrations/{id}', () => {
  it('changes only the fields given and records who changed it', async () => {
    const event = await createEvent(api, f);
    const made = await register(event, [2], { buyerName: 'Bea', note: 'first' });
    const res = await put(made.id, { buyerEmail: 'bea@example.org', note: 'second' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...made,
      buyerEmail: 'bea@example.org',
      note: 'second',
      updatedAt: expect.any(String),
      updatedBy: f.ticketManager.id,
    });
    // user with its role map (auth), registration read, event read, replace (no capacity move)
    expect(ops(res)).toBe(4);
    expect((await aggregate(event.id)).registrations).toBe(2);
  });

  it('keeps order-time prices for types already on it, prices new types now, and moves the seats', async () => {
    const event = await createEvent(api, f, { venueCapacity: 20 });
    const made = await register(event, [2]);
    const repriced = await api.put(`management/events/${event.id}`, {
      token: f.admin.token,
      query: q(f),
      body: {
        ticketTypes: event.ticketTypes.map((t: any) => ({
          id: t.id,
          name: t.name === 'Adult' ? 'Grown-up' : t.name,
          price: t.price + 5,
          fee: 2,
          sortOrder: t.sortOrder,
        })),
      },
    });
    expect(repriced.status).toBe(200);
    const [adult, child] = event.ticketTypes.map((t: { id: string }) => t.id);
    const res = await put(made.id, {
      tickets: [
        { ticketTypeId: child, quantity: 1 },
        { ticketTypeId: adult, quantity: 3 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.tickets).toEqual([
      { ticketTypeId: child, ticketTypeName: 'Child', quantity: 1, unitPrice: 15, fee: 2 },
      { ticketTypeId: adult, ticketTypeName: 'Adult', quantity: 3, unitPrice: 25, fee: 1.5 },
    ]);
    expect(res.body.data).toMatchObject({ totalQuantity: 4, totalAmount: 90, totalFees: 6.5 });
    expect(await aggregate(event.id)).toMatchObject({ registrations: 4, remaining: 16 });
    expect(await storedDocument(f.orgId, made.id)).toMatchObject({ capacityQuantity: 4 });

    const fewer = await put(made.id, { tickets: [{ ticketTypeId: adult, quantity: 1 }] });
    expect(fewer.body.data).toMatchObject({ totalQuantity: 1, totalAmount: 25, totalFees: 1.5 });
    expect(await aggregate(event.id)).toMatchObject({ registrations: 1, remaining: 19 });
  });

  it('moves to another showtime: the whole quantity leaves one counter and lands on the other', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10, ...TWO_SHOWTIMES });
    const [s1, s2] = event.showtimes.map((s: { showtimeId: string }) => s.showtimeId);
    const made = await register(event, [3], { showtimeId: s1 });
    expect(made.showtimeLabel).toBe('Matinee');
    const res = await put(made.id, { showtimeId: s2 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ showtimeId: s2, showtimeLabel: 'Evening', totalQuantity: 3 });
    expect(await showtimeSold(api, f, event.id)).toEqual({ [s1]: 0, [s2]: 3 });
    const bad = await put(made.id, { showtimeId: 'elsewhere' });
    expect(bad.status).toBe(400);
    expect(await showtimeSold(api, f, event.id)).toEqual({ [s1]: 0, [s2]: 3 });
  });

  it('refuses an increase past the remaining seats with 409 CAPACITY_EXCEEDED and writes nothing', async () => {
    const event = await createEvent(api, f, { venueCapacity: 5 });
    const made = await register(event, [2]);
    const before = await partitionFingerprint(f.orgId);
    const res = await put(made.id, { tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 7 }] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'CAPACITY_EXCEEDED',
      errorCode: 'CAPACITY_EXCEEDED',
      data: { availableCapacity: 3, requestedDelta: 5 },
    });
    expect(await partitionFingerprint(f.orgId)).toEqual(before);
    expect((await aggregate(event.id)).registrations).toBe(2);
  });

  it('on a locked event refuses more seats (409 SALES_LOCKED) but still takes a decrease or a buyer correction', async () => {
    const event = await createEvent(api, f);
    const made = await register(event, [3]);
    expect((await lockEvent(event.id, true)).status).toBe(200);
    const type = event.ticketTypes[0].id;
    const more = await put(made.id, { tickets: [{ ticketTypeId: type, quantity: 4 }] });
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({ error: 'SALES_LOCKED', errorCode: 'SALES_LOCKED' });
    expect((await aggregate(event.id)).registrations).toBe(3);
    const less = await put(made.id, { tickets: [{ ticketTypeId: type, quantity: 1 }], buyerName: 'Late fix' });
    expect(less.status).toBe(200);
    expect(less.body.data).toMatchObject({ totalQuantity: 1, buyerName: 'Late fix' });
    expect((await aggregate(event.id)).registrations).toBe(1);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const event = await createEvent(api, f);
    const made = await register(event, [2]);
    const before = await partitionFingerprint(f.orgId);
    const type = event.ticketTypes[0].id;
    for (const body of [
      {},
      { tickets: [] },
      { tickets: [{ ticketTypeId: type, quantity: 0 }] },
      { tickets: [{ ticketTypeId: 'unknown', quantity: 1 }] },
      {
        tickets: [
          { ticketTypeId: type, quantity: 1 },
          { ticketTypeId: type, quantity: 1 },
        ],
      },
      { eventId: event.id },
      { buyerEmail: 'not-an-address' },
      { totalAmount: 1 },
    ]) {
      const res = await put(made.id, body);
      expect([JSON.stringify(body), res.status, res.body.error]).toEqual([
        JSON.stringify(body),
        400,
        'VALIDATION_ERROR',
      ]);
    }
    expect(await partitionFingerprint(f.orgId)).toEqual(before);
  });

  it('parallel updates of one registration never lose a capacity move', async () => {
    const event = await createEvent(api, f, { venueCapacity: 50, ...TWO_SHOWTIMES });
    const [s1, s2] = event.showtimes.map((s: { showtimeId: string }) => s.showtimeId);
    const made = await register(event, [1], { showtimeId: s1 });
    const type = event.ticketTypes[0].id;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        put(made.id, { showtimeId: i % 2 ? s1 : s2, tickets: [{ ticketTypeId: type, quantity: i + 1 }] }),
      ),
    );
    expect(results.every((r) => r.status === 200 || (r.status === 409 && r.body.error === 'CONFLICT'))).toBe(true);
    expect(results.some((r) => r.status === 200)).toBe(true);
    const final = await storedDocument(f.orgId, made.id);
    expect(await showtimeSold(api, f, event.id)).toEqual({
      [s1]: 0,
      [s2]: 0,
      [final.showtimeId]: final.totalQuantity,
    });
  });
});

describe('the one-hour window', () => {
  it('is open just before the hour and closed from the hour on: 409 REGISTRATION_LOCKED, nothing written', async () => {
    const event = await createEvent(api, f);
    const young = await register(event, [2]);
    await seedRegistrationAge(f.orgId, young.id, 59 * MINUTE);
    expect((await put(young.id, { note: 'still open' })).status).toBe(200);

    const old = await register(event, [2]);
    await seedRegistrationAge(f.orgId, old.id, 60 * MINUTE + 1000);
    const stored = await storedDocument(f.orgId, old.id);
    const before = await partitionFingerprint(f.orgId);
    const edit = await put(old.id, { tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 5 }] });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({
      success: false,
      error: 'REGISTRATION_LOCKED',
      errorCode: 'REGISTRATION_LOCKED',
      data: { lockedAt: stored.lockedAt },
    });
    const removal = await del(old.id);
    expect(removal.status).toBe(409);
    expect(removal.body).toMatchObject({ error: 'REGISTRATION_LOCKED', errorCode: 'REGISTRATION_LOCKED' });
    expect(await partitionFingerprint(f.orgId)).toEqual(before);
    expect((await aggregate(event.id)).registrations).toBe(4);
  });
});

describe('DELETE registrations/{id}', () => {
  it('soft-deletes, releases the seats, answers the deleted registration; then it is gone (404)', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const made = await register(event, [2, 1]);
    expect((await aggregate(event.id)).registrations).toBe(3);
    const res = await del(made.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...made,
      deletedAt: expect.any(String),
      deletedBy: f.ticketManager.id,
    });
    // user with its role map (auth), registration read, its ticket book (voided with it), replace, counter release
    expect(ops(res)).toBe(5);
    expect(await aggregate(event.id)).toMatchObject({ registrations: 0, sold: 0, remaining: 10 });
    expect(await storedDocument(f.orgId, made.id)).toMatchObject({ deletedAt: res.body.data.deletedAt });
    for (const again of [await del(made.id), await put(made.id, { note: 'x' })]) {
      expect([again.status, again.body.error]).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('answers 404 for an unknown id and for a document that is not a registration', async () => {
    const event = await createEvent(api, f);
    for (const id of ['no-such-registration', event.id]) {
      expect((await del(id)).status).toBe(404);
      expect((await put(id, { note: 'x' })).status).toBe(404);
    }
  });
});

describe('role matrix of update and delete', () => {
  it('refuses a member (even the seller) and an outsider admin with 403, writing nothing; ticket manager+ pass', async () => {
    const event = await createEvent(api, f);
    const made = await register(event, [1]);
    const before = await partitionFingerprint(f.orgId);
    for (const who of [f.member, f.member2, f.outsider]) {
      const edit = await put(made.id, { note: 'mine' }, who);
      expect([edit.status, edit.body.error]).toEqual([403, 'FORBIDDEN']);
      const removal = await del(made.id, who);
      expect([removal.status, removal.body.error]).toEqual([403, 'FORBIDDEN']);
      expect(JSON.stringify(edit.body) + JSON.stringify(removal.body)).not.toContain(made.id);
    }
    expect(await partitionFingerprint(f.orgId)).toEqual(before);
    // The outsider in their own organization finds nothing under this id.
    const own = await api.put(`registrations/${made.id}`, {
      token: f.outsider.token,
      query: { organizationId: f.outsider.orgId },
      body: { note: 'x' },
    });
    expect([own.status, own.body.error]).toEqual([404, 'NOT_FOUND']);
    for (const who of [f.ticketManager, f.treasurer, f.admin]) {
      expect((await put(made.id, { note: who.name }, who)).status).toBe(200);
    }
    expect((await del(made.id, f.admin)).status).toBe(200);
  });
});
