import type { ApiResponse, TestHost } from './harness';
import type { OrgFixture, Person } from './fixtures';

/** Order helpers for the black-box tests: every step goes through the HTTP API. */
export function orderApi(api: TestHost, f: OrgFixture) {
  const q = { organizationId: f.orgId };
  const expectStatus = (res: ApiResponse, status: number, what: string) => {
    if (res.status !== status) throw new Error(`${what} failed: ${res.status} ${res.text}`);
    return res.body.data;
  };
  const post = (path: string, who: Person | { token: string }, body?: unknown) =>
    api.post(path, { token: who.token, query: q, body });

  const create = async (
    who: Person,
    event: { id: string; ticketTypes: { id: string }[] },
    quantities: number[] = [2, 1],
    extra: Record<string, unknown> = {},
  ) => {
    const tickets = quantities
      .map((quantity, i) => ({ ticketTypeId: event.ticketTypes[i].id, quantity }))
      .filter((t) => t.quantity > 0);
    return expectStatus(await post('orders', who, { eventId: event.id, tickets, ...extra }), 201, 'create order');
  };
  const approve = async (id: string) =>
    expectStatus(await post(`orders/${id}/approve`, f.ticketManager), 200, 'approve');
  const deliver = async (id: string) =>
    expectStatus(await post(`orders/${id}/deliver`, f.ticketManager), 200, 'deliver');
  const delivered = async (
    who: Person,
    event: { id: string; ticketTypes: { id: string }[] },
    quantities?: number[],
    extra?: Record<string, unknown>,
  ) => {
    const order = await create(who, event, quantities, extra);
    await approve(order.id);
    return deliver(order.id);
  };
  const reportSold = (who: Person | { token: string }, id: string, body: unknown) =>
    post(`orders/${id}/report-sold`, who, body);
  /** A delivered order whose every ticket the member reports sold, then settled by a ticket manager. */
  const settledAllSold = async (
    who: Person,
    event: { id: string; ticketTypes: { id: string }[] },
    quantities: number[],
    extra?: Record<string, unknown>,
  ) => {
    const order = await delivered(who, event, quantities, extra);
    const soldTypeQuantities = quantities
      .map((soldQuantity, i) => ({ ticketTypeId: event.ticketTypes[i].id, soldQuantity }))
      .filter((t) => t.soldQuantity > 0);
    const soldQuantity = quantities.reduce((sum, n) => sum + n, 0);
    expectStatus(await reportSold(who, order.id, { soldQuantity, soldTypeQuantities }), 200, 'report sold');
    return expectStatus(await post(`orders/${order.id}/approve-reconciliation`, f.ticketManager), 200, 'settle');
  };
  const ret = (who: Person | { token: string }, id: string, body: unknown) => post(`orders/${id}/return`, who, body);
  const get = async (id: string) =>
    expectStatus(await api.get(`orders/${id}`, { token: f.admin.token, query: q }), 200, 'get order');
  return { q, post, create, approve, deliver, delivered, reportSold, settledAllSold, ret, get, expectStatus };
}
