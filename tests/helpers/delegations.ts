import type { ApiResponse, TestHost } from './harness';
import { addPerson, createOrganization, type OrgFixture, type Person } from './fixtures';

/**
 * Delegated sales through the routes only (document 02): a partner organization with people in three roles,
 * an invitation by the partner admin's e-mail, acceptance with the token from the link.
 *
 *   const partner = await setupPartner(api, f.superToken);
 *   const { delegationId } = await activeDelegation(api, f, event.id, partner);
 */
export interface PartnerFixture {
  orgId: string;
  name: string;
  admin: Person;
  ticketManager: Person;
  member: Person;
}

export async function setupPartner(
  api: TestHost,
  superToken: string,
  body: Record<string, unknown> = {},
): Promise<PartnerFixture> {
  const name = `Partner ${Math.random().toString(36).slice(2, 8)}`;
  const orgId = await createOrganization(api, superToken, { name, ...body });
  const [admin, ticketManager, member] = await Promise.all([
    addPerson(api, superToken, orgId, 'admin', 'Paula Partner'),
    addPerson(api, superToken, orgId, 'ticketManager', 'Pete Partner'),
    addPerson(api, superToken, orgId, 'member', 'Pia Partner'),
  ]);
  return { orgId, name: (body.name as string | undefined) ?? name, admin, ticketManager, member };
}

export const delegationsPath = (ownerOrgId: string, eventId: string) =>
  `organizations/${ownerOrgId}/events/${eventId}/sales-delegations`;

/** POST invite as the owner's admin (or `as`), by the partner admin's e-mail unless a body is given. */
export const invite = (
  api: TestHost,
  f: OrgFixture,
  eventId: string,
  partner: Pick<PartnerFixture, 'admin'>,
  options: { as?: { token: string }; body?: Record<string, unknown> } = {},
) =>
  api.post(delegationsPath(f.orgId, eventId), {
    token: (options.as ?? f.admin).token,
    body: options.body ?? { partnerAdminEmail: partner.admin.email },
  });

/** The composite token inside an invitation link. */
export const tokenOf = (invitationLink: string) => new URL(invitationLink).searchParams.get('token') ?? '';

export const accept = (api: TestHost, token: string, as: { token: string }) =>
  api.post('sales-delegations/accept', { token: as.token, body: { token } });

export const decline = (api: TestHost, partnerOrgId: string, delegationId: string, as: { token: string }) =>
  api.post(`organizations/${partnerOrgId}/sales-delegations/${delegationId}/decline`, { token: as.token, body: {} });

export const revoke = (
  api: TestHost,
  f: OrgFixture,
  eventId: string,
  delegationId: string,
  revokedReason: unknown = 'Season over',
  as: { token: string } = f.admin,
) =>
  api.post(`${delegationsPath(f.orgId, eventId)}/${delegationId}/revoke`, {
    token: as.token,
    body: { revokedReason },
  });

export const listDelegations = (api: TestHost, f: OrgFixture, eventId: string, as: { token: string } = f.admin) =>
  api.get(delegationsPath(f.orgId, eventId), { token: as.token });

export const delegatedEvents = (api: TestHost, partnerOrgId: string, as: { token: string }) =>
  api.get(`organizations/${partnerOrgId}/delegated-events`, { token: as.token });

function expectStatus(res: ApiResponse, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what} failed: ${res.status} ${res.text}`);
}

/** Invite by e-mail and accept as the partner's admin: an active delegation, as a partner route sees it. */
export async function activeDelegation(api: TestHost, f: OrgFixture, eventId: string, partner: PartnerFixture) {
  const invited = await invite(api, f, eventId, partner);
  expectStatus(invited, 201, 'invite');
  const token = tokenOf(invited.body.data.invitationLink);
  const accepted = await accept(api, token, partner.admin);
  expectStatus(accepted, 200, 'accept');
  return { delegationId: invited.body.data.delegation.id as string, token };
}
