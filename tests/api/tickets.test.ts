import { randomUUID } from 'node:crypto';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { giveFree, TWO_SHOWTIMES } from '../helpers/events';
import { orderApi } from '../helpers/orders';
import { nonce, ticketApi, type Ticket } from '../helpers/tickets';

let api: TestHost;
let f: OrgFixture;
let o: ReturnType<typeof orderApi>;
let t: ReturnType<typeof ticketApi>;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  o = orderApi(api, f);
  t = ticketApi(api, f);
}, 60_000);
afterAll(() => api.close());

const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));
const serials = (items: Ticket[]) => items.map((i) => i.serial);

describe('issuing numbered tickets', () => {
  it('delivery issues one ticket per ordered ticket, numbered per showtime, each with a code, in one batch with the delivery', async () => {
    const event = await createEvent(api, f, { venueCapacity: 50 });
    const order = await o.create(f.member, event, [2, 1]);
    await o.approve(order.id);
    expect(await t.tickets(`orders/${order.id}`)).toEqual([]);
    const res = await o.post(`orders/${order.id}/deliver`, f.ticketManager);
    expect(res.status).toBe(200);
    // user (auth), order read, the member and the organization for the member's notice (in parallel), the
    // reservation of its serial numbers (the showtime's first issue: its counter's patch, absent, then its create),
    // one batch (order, ticket book, notification); the next delivery on the showtime reserves with one call
    expect(ops(res)).toBe(7);
    const items = await t.tickets(`orders/${order.id}`, f.member);
    expect(items).toEqual([
      {
        serial: 'A-0001',
        ticketTypeId: event.ticketTypes[0].id,
        showtimeId: order.showtimeId,
        status: 'issued',
        code: expect.any(String),
      },
      {
        serial: 'A-0002',
        ticketTypeId: event.ticketTypes[0].id,
        showtimeId: order.showtimeId,
        status: 'issued',
        code: expect.any(String),
      },
      {
        serial: 'A-0003',
        ticketTypeId: event.ticketTypes[1].id,
        showtimeId: order.showtimeId,
        status: 'issued',
        code: expect.any(String),
      },
    ]);
    expect(new Set(items.map((i) => i.code)).size).toBe(3);
    expect(Math.max(...items.map((i) => i.code.length))).toBeLessThan(200);
    const next = await o.delivered(f.member2, event, [1, 0]);
    expect(serials(await t.tickets(`orders/${next.id}`))).toEqual(['A-0004']);
    // another member's order: 403; an outsider: not a member of the organization
    expect((await api.get(`orders/${order.id}/tickets`, { token: f.member2.token, query: t.q })).status).toBe(403);
    expect((await api.get(`orders/${order.id}/tickets`, { token: f.outsider.token, query: t.q })).status).toBe(403);
    expect((await api.get(`orders/${randomUUID()}/tickets`, { token: f.ticketManager.token, query: t.q })).status).toBe(
      404,
    );
  });

  it('eight parallel deliveries on one showtime never share a serial', async () => {
    const event = await createEvent(api, f, { venueCapacity: 200 });
    const orders = [];
    for (let i = 0; i < 8; i += 1) {
      const order = await o.create(i % 2 ? f.member : f.member2, event, [2, 1]);
      await o.approve(order.id);
      orders.push(order);
    }
    const answers = await Promise.all(orders.map((x) => o.post(`orders/${x.id}/deliver`, f.ticketManager)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const all = (await Promise.all(orders.map((x) => t.tickets(`orders/${x.id}`)))).flat();
    expect(all).toHaveLength(24);
    expect(new Set(serials(all)).size).toBe(24);
    expect(serials(all).sort()).toEqual(Array.from({ length: 24 }, (_, i) => `A-${String(i + 1).padStart(4, '0')}`));
  });

  it('a direct sale issues at registration, a free ticket at creation; editing voids the surplus, deleting voids all', async () => {
    const event = await createEvent(api, f, { venueCapacity: 50, ...TWO_SHOWTIMES });
    const [s1, s2] = event.showtimes.map((s: { showtimeId: string }) => s.showtimeId);
    const sale = await api.post('registrations', {
      token: f.member.token,
      query: t.q,
      body: { eventId: event.id, showtimeId: s1, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 3 }] },
    });
    expect(sale.status).toBe(201);
    const path = `registrations/${sale.body.data.id}`;
    expect(serials(await t.tickets(path, f.member))).toEqual(['A-0001', 'A-0002', 'A-0003']);
    expect((await api.get(`${path}/tickets`, { token: f.member2.token, query: t.q })).status).toBe(403);
    const edited = await api.put(path, {
      token: f.ticketManager.token,
      query: t.q,
      body: { tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 2 }] },
    });
    expect(edited.status).toBe(200);
    expect((await t.tickets(path)).map((i) => `${i.serial}:${i.status}`)).toEqual([
      'A-0001:issued',
      'A-0002:issued',
      'A-0003:void',
    ]);
    const moved = await api.put(path, { token: f.ticketManager.token, query: t.q, body: { showtimeId: s2 } });
    expect(moved.status).toBe(200);
    const afterMove = await t.tickets(path);
    expect(afterMove.filter((i) => i.showtimeId === s1).every((i) => i.status === 'void')).toBe(true);
    expect(afterMove.filter((i) => i.showtimeId === s2).map((i) => `${i.serial}:${i.status}`)).toEqual([
      'A-0001:issued',
      'A-0002:issued',
    ]);

    const free = await giveFree(api, f, event, 2);
    expect(free.status).toBe(201);
    const freePath = `events/${event.id}/free-tickets/${free.body.data.id}`;
    expect(serials(await t.tickets(freePath))).toEqual(['A-0004', 'A-0005']);
    const code = (await t.tickets(freePath))[0]!.code;
    expect((await api.del(freePath, { token: f.ticketManager.token, query: t.q })).status).toBe(200);
    expect((await t.scan({ code, showtimeId: s1 })).body.data.result).toBe('void');
    expect((await api.get(`${freePath}/tickets`, { token: f.ticketManager.token, query: t.q })).status).toBe(404);
  });
});

describe('codes and the door', () => {
  it('a genuine code admits once; tampered, foreign and garbage codes are unknown; another showtime is wrong_showtime', async () => {
    const event = await createEvent(api, f, { venueCapacity: 50, ...TWO_SHOWTIMES });
    const [s1, s2] = event.showtimes.map((s: { showtimeId: string }) => s.showtimeId);
    const order = await o.delivered(f.member, event, [2, 0], { showtimeId: s1 });
    const [first, second] = await t.tickets(`orders/${order.id}`);
    expect((await giveFree(api, f, event, 1, 1)).status).toBe(201); // the second showtime has a door too
    const admitted = await t.scan({ code: first!.code, showtimeId: s1 });
    expect(admitted.status).toBe(200);
    expect(admitted.body.data).toEqual({
      nonce: expect.any(String),
      result: 'admitted',
      ticket: { serial: first!.serial, ticketTypeName: 'Adult', holderName: expect.any(String) },
    });
    const again = await t.scan({ code: first!.code, showtimeId: s1 });
    expect(again.body.data).toMatchObject({
      result: 'already_admitted',
      firstAdmission: { at: expect.any(String), byName: expect.any(String), via: 'code' },
    });
    const sig = second!.code.slice(-86);
    const flipped = second!.code.slice(0, -86) + (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    const otherSerial = second!.code.replace(second!.serial, 'A-0999');
    for (const code of [flipped, otherSerial, 'not a code', `${second!.code}x`]) {
      expect((await t.scan({ code, showtimeId: s1 })).body.data.result).toBe('unknown');
    }
    expect((await t.scan({ code: second!.code, showtimeId: s2 })).body.data.result).toBe('wrong_showtime');

    // A code of another organization, replayed here with the same serial and ids, never verifies.
    const other = { orgId: f.outsider.orgId, admin: f.outsider, ticketManager: f.outsider } as unknown as OrgFixture;
    const foreignEvent = await createEvent(api, other, { venueCapacity: 10 });
    const oo = orderApi(api, other);
    const foreignOrder = await oo.create(f.outsider, foreignEvent, [1, 0]);
    await oo.approve(foreignOrder.id);
    await oo.deliver(foreignOrder.id);
    const [foreign] = await ticketApi(api, other).tickets(`orders/${foreignOrder.id}`, f.outsider);
    expect(foreign!.serial).toBe('A-0001');
    const forged = foreign!.code
      .replace(foreignEvent.showtimes[0].showtimeId, s1)
      .replace(foreign!.ticketTypeId, first!.ticketTypeId);
    // its showtime is not one with tickets here: 404, naming nothing
    expect((await t.scan({ code: foreign!.code, showtimeId: foreignEvent.showtimes[0].showtimeId })).status).toBe(404);
    expect((await t.scan({ code: forged, showtimeId: s1 })).body.data.result).toBe('unknown');
    expect((await t.tickets(`orders/${order.id}`)).map((i) => i.status)).toEqual(['admitted', 'issued']);
  });

  it('four doors scanning one ticket at once admit it exactly once; a re-sent nonce answers the same', async () => {
    const event = await createEvent(api, f, { venueCapacity: 50 });
    const order = await o.delivered(f.member, event, [1, 0]);
    const [ticket] = await t.tickets(`orders/${order.id}`);
    const nonces = [nonce(), nonce(), nonce(), nonce()];
    const scans = await Promise.all(
      nonces.map((n) => t.scan({ code: ticket!.code, showtimeId: ticket!.showtimeId, nonce: n })),
    );
    const results = scans.map((s) => s.body.data.result);
    expect(results.filter((r) => r === 'admitted')).toHaveLength(1);
    expect(results.filter((r) => r === 'already_admitted')).toHaveLength(3);
    const winner = nonces[results.indexOf('admitted')]!;
    const resent = await t.scan({ code: ticket!.code, showtimeId: ticket!.showtimeId, nonce: winner });
    expect(resent.body.data).toEqual(scans[results.indexOf('admitted')]!.body.data);
    // a refusal's re-send answers the same too; the showtime's counter and the book's query, nothing written
    const loser = nonces[results.indexOf('already_admitted')]!;
    const resentLoser = await t.scan({ code: ticket!.code, showtimeId: ticket!.showtimeId, nonce: loser });
    expect(resentLoser.body.data.result).toBe('already_admitted');
    expect(ops(resentLoser)).toBe(3);
  });

  it('entry by serial is recorded as such; returned tickets are refused; returns name serials, by default the highest', async () => {
    const event = await createEvent(api, f, { venueCapacity: 50 });
    const order = await o.delivered(f.member, event, [4, 0]);
    const before = await t.tickets(`orders/${order.id}`);
    const byDefault = await o.ret(f.ticketManager, order.id, { returnQuantity: 1 });
    expect(byDefault.status).toBe(200);
    const named = await o.ret(f.ticketManager, order.id, { returnQuantity: 1, serials: [before[0]!.serial] });
    expect(named.status).toBe(200);
    expect((await t.tickets(`orders/${order.id}`)).map((i) => i.status)).toEqual([
      'returned',
      'issued',
      'issued',
      'returned',
    ]);
    const refused = await t.scan({ code: before[3]!.code, showtimeId: before[3]!.showtimeId });
    expect(refused.body.data.result).toBe('returned');
    // a serial already returned, not on the order, or not matching the count: 400, nothing written
    for (const body of [
      { returnQuantity: 1, serials: [before[0]!.serial] },
      { returnQuantity: 1, serials: ['Z-9999'] },
      { returnQuantity: 2, serials: [before[1]!.serial] },
      { returnQuantity: 1, serials: ['a-1'] },
    ]) {
      const res = await o.ret(f.ticketManager, order.id, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'VALIDATION_ERROR' });
    }
    expect((await o.get(order.id)).returnedQuantity).toBe(2);
    const typed = await t.scan({ serial: before[1]!.serial, showtimeId: before[1]!.showtimeId });
    expect(typed.body.data.result).toBe('admitted');
    const after = await t.scan({ code: before[1]!.code, showtimeId: before[1]!.showtimeId });
    expect(after.body.data.firstAdmission.via).toBe('serial');
  });

  it('a partial transfer moves named serials with the quantity to the new order', async () => {
    const event = await createEvent(api, f, { venueCapacity: 50 });
    const order = await o.delivered(f.member, event, [3, 0]);
    const before = await t.tickets(`orders/${order.id}`);
    const res = await o.post(`orders/${order.id}/transfer`, f.ticketManager, {
      toUserId: f.member2.id,
      transferRequestId: randomUUID(),
      quantity: 1,
      serials: [before[0]!.serial],
    });
    expect(res.status).toBe(200);
    expect(serials(await t.tickets(`orders/${order.id}`))).toEqual([before[1]!.serial, before[2]!.serial]);
    const moved = await t.tickets(`orders/${res.body.data.resultOrderId}`, f.member2);
    expect(moved).toEqual([before[0]]);
    const admitted = await t.scan({ code: before[0]!.code, showtimeId: before[0]!.showtimeId });
    expect(admitted.body.data.ticket.holderName).toBe(res.body.data.recipientName);
  });

  it('an offline batch is decided in order: a ticket scanned twice is admitted once; the batch re-sent answers the same', async () => {
    const event = await createEvent(api, f, { venueCapacity: 50 });
    const order = await o.delivered(f.member, event, [3, 0]);
    const items = await t.tickets(`orders/${order.id}`);
    await o.ret(f.ticketManager, order.id, { returnQuantity: 1, serials: [items[2]!.serial] });
    const at = new Date().toISOString();
    const scans = [
      { code: items[0]!.code, showtimeId: items[0]!.showtimeId, nonce: nonce(), scannedAt: at },
      { code: items[0]!.code, showtimeId: items[0]!.showtimeId, nonce: nonce(), scannedAt: at },
      { serial: items[1]!.serial, showtimeId: items[1]!.showtimeId, nonce: nonce(), scannedAt: at },
      { code: items[2]!.code, showtimeId: items[2]!.showtimeId, nonce: nonce(), scannedAt: at },
      { code: 'garbage', showtimeId: items[2]!.showtimeId, nonce: nonce(), scannedAt: at },
    ];
    const res = await t.batch(scans);
    expect(res.status).toBe(200);
    const expected = ['admitted', 'already_admitted', 'admitted', 'returned', 'unknown'];
    expect(res.body.data.results.map((r: { result: string }) => r.result)).toEqual(expected);
    expect(res.body.data.results.map((r: { nonce: string }) => r.nonce)).toEqual(scans.map((s) => s.nonce));
    // user (auth), the showtime's serial counter, its books (one query), one batch
    expect(ops(res)).toBe(4);
    const resent = await t.batch(scans);
    expect(resent.body.data.results.map((r: { result: string }) => r.result)).toEqual(expected);
    const tooMany = await t.batch(Array.from({ length: 501 }, () => scans[0]));
    expect(tooMany.status).toBe(400);
    // a showtime with nothing issued here (another organization's, or none) names nothing: 404
    const foreign = await t.batch([{ ...scans[0], showtimeId: 'no-such-showtime' }]);
    expect(foreign.status).toBe(404);
  });

  it('the door kit carries the public key and serial → status; a member needs a door grant an admin gives and takes', async () => {
    const event = await createEvent(api, f, { venueCapacity: 50 });
    const order = await o.delivered(f.member, event, [2, 0]);
    const [ticket] = await t.tickets(`orders/${order.id}`);
    const kitPath = `management/events/${event.id}/door-kit`;
    const kitQuery = { ...t.q, showtimeId: ticket!.showtimeId };
    expect((await api.get(kitPath, { token: f.member2.token, query: kitQuery })).status).toBe(403);
    expect((await t.scan({ code: ticket!.code, showtimeId: ticket!.showtimeId }, f.member2)).status).toBe(403);
    const grantPath = `management/events/${event.id}/door-grants/${f.member2.id}`;
    expect((await api.put(grantPath, { token: f.ticketManager.token, query: t.q, body: {} })).status).toBe(403);
    const given = await api.put(grantPath, { token: f.admin.token, query: t.q, body: {} });
    expect(given.status).toBe(200);
    expect(given.body.data).toMatchObject({ eventId: event.id, userId: f.member2.id });
    // the member learns their own grants (the client's door page): one query after authentication
    const mine = await api.get('me/door-grants', { token: f.member2.token, query: t.q });
    expect(mine.status).toBe(200);
    expect(mine.body.data.items).toEqual([
      {
        eventId: event.id,
        userId: f.member2.id,
        userName: expect.any(String),
        grantedBy: f.admin.id,
        grantedByName: expect.any(String),
        grantedAt: expect.any(String),
      },
    ]);
    expect(ops(mine)).toBe(2);
    const othersMine = await api.get('me/door-grants', { token: f.member.token, query: t.q });
    expect(othersMine.body.data.items.filter((g: { eventId: string }) => g.eventId === event.id)).toEqual([]);
    expect((await api.get('me/door-grants', { token: f.outsider.token, query: t.q })).status).toBe(403);
    expect((await api.get('me/door-grants', { token: f.member2.token })).status).toBe(400);
    const kit = await api.get(kitPath, { token: f.member2.token, query: kitQuery });
    expect(kit.status).toBe(200);
    expect(kit.body.data).toMatchObject({
      organizationId: f.orgId,
      eventId: event.id,
      tickets: { 'A-0001': 'issued', 'A-0002': 'issued' },
      expected: 2,
      admitted: 0,
    });
    expect(Object.keys(kit.body.data.publicKeys)).toEqual(['k1']);
    expect((await t.scan({ code: ticket!.code, showtimeId: ticket!.showtimeId }, f.member2)).body.data.result).toBe(
      'admitted',
    );
    const list = await api.get(`management/events/${event.id}/door-grants`, { token: f.admin.token, query: t.q });
    expect(list.body.data.items.map((g: { userId: string }) => g.userId)).toEqual([f.member2.id]);
    expect((await api.del(grantPath, { token: f.admin.token, query: t.q })).status).toBe(200);
    expect((await api.del(grantPath, { token: f.admin.token, query: t.q })).status).toBe(404);
    expect(
      (await api.get('me/door-grants', { token: f.member2.token, query: t.q })).body.data.items.filter(
        (g: { eventId: string }) => g.eventId === event.id,
      ),
    ).toEqual([]);
    expect((await t.scan({ code: ticket!.code, showtimeId: ticket!.showtimeId }, f.member2)).status).toBe(403);
  });

  it('the door figures equal a hand count', async () => {
    const event = await createEvent(api, f, { venueCapacity: 80 });
    const a = await o.delivered(f.member, event, [5, 0]);
    const b = await o.delivered(f.member2, event, [3, 0]);
    expect((await o.reportSold(f.member, a.id, { soldQuantity: 2 })).status).toBe(200);
    await o.ret(f.ticketManager, b.id, { returnQuantity: 1 });
    const aTickets = await t.tickets(`orders/${a.id}`);
    const bTickets = await t.tickets(`orders/${b.id}`);
    for (const ticket of aTickets.slice(0, 4)) await t.scan({ code: ticket.code, showtimeId: ticket.showtimeId });
    await t.scan({ code: bTickets[0]!.code, showtimeId: bTickets[0]!.showtimeId });
    const free = await giveFree(api, f, event, 1);
    const [freeTicket] = await t.tickets(`events/${event.id}/free-tickets/${free.body.data.id}`);
    await t.scan({ code: freeTicket!.code, showtimeId: freeTicket!.showtimeId });
    const res = await api.get(`management/events/${event.id}/door`, { token: f.treasurer.token, query: t.q });
    expect(res.status).toBe(200);
    expect(res.body.data.showtimes).toEqual([
      { showtimeId: aTickets[0]!.showtimeId, issued: 9, returned: 1, reportedSold: 2, admitted: 6 },
    ]);
    expect(res.body.data.members).toEqual([
      { userId: f.member.id, name: expect.any(String), reportedSold: 2, admitted: 4, unreported: 2 },
      { userId: f.member2.id, name: expect.any(String), reportedSold: 0, admitted: 1, unreported: 1 },
    ]);
    expect(
      (await api.get(`management/events/${event.id}/door`, { token: f.ticketManager.token, query: t.q })).status,
    ).toBe(403);
  });

  it('settling an order with more tickets admitted than reported sold warns first (409), and settles with confirm', async () => {
    const event = await createEvent(api, f, { venueCapacity: 50 });
    const order = await o.delivered(f.member, event, [3, 0]);
    const items = await t.tickets(`orders/${order.id}`);
    for (const ticket of items.slice(0, 2)) await t.scan({ code: ticket.code, showtimeId: ticket.showtimeId });
    expect((await o.reportSold(f.member, order.id, { soldQuantity: 1 })).status).toBe(200);
    // the member reports two returned although two came through the door: only the issued one can be marked
    expect((await o.ret(f.ticketManager, order.id, { returnQuantity: 2 })).status).toBe(200);
    expect((await t.tickets(`orders/${order.id}`)).map((i) => i.status)).toEqual(['admitted', 'admitted', 'returned']);
    const warned = await o.post(`orders/${order.id}/approve-reconciliation`, f.treasurer, {});
    expect(warned.status).toBe(409);
    expect(warned.body).toMatchObject({
      error: 'ADMITTED_BEYOND_SOLD',
      errorCode: 'ADMITTED_BEYOND_SOLD',
      data: { admitted: 2, reportedSold: 1 },
    });
    expect((await o.get(order.id)).status).toBe('awaitingReconciliation');
    const settled = await o.post(`orders/${order.id}/approve-reconciliation`, f.treasurer, { confirm: true });
    expect(settled.status).toBe(200);
    expect(settled.body.data.status).toBe('settled');
    expect((await o.post(`orders/${order.id}/approve-reconciliation`, f.treasurer, { confirm: 'yes' })).status).toBe(
      400,
    );
  });
});
