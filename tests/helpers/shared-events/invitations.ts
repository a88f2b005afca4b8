import type { TestHost } from '../harness';
import { uniqueEmail } from '../harness';
import { createOrganization, type Person } from '../fixtures';

/** Helpers shared by the Shared Event invitation test files (no store access: everything goes through routes). */

/** Adds an existing or new person (by e-mail) to an organization with a role, through the members route. */
export async function addMember(api: TestHost, superToken: string, orgId: string, email: string, role = 'admin') {
  const res = await api.post(`organizations/${orgId}/members`, { token: superToken, body: { email, role } });
  if (res.status !== 201) throw new Error(`add member failed: ${res.status} ${res.text}`);
  return res.body.data.user.id as string;
}

/** A new organization with one admin, logged in. */
export async function orgWithAdmin(api: TestHost, superToken: string, body: Record<string, unknown> = {}) {
  const orgId = await createOrganization(api, superToken, {
    name: `Org ${Math.random().toString(36).slice(2, 8)}`,
    ...body,
  });
  const email = uniqueEmail('admin');
  const id = await addMember(api, superToken, orgId, email);
  const admin: Person = { id, email, name: 'admin', token: await api.login(email) };
  return { orgId, admin };
}

export function createLink(api: TestHost, sharedEventId: string, actor: { token: string; orgId: string }, body = {}) {
  return api.post(`shared-events/${sharedEventId}/invitation-links`, {
    token: actor.token,
    query: { organizationId: actor.orgId },
    body,
  });
}

export const acceptToken = (api: TestHost, token: string, caller: string, organizationId: string) =>
  api.post('shared-event-invitations/accept', { token: caller, body: { token, organizationId } });

export const preview = (api: TestHost, token: string, caller: string) =>
  api.get('shared-event-invitations/preview', { token: caller, query: { token } });
