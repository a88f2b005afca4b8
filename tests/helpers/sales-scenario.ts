import type { TestHost } from './harness';
import { createEvent, type OrgFixture, type Person } from './fixtures';
import { orderApi } from './orders';

/**
 * The reconciliation scenario of issue 10, built through the API only: an event on two showtimes with printed
 * orders in every state, registrations by two members, free tickets, external ledger sales at a box-office price
 * and a manual external count. Prices are chosen so that floating-point sums would drift (0.10, 12.34, 0.66).
 * `expected` is the arithmetic of docs/decisions/sales.md and docs/decisions/events.md done by hand in cents, per showtime and member.
 */
export async function buildSalesScenario(api: TestHost, f: OrgFixture) {
  const event = await createEvent(api, f, {
    name: '=Reconciliation Night',
    venueCapacity: 40,
    showtimes: [
      { dateTime: '2027-05-01T14:00:00.000Z', label: 'Matinee' },
      { dateTime: '2027-05-01T19:00:00.000Z', label: 'Evening' },
    ],
    ticketTypes: [
      { name: 'Adult', price: 12.34, fee: 0.66, boxofficePrice: 15, boxofficeFee: 1, sortOrder: 1 },
      { name: 'Child', price: 0.1, fee: 0.05, sortOrder: 2 },
    ],
  });
  const [s1, s2] = event.showtimes.map((s: { showtimeId: string }) => s.showtimeId as string);
  const [adult, child] = event.ticketTypes.map((t: { id: string }) => t.id as string);
  const orders = orderApi(api, f);
  const q = { organizationId: f.orgId };
  const must = async (res: Promise<{ status: number; text: string; body: any }>, status: number, what: string) => {
    const r = await res;
    if (r.status !== status) throw new Error(`${what}: ${r.status} ${r.text}`);
    return r.body?.data;
  };
  const order = (who: Person, showtimeId: string, a: number, c: number) =>
    orders.create(who, event, [a, c], { showtimeId });
  const deliveredOrder = (who: Person, showtimeId: string, a: number, c: number) =>
    orders.delivered(who, event, [a, c], { showtimeId });
  const sold = (who: Person, id: string, total: number, a: number, c: number) =>
    must(
      orders.reportSold(who, id, {
        soldQuantity: total,
        soldTypeQuantities: [
          { ticketTypeId: adult, soldQuantity: a },
          { ticketTypeId: child, soldQuantity: c },
        ].filter((t) => t.soldQuantity > 0),
      }),
      200,
      'report-sold',
    );
  const settle = (id: string) =>
    must(orders.post(`orders/${id}/approve-reconciliation`, f.ticketManager), 200, 'settle');

  // Showtime 1, Mia (f.member): one order in every state.
  await order(f.member, s1, 2, 0); // pending
  const approved = await order(f.member, s1, 1, 0);
  await orders.approve(approved.id);
  const cancelled = await order(f.member, s1, 1, 1);
  await must(orders.post(`orders/${cancelled.id}/cancel`, f.ticketManager, {}), 200, 'cancel');
  const partly = await deliveredOrder(f.member, s1, 4, 3);
  await sold(f.member, partly.id, 3, 2, 1); // delivered, partly reported
  const withReturn = await deliveredOrder(f.member, s1, 2, 2);
  await sold(f.member, withReturn.id, 3, 2, 1);
  await must(
    orders.ret(f.ticketManager, withReturn.id, {
      returnQuantity: 1,
      returnTypeQuantities: [{ ticketTypeId: child, returnQuantity: 1 }],
    }),
    200,
    'return',
  ); // awaitingReconciliation with a return
  const settledChild = await deliveredOrder(f.member, s1, 0, 3);
  await sold(f.member, settledChild.id, 3, 0, 3);
  await settle(settledChild.id); // settled
  // Showtime 2, Max (f.member2): everything sold without per-type detail, then settled.
  const settledMax = await deliveredOrder(f.member2, s2, 1, 1);
  await must(orders.reportSold(f.member2, settledMax.id, { soldQuantity: 2 }), 200, 'report-sold all');
  await settle(settledMax.id);

  const register = (who: Person, showtimeId: string, tickets: { ticketTypeId: string; quantity: number }[]) =>
    must(
      api.post('registrations', { token: who.token, query: q, body: { eventId: event.id, showtimeId, tickets } }),
      201,
      'register',
    );
  const regMia = await register(f.member, s1, [{ ticketTypeId: child, quantity: 3 }]);
  const regMax = await register(f.member2, s2, [{ ticketTypeId: adult, quantity: 2 }]);

  await must(
    api.post(`events/${event.id}/free-tickets`, {
      token: f.ticketManager.token,
      query: q,
      body: { showtimeId: s1, ticketTypeId: adult, quantity: 4, recipient: 'Press' },
    }),
    201,
    'free tickets',
  );
  const external = (showtimeId: string, ticketTypeId: string, quantity: number, source: string) =>
    must(
      api.post(`management/events/${event.id}/showtimes/${showtimeId}/external-sales`, {
        token: f.ticketManager.token,
        query: q,
        body: { tickets: [{ ticketTypeId, quantity }], source },
      }),
      201,
      'external sale',
    );
  await external(s2, adult, 5, 'box office'); // 15.00 + 1.00 box-office price
  await external(s2, child, 3, 'web'); // no box-office override: 0.10 + 0.05
  await must(
    api.put(`management/events/${event.id}/showtimes/${s1}/external`, {
      token: f.admin.token,
      query: q,
      body: { externalSold: 7, externalNote: 'door list' },
    }),
    200,
    'manual external',
  );

  // Cents, by hand: Adult 1234 + 66 fee (box office 1500 + 100), Child 10 + 5.
  const expected = {
    showtimes: {
      [s1]: { sold: 12, externalSold: 7, totalSold: 19, remaining: 40 - 12 - 7 - 4, revenue: 50.16, free: 4 },
      [s2]: { sold: 4, externalSold: 8, totalSold: 12, remaining: 40 - 12, revenue: 112.42, free: 0 },
    },
    totalTicketsSold: 31,
    ticketsRemaining: 17 + 28,
    totalRevenue: 162.58,
    totalFee: 10.22,
    activeSellers: 2,
    members: {
      [f.member.id]: { ticketsSold: 12, revenue: 50.16, fees: 3.04, eligible: 2, unresolved: 2, invoiceAmount: 0.6 },
      [f.member2.id]: { ticketsSold: 4, revenue: 37.12, fees: 2.03, eligible: 2, unresolved: 0, invoiceAmount: 37.12 },
    },
    types: {
      [adult]: { sold: 12, revenue: 161.38 },
      [child]: { sold: 12, revenue: 1.2 },
    },
    externalBySource: {
      [s1]: { manual: 7 },
      [s2]: { 'box office': 5, web: 3 },
    },
  };
  return {
    event,
    s1,
    s2,
    adult,
    child,
    expected,
    ids: { partly, withReturn, settledChild, settledMax, regMia, regMax },
  };
}
