import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import { injectStoreFault } from '../helpers/seed';

/** Allocations with quota enforcement on order creation, pledges and the commitment round. */
let api: TestHost;
let f: OrgFixture;
let o: ReturnType<typeof orderApi>;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  o = orderApi(api, f);
});
afterAll(() => api.close());

const allocate = (body: Record<string, unknown>, token = f.ticketManager.token) =>
  api.post('allocations', { token, query: { organizationId: f.orgId }, body });

describe('allocations', () => {
  it('creates (201) then replaces (200) one allocation per event, showtime and member; used follows orders', async () => {
    const event = await createEvent(api, f, { enableQuotas: true });
    const [A, C] = event.ticketTypes.map((t: any) => t.id);
    let res = await allocate({ eventId: event.id, userId: f.member.id, items: [{ ticketTypeId: A, allocated: 3 }] });
    expect(res.status).toBe(201);
    expect(res.body.data.items).toEqual([{ ticketTypeId: A, ticketTypeName: 'Adult', allocated: 3, used: 0 }]);
    res = await allocate({
      eventId: event.id,
      userId: f.member.id,
      items: [
        { ticketTypeId: A, allocated: 4 },
        { ticketTypeId: C, allocated: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    const order = await o.create(f.member, event, [3, 1]);
    const mine = await api.get('my-allocations', { token: f.member.token, query: { ...o.q, eventId: event.id } });
    expect(mine.body.data.items[0].items.map((i: any) => i.used)).toEqual([3, 1]);
    const refused = await o.post('orders', f.member, {
      eventId: event.id,
      tickets: [{ ticketTypeId: A, quantity: 2 }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: 'ALLOCATION_EXCEEDED',
      data: { ticketTypeId: A, allocated: 4, used: 3, requested: 2 },
    });
    await o.post(`orders/${order.id}/cancel`, f.ticketManager);
    const list = await api.get('allocations', { token: f.ticketManager.token, query: { ...o.q, eventId: event.id } });
    expect(list.body.data.items.find((a: any) => a.id === id).items.map((i: any) => i.used)).toEqual([0, 0]);
    expect(
      (await o.post('orders', f.member, { eventId: event.id, tickets: [{ ticketTypeId: A, quantity: 4 }] })).status,
    ).toBe(201);
  });

  it('without an allocation a quota event refuses the order; without quotas limits do not apply', async () => {
    const quota = await createEvent(api, f, { enableQuotas: true });
    const res = await o.post('orders', f.member2, {
      eventId: quota.id,
      tickets: [{ ticketTypeId: quota.ticketTypes[0].id, quantity: 1 }],
    });
    expect(res.body).toMatchObject({ error: 'ALLOCATION_EXCEEDED', data: { allocated: 0, used: 0, requested: 1 } });
    const free = await createEvent(api, f);
    await allocate({
      eventId: free.id,
      userId: f.member2.id,
      items: [{ ticketTypeId: free.ticketTypes[0].id, allocated: 1 }],
    });
    expect(
      (
        await o.post('orders', f.member2, {
          eventId: free.id,
          tickets: [{ ticketTypeId: free.ticketTypes[0].id, quantity: 5 }],
        })
      ).status,
    ).toBe(201);
  });

  it('holds the limit under parallel order creation', async () => {
    const event = await createEvent(api, f, { enableQuotas: true });
    const A = event.ticketTypes[0].id;
    await allocate({ eventId: event.id, userId: f.member.id, items: [{ ticketTypeId: A, allocated: 5 }] });
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        o.post('orders', f.member, { eventId: event.id, tickets: [{ ticketTypeId: A, quantity: 1 }] }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 409)).toBe(true);
    const mine = await api.get('me/orders', { token: f.member.token, query: { ...o.q, eventId: event.id } });
    expect(mine.body.data.items).toHaveLength(5);
    const store = Number(results.find((r) => r.status === 201)!.headers.get('x-store-ops'));
    expect(store).toBeGreaterThanOrEqual(4);
  });

  it('parallel first writes of one allocation give one 201 and 200s, never a 500, and leave one allocation', async () => {
    const event = await createEvent(api, f, { enableQuotas: true });
    const A = event.ticketTypes[0].id;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        allocate({ eventId: event.id, userId: f.member2.id, items: [{ ticketTypeId: A, allocated: i + 1 }] }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const list = await api.get('allocations', { token: f.ticketManager.token, query: { ...o.q, eventId: event.id } });
    expect(list.body.data.items).toHaveLength(1);
    const allocated = list.body.data.items[0].items[0].allocated;
    expect(results.map((r) => r.body.data.items[0].allocated)).toContain(allocated);
  });

  it('validates the event, showtime, member and ticket types; deletes; lists members with a summary', async () => {
    const event = await createEvent(api, f, { enableQuotas: true });
    const A = event.ticketTypes[0].id;
    expect((await allocate({ eventId: 'missing', userId: f.member.id, items: [] })).status).toBe(404);
    expect((await allocate({ eventId: event.id, showtimeId: 'nope', userId: f.member.id, items: [] })).status).toBe(
      400,
    );
    expect((await allocate({ eventId: event.id, userId: f.outsider.id, items: [] })).status).toBe(400);
    expect(
      (await allocate({ eventId: event.id, userId: f.member.id, items: [{ ticketTypeId: 'x', allocated: 1 }] })).status,
    ).toBe(400);
    expect(
      (
        await allocate(
          { eventId: event.id, userId: f.member.id, items: [{ ticketTypeId: A, allocated: 1 }] },
          f.member.token,
        )
      ).status,
    ).toBe(403);
    const created = await allocate({
      eventId: event.id,
      showtimeId: event.showtimes[0].showtimeId,
      userId: f.member2.id,
      items: [{ ticketTypeId: A, allocated: 2 }],
    });
    expect(created.status).toBe(201);
    await o.create(f.member2, event, [1, 0]);
    const members = await api.get('allocations/members', {
      token: f.ticketManager.token,
      query: { ...o.q, eventId: event.id },
    });
    const row = members.body.data.items.find((m: any) => m.userId === f.member2.id);
    expect(row).toMatchObject({ name: 'Max Member', summary: { allocated: 2, used: 1, remaining: 1 } });
    expect(members.body.data.items.find((m: any) => m.userId === f.member.id).summary).toEqual({
      allocated: 0,
      used: 0,
      remaining: 0,
    });
    expect((await api.get('allocations/members', { token: f.ticketManager.token, query: o.q })).status).toBe(400);
    const del = await api.del(`allocations/${created.body.data.id}`, { token: f.ticketManager.token, query: o.q });
    expect(del.status).toBe(200);
    expect(
      (await api.del(`allocations/${created.body.data.id}`, { token: f.ticketManager.token, query: o.q })).status,
    ).toBe(404);
  });
});

describe('pledges and the commitment round', () => {
  const commit = (eventId: string, body: unknown, token = f.admin.token) =>
    api.put(`management/events/${eventId}/commitment`, { token, query: o.q, body });
  const pledge = (eventId: string, who: { token: string }, body: unknown) =>
    api.post(`events/${eventId}/my-pledge`, { token: who.token, query: o.q, body });

  it('runs open → closed → converted, converting sure pledges into allocations on the first ticket type', async () => {
    const event = await createEvent(api, f, {
      enableQuotas: true,
      ticketTypes: [
        { name: 'Child', price: 5, sortOrder: 2 },
        { name: 'Adult', price: 20, sortOrder: 1 },
      ],
    });
    expect((await pledge(event.id, f.member, { sureCount: 1, possibleCount: 0 })).body.error).toBe('COMMITMENT_CLOSED');
    expect((await commit(event.id, { status: 'closed' })).status).toBe(409);
    expect((await commit(event.id, { status: 'open' }, f.treasurer.token)).status).toBe(403);
    expect((await commit(event.id, { status: 'open', deadline: '2099-01-01T00:00:00.000Z' })).status).toBe(200);
    expect((await pledge(event.id, f.member, { sureCount: 2, possibleCount: 1 })).status).toBe(200);
    const updated = await pledge(event.id, f.member, { sureCount: 3, possibleCount: 2 });
    expect(updated.body.data).toMatchObject({
      userId: f.member.id,
      userName: 'Mia Member',
      sureCount: 3,
      possibleCount: 2,
      eventName: 'Spring Concert',
    });
    await pledge(event.id, f.member2, { sureCount: 0, possibleCount: 4 });
    await pledge(event.id, f.treasurer, { sureCount: 2, possibleCount: 0 });
    const adult = event.ticketTypes.find((t: any) => t.name === 'Adult').id;
    await allocate({ eventId: event.id, userId: f.treasurer.id, items: [{ ticketTypeId: adult, allocated: 9 }] });
    const mine = await api.get(`events/${event.id}/my-pledge`, { token: f.member.token, query: o.q });
    expect(mine.body.data.sureCount).toBe(3);
    expect((await api.get(`events/${event.id}/my-pledge`, { token: f.admin.token, query: o.q })).body.data).toBeNull();
    const summary = await api.get(`events/${event.id}/pledge-summary`, { token: f.member2.token, query: o.q });
    expect(summary.body.data).toEqual({
      commitmentStatus: 'open',
      commitmentDeadline: '2099-01-01T00:00:00.000Z',
      pledgeCount: 3,
      totalSure: 5,
      totalPossible: 6,
    });
    expect((await api.get(`management/events/${event.id}/pledges`, { token: f.member.token, query: o.q })).status).toBe(
      403,
    );
    const all = await api.get(`management/events/${event.id}/pledges`, { token: f.ticketManager.token, query: o.q });
    expect(all.body.data.items).toHaveLength(3);
    expect((await commit(event.id, { status: 'converted' })).status).toBe(409);
    expect((await commit(event.id, { status: 'closed' })).body.data.commitmentStatus).toBe('closed');
    expect((await pledge(event.id, f.member, { sureCount: 9, possibleCount: 0 })).status).toBe(409);
    const converted = await commit(event.id, { status: 'converted' });
    expect(converted.body.data).toMatchObject({
      commitmentStatus: 'converted',
      conversion: { allocationsCreated: 1, skippedExisting: 1 },
    });
    const allocations = await api.get('allocations', {
      token: f.ticketManager.token,
      query: { ...o.q, eventId: event.id },
    });
    const forMember = allocations.body.data.items.find((a: any) => a.userId === f.member.id);
    expect(forMember.items).toEqual([{ ticketTypeId: adult, ticketTypeName: 'Adult', allocated: 3, used: 0 }]);
    expect(allocations.body.data.items.find((a: any) => a.userId === f.treasurer.id).items[0].allocated).toBe(9);
    expect(allocations.body.data.items.some((a: any) => a.userId === f.member2.id)).toBe(false);
    for (const status of ['open', 'closed', 'converted']) expect((await commit(event.id, { status })).status).toBe(409);
  });

  it('parallel first pledges of one member all succeed (never a 500) and leave one pledge', async () => {
    const event = await createEvent(api, f, { commitmentStatus: 'open' });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => pledge(event.id, f.member2, { sureCount: i, possibleCount: 1 })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const summary = await api.get(`events/${event.id}/pledge-summary`, { token: f.member.token, query: o.q });
    expect(summary.body.data).toMatchObject({ pledgeCount: 1, totalPossible: 1 });
  });

  it('a conversion that loses the event race and retries still reports the allocations it created', async () => {
    const event = await createEvent(api, f, { commitmentStatus: 'open' });
    await pledge(event.id, f.member, { sureCount: 2, possibleCount: 0 });
    await pledge(event.id, f.member2, { sureCount: 1, possibleCount: 0 });
    await allocate({
      eventId: event.id,
      userId: f.member2.id,
      items: [{ ticketTypeId: event.ticketTypes[0].id, allocated: 5 }],
    });
    await commit(event.id, { status: 'closed' });
    // Another writer changes the event (the event update route) while the conversion's first event replace is
    // in flight: that replace gets 412.
    let raced = false;
    injectStoreFault(async (op) => {
      if (raced || op.kind !== 'replace' || op.id !== event.id) return false;
      raced = true;
      const edit = await api.put(`management/events/${event.id}`, {
        token: f.admin.token,
        query: { organizationId: f.orgId },
        body: { location: 'Other hall' },
      });
      if (edit.status !== 200) throw new Error(`concurrent edit failed: ${edit.status} ${edit.text}`);
      return false;
    });
    try {
      const res = await commit(event.id, { status: 'converted' });
      expect(raced).toBe(true);
      expect(res.body.data).toMatchObject({
        commitmentStatus: 'converted',
        conversion: { allocationsCreated: 1, skippedExisting: 1 },
      });
    } finally {
      injectStoreFault(undefined);
    }
  });

  it('reads a passed deadline as closed', async () => {
    const event = await createEvent(api, f, {
      commitmentStatus: 'open',
      commitmentDeadline: '2020-01-01T00:00:00.000Z',
    });
    const summary = await api.get(`events/${event.id}/pledge-summary`, { token: f.member.token, query: o.q });
    expect(summary.body.data.commitmentStatus).toBe('closed');
    expect((await pledge(event.id, f.member, { sureCount: 1, possibleCount: 0 })).body.error).toBe('COMMITMENT_CLOSED');
    expect((await commit(event.id, { status: 'open', deadline: '2020-02-01T00:00:00.000Z' })).status).toBe(400);
    expect((await commit(event.id, { status: 'open' })).body.data).toMatchObject({ commitmentStatus: 'open' });
  });

  it('stores a deadline given with an offset in UTC', async () => {
    const event = await createEvent(api, f);
    const res = await commit(event.id, { status: 'open', deadline: '2099-01-01T00:00:00+05:00' });
    expect(res.body.data).toMatchObject({ commitmentStatus: 'open', commitmentDeadline: '2098-12-31T19:00:00.000Z' });
  });
});

describe('OpenAPI', () => {
  it('publishes a response shape for every order, allocation and pledge route', async () => {
    const doc = (await api.get('openapi.json')).body;
    const missing: string[] = [];
    // Resources are named components: a `$ref` names the shape.
    const resolve = (schema: any) => (schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema);
    for (const [path, methods] of Object.entries<any>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(methods)) {
        if (!['orders', 'allocations', 'pledges'].some((tag) => operation.tags?.includes(tag))) continue;
        if (operation.tags.includes('orders') && /transfer|archive/.test(path)) continue; // another area
        const ok = Object.entries<any>(operation.responses).find(([status]) => status.startsWith('2'));
        const data = resolve(ok?.[1].content['application/json'].schema.properties.data);
        // A nullable answer (my-pledge) is `anyOf: [shape, null]`.
        const shaped = data?.properties ?? data?.anyOf?.map(resolve).find((option: any) => option.properties);
        if (!shaped) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
