import type { TestHost } from './harness';
import { uniqueEmail } from './harness';

export type RoleName = 'member' | 'ticketManager' | 'treasurer' | 'admin';

export interface Person {
  id: string;
  email: string;
  name: string;
  token: string;
}

export interface OrgFixture {
  orgId: string;
  superToken: string;
  admin: Person;
  treasurer: Person;
  ticketManager: Person;
  member: Person;
  member2: Person;
  /** An admin of another organization: must learn nothing about this one. */
  outsider: Person & { orgId: string };
}

/** Creates an organization through the API as a super admin would. */
export async function createOrganization(api: TestHost, superToken: string, body: Record<string, unknown> = {}) {
  const res = await api.post('organizations', { token: superToken, body: { name: `Choir ${Date.now()}`, ...body } });
  if (res.status !== 201) throw new Error(`create organization failed: ${res.status} ${res.text}`);
  return res.body.data.id as string;
}

/** Adds a member through the API and logs them in through the outbox. */
export async function addPerson(
  api: TestHost,
  superToken: string,
  orgId: string,
  role: RoleName,
  name = `${role} person`,
) {
  const email = uniqueEmail(role.toLowerCase());
  const res = await api.post(`organizations/${orgId}/members`, { token: superToken, body: { email, name, role } });
  if (res.status !== 201) throw new Error(`add member failed: ${res.status} ${res.text}`);
  return { id: res.body.data.user.id as string, email, name, token: await api.login(email) };
}

/** An organization with one person in every role, plus an admin of a second organization. */
export async function setupOrganization(api: TestHost, body: Record<string, unknown> = {}): Promise<OrgFixture> {
  const superToken = await api.loginSuperAdmin();
  const orgId = await createOrganization(api, superToken, body);
  const otherOrgId = await createOrganization(api, superToken, { name: 'Other choir' });
  const [admin, treasurer, ticketManager, member, member2, outsider] = await Promise.all([
    addPerson(api, superToken, orgId, 'admin', 'Ada Admin'),
    addPerson(api, superToken, orgId, 'treasurer', 'Tom Treasurer'),
    addPerson(api, superToken, orgId, 'ticketManager', 'Tina Manager'),
    addPerson(api, superToken, orgId, 'member', 'Mia Member'),
    addPerson(api, superToken, orgId, 'member', 'Max Member'),
    addPerson(api, superToken, otherOrgId, 'admin', 'Olga Outsider'),
  ]);
  return {
    orgId,
    superToken,
    admin,
    treasurer,
    ticketManager,
    member,
    member2,
    outsider: { ...outsider, orgId: otherOrgId },
  };
}

/** The role just below each minimum (for the 403 half of the role matrix). */
export const ROLE_BELOW: Record<RoleName, RoleName | undefined> = {
  member: undefined,
  ticketManager: 'member',
  treasurer: 'ticketManager',
  admin: 'treasurer',
};

/** A default event body: two ticket types and, unless overridden, one showtime at `date`. */
export function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Spring Concert',
    date: '2027-05-01T18:00:00.000Z',
    location: 'Town Hall',
    venueCapacity: 100,
    ticketTypes: [
      { name: 'Adult', price: 25, fee: 1.5, sortOrder: 1 },
      { name: 'Child', price: 10, fee: 0.5, sortOrder: 2 },
    ],
    ...overrides,
  };
}

/** Creates an event through the API as the organization's admin; returns the event as the API gives it. */
export async function createEvent(api: TestHost, f: OrgFixture, overrides: Record<string, unknown> = {}) {
  const res = await api.post('management/events', {
    token: f.admin.token,
    query: { organizationId: f.orgId },
    body: eventBody(overrides),
  });
  if (res.status !== 201) throw new Error(`create event failed: ${res.status} ${res.text}`);
  return res.body.data;
}
