import { TestHost } from '../helpers/harness';
import { addPerson, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { getMembership } from '../../shared/domain/memberships/repo';
import { entryGrants, grantInRoleMap } from '../../shared/domain/users/role-map';
import { seedLegacyUserWithoutRoleMap, seedRoleMapEntry, storedRoleMap } from '../helpers/role-map';

/**
 * Issue 16: an organization request authenticates with the one point read of the user, whose role map
 * (shared/domain/users/role-map.ts) is kept in step with the membership documents and never grants more
 * than they do. Revocations take effect at once; a user from before the map is served from the membership and
 * healed.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));
const listEvents = (token: string, orgId = f.orgId) => api.get('events', { token, query: { organizationId: orgId } });
const adminRoute = (token: string, orgId = f.orgId) => api.get(`organizations/${orgId}/invitations`, { token });
const setMember = (userId: string, body: Record<string, unknown>) =>
  api.put(`organizations/${f.orgId}/members/${userId}`, { token: f.superToken, body });

describe('the role map on the user document', () => {
  it('is written when a member is added, and an organization request then reads the user only', async () => {
    expect(await storedRoleMap(f.member.id)).toEqual({ [f.orgId]: { role: 'member', approved: true } });
    const res = await listEvents(f.member.token);
    expect(res.status).toBe(200);
    // user (auth, with the role map) + the events page query: no membership read.
    expect(ops(res)).toBe(2);
  });

  it('serves a user from before the map through the membership once, healing the map', async () => {
    const person = await addPerson(api, f.superToken, f.orgId, 'ticketManager');
    await seedLegacyUserWithoutRoleMap(person.id);
    const first = await listEvents(person.token);
    expect(first.status).toBe(200);
    // + membership read + the heal (a replace of the user under its ETag)
    expect(ops(first)).toBe(4);
    expect(await storedRoleMap(person.id)).toEqual({ [f.orgId]: { role: 'ticketManager', approved: true } });
    const second = await listEvents(person.token);
    expect(second.status).toBe(200);
    expect(ops(second)).toBe(2);
  });

  it('takes a demotion, an approval withdrawn and a removal at once, and follows a promotion', async () => {
    const person = await addPerson(api, f.superToken, f.orgId, 'admin');
    expect((await adminRoute(person.token)).status).toBe(200);
    expect((await setMember(person.id, { role: 'member' })).status).toBe(200);
    expect((await adminRoute(person.token)).status).toBe(403);
    expect((await storedRoleMap(person.id))?.[f.orgId]).toEqual({ role: 'member', approved: true });
    expect((await setMember(person.id, { role: 'admin' })).status).toBe(200);
    expect((await adminRoute(person.token)).status).toBe(200);
    expect((await setMember(person.id, { approved: false })).status).toBe(200);
    expect((await listEvents(person.token)).status).toBe(403);
    expect((await setMember(person.id, { approved: true })).status).toBe(200);
    expect((await listEvents(person.token)).status).toBe(200);
    expect((await api.del(`organizations/${f.orgId}/members/${person.id}`, { token: f.superToken })).status).toBe(200);
    expect((await listEvents(person.token)).status).toBe(403);
    // A tombstone, not a missing entry: no reader can heal the map from a membership about to be deleted.
    expect((await storedRoleMap(person.id))?.[f.orgId]).toMatchObject({ approved: false, removed: true });
    const again = await api.post(`organizations/${f.orgId}/members`, {
      token: f.superToken,
      body: { email: person.email, role: 'treasurer' },
    });
    expect(again.status).toBe(201);
    expect((await storedRoleMap(person.id))?.[f.orgId]).toEqual({ role: 'treasurer', approved: true });
    expect((await listEvents(person.token)).status).toBe(200);
  });

  it('lets the membership decide when the map denies (an interrupted change), without raising the map', async () => {
    const person = await addPerson(api, f.superToken, f.orgId, 'member');
    await seedRoleMapEntry(person.id, f.orgId, { role: 'member', approved: false });
    const res = await listEvents(person.token);
    expect(res.status).toBe(200);
    expect(ops(res)).toBe(3);
    expect((await storedRoleMap(person.id))?.[f.orgId]).toEqual({ role: 'member', approved: false });
  });

  it('marks every member when the organization is soft-deleted: 404 at once', async () => {
    const orgId = (await api.post('organizations', { token: f.superToken, body: { name: 'Doomed choir' } })).body.data
      .id as string;
    const person = await addPerson(api, f.superToken, orgId, 'admin');
    expect((await listEvents(person.token, orgId)).status).toBe(200);
    expect((await api.del(`organizations/${orgId}`, { token: f.superToken })).status).toBe(200);
    expect((await storedRoleMap(person.id))?.[orgId]).toMatchObject({
      role: 'admin',
      organizationDeletedAt: expect.any(String),
    });
    expect((await listEvents(person.token, orgId)).status).toBe(404);
    expect((await adminRoute(person.token, orgId)).status).toBe(404);
  });

  it('never lets a grant computed before a removal land over it (the map is synced to the membership)', async () => {
    const person = await addPerson(api, f.superToken, f.orgId, 'member');
    // What a promotion racing the removal holds: the membership as it read it, raised.
    const promoted = { ...(await getMembership(f.orgId, person.id))!, role: 'admin' as const };
    expect((await api.del(`organizations/${f.orgId}/members/${person.id}`, { token: f.superToken })).status).toBe(200);
    // The promotion's last step lands after the removal: it must not write its own (granting) entry.
    await grantInRoleMap(promoted);
    expect((await storedRoleMap(person.id))?.[f.orgId]).toMatchObject({ removed: true, approved: false });
    expect((await listEvents(person.token)).status).toBe(403);
  });

  it('keeps map and membership in agreement when promotions and removals race (parallel requests)', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => addPerson(api, f.superToken, f.orgId, 'member')));
    const answers = await Promise.all(
      people.flatMap((p) => [
        setMember(p.id, { role: 'admin' }),
        api.del(`organizations/${f.orgId}/members/${p.id}`, { token: f.superToken }),
      ]),
    );
    // Whoever loses the race gets a clean answer (404 Member, 409), never a 5xx.
    expect(answers.map((a) => a.status).filter((status) => status >= 500)).toEqual([]);
    for (const p of people) {
      const membership = await getMembership(f.orgId, p.id);
      const entry = (await storedRoleMap(p.id))?.[f.orgId];
      // The map may grant only what the membership grants, at its role.
      if (!membership) expect(entryGrants(entry, 'member')).toBe(false);
      else expect(entryGrants(entry, 'admin')).toBe(membership.approved && membership.role === 'admin');
      expect((await listEvents(p.token)).status).toBe(membership ? 200 : 403);
    }
  });
});
