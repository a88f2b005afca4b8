import type { ApiResponse, TestHost } from './harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from './fixtures';
import { seedActiveDelegation } from './seed';

/**
 * Shared setup of the delegated-order API tests (not a test file): an owner organization with an event, a
 * partner organization in `sellingPartner` mode (partner routes are never restricted by mode), and an ACTIVE
 * delegation seeded as invite + accept leave it (the lifecycle routes are built in parallel).
 */
export interface DelegatedWorld {
  /** The owner organization (admin, treasurer, ticketManager, member, member2, outsider). */
  f: OrgFixture;
  /** The partner organization, same cast of people. */
  p: OrgFixture;
  event: any;
  delegationId: string;
}

export async function delegatedWorld(api: TestHost, eventOverrides: Record<string, unknown> = {}) {
  // One after the other: each logs the super admin in, and a new login voids the code of a pending one.
  const f = await setupOrganization(api, { name: 'Owner choir' });
  const p = await setupOrganization(api, { name: 'Partner shop', organizationMode: 'sellingPartner' });
  const event = await createEvent(api, f, eventOverrides);
  const delegationId = await seedActiveDelegation(f.orgId, event.id, p.orgId);
  return { f, p, event, delegationId } as DelegatedWorld;
}

/** Another event of the same owner, delegated to the same partner. */
export async function delegatedEvent(api: TestHost, w: DelegatedWorld, overrides: Record<string, unknown> = {}) {
  const event = await createEvent(api, w.f, overrides);
  const delegationId = await seedActiveDelegation(w.f.orgId, event.id, w.p.orgId);
  return { ...w, event, delegationId } as DelegatedWorld;
}

/** Calls of the partner routes (`/organizations/{partner}/delegated-events/{event}/...`) for one world. */
export function partnerApi(api: TestHost, w: DelegatedWorld) {
  const path = (suffix: string) => `organizations/${w.p.orgId}/delegated-events/${w.event.id}${suffix}`;
  const expectStatus = (res: ApiResponse, status: number, what: string) => {
    if (res.status !== status) throw new Error(`${what} failed: ${res.status} ${res.text}`);
    return res.body.data;
  };
  const post = (who: Pick<Person, 'token'>, suffix: string, body?: unknown) =>
    api.post(path(suffix), { token: who.token, ...(body !== undefined ? { body } : {}) });
  const get = (who: Pick<Person, 'token'>, suffix: string, query: Record<string, string | number> = {}) =>
    api.get(path(suffix), { token: who.token, query });
  const tickets = (quantities: number[]) =>
    quantities
      .map((quantity, i) => ({ ticketTypeId: w.event.ticketTypes[i].id, quantity }))
      .filter((t) => t.quantity > 0);
  const selfOrder = (who: Person, quantities = [2, 1], extra: Record<string, unknown> = {}) =>
    post(who, '/orders/self', { tickets: tickets(quantities), ...extra });
  const created = async (who: Person, quantities = [2, 1]) =>
    expectStatus(await selfOrder(who, quantities), 201, 'self-service order');
  const move = async (what: 'approve' | 'deliver' | 'approve-and-deliver', id: string) =>
    expectStatus(await post(w.p.ticketManager, `/orders/${id}/${what}`), 200, what);
  /** A member's self-service order, approved and delivered by the partner's ticket manager. */
  const delivered = async (who: Person, quantities = [2, 1]) =>
    move('approve-and-deliver', (await created(who, quantities)).id);
  const onBehalf = (who: Pick<Person, 'token'>, buyerUserId: string, quantities = [2, 1]) =>
    post(who, '/orders', { buyerUserId, tickets: tickets(quantities) });
  return { path, post, get, tickets, selfOrder, created, move, delivered, onBehalf, expectStatus };
}

export const storeOps = (res: ApiResponse) => Number(res.headers.get('x-store-ops'));
