import { TestHost, type ApiResponse } from '../helpers/harness';
import { addPerson, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { delegatedWorld, partnerApi, type DelegatedWorld } from '../helpers/delegated-orders';
import { seedLegacyUserWithoutRoleMap, seedRoleMapEntry, storedRoleMap } from '../helpers/role-map';
import { seedSharedEvent } from '../helpers/seed';

/**
 * Issue 16, continued: the Shared Event and partner scopes (and the Shared Event reads) decide the caller's
 * standing in the organization it acts for from the role map on the user, like the organization scope
 * (shared/domain/users/caller-standing.ts). A grant costs no membership read; a revocation writes the map first, so the
 * very next request of the revoked member is refused; a map that denies sends the scope to the membership.
 */
let api: TestHost;
let a: OrgFixture;
let b: OrgFixture;
let w: DelegatedWorld;
let sharedEventId: string;
beforeAll(async () => {
  api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'true' });
  // One after the other: each fixture logs the super admin in, and a new login voids a pending code.
  a = await setupOrganization(api, { name: 'Organizer choir' });
  b = await setupOrganization(api, { name: 'Participant choir' });
  w = await delegatedWorld(api);
  sharedEventId = (
    await seedSharedEvent({
      organizerOrgId: a.orgId,
      ownerUserId: a.admin.id,
      participants: [{ organizationId: b.orgId, status: 'active' }],
    })
  ).sharedEventId;
}, 120_000);
afterAll(() => api.close());

const ops = (res: ApiResponse) => Number(res.headers.get('x-store-ops'));
/** A Shared Event scope route (Organization Admin of a live participant). */
const audit = (token: string, orgId = b.orgId) =>
  api.get(`shared-events/${sharedEventId}/audit`, { token, query: { organizationId: orgId } });
/** The Shared Event read (any member), checked outside the scope. */
const view = (token: string, orgId = b.orgId) =>
  api.get(`shared-events/${sharedEventId}`, { token, query: { organizationId: orgId } });
const setMember = (orgId: string, userId: string, body: Record<string, unknown>) =>
  api.put(`organizations/${orgId}/members/${userId}`, { token: a.superToken, body });
const removeMember = (orgId: string, userId: string) =>
  api.del(`organizations/${orgId}/members/${userId}`, { token: a.superToken });

describe('the Shared Event scope on the role map', () => {
  it('grants from the map alone: no membership read', async () => {
    const res = await audit(b.admin.token);
    expect(res.status).toBe(200);
    // user (with the role map), head, roster entry, one audit query
    expect(ops(res)).toBe(4);
  });

  it('refuses a participant admin at once when demoted, then follows a promotion', async () => {
    const person = await addPerson(api, a.superToken, b.orgId, 'admin');
    expect((await audit(person.token)).status).toBe(200);
    expect((await setMember(b.orgId, person.id, { role: 'member' })).status).toBe(200);
    const refused = await audit(person.token);
    expect([refused.status, refused.body.error]).toEqual([403, 'FORBIDDEN']);
    // the map no longer grants admin, so the membership decides: user, membership, head, roster entry
    expect(ops(refused)).toBe(4);
    expect((await storedRoleMap(person.id))?.[b.orgId]).toEqual({ role: 'member', approved: true });
    expect((await setMember(b.orgId, person.id, { role: 'admin' })).status).toBe(200);
    expect((await audit(person.token)).status).toBe(200);
  });

  it('refuses a removed member of a participant organization at once, on the scope and on the read', async () => {
    const person = await addPerson(api, a.superToken, b.orgId, 'admin');
    expect((await view(person.token)).status).toBe(200);
    expect((await removeMember(b.orgId, person.id)).status).toBe(200);
    expect((await storedRoleMap(person.id))?.[b.orgId]).toMatchObject({ approved: false, removed: true });
    const read = await view(person.token);
    expect([read.status, read.body.error]).toEqual([403, 'FORBIDDEN']);
    const scoped = await audit(person.token);
    expect([scoped.status, scoped.body.error]).toEqual([403, 'FORBIDDEN']);
  });

  it('refuses a member whose approval was withdrawn, on the scope and on the channels read', async () => {
    const person = await addPerson(api, a.superToken, b.orgId, 'admin');
    expect((await setMember(b.orgId, person.id, { approved: false })).status).toBe(200);
    expect((await audit(person.token)).status).toBe(403);
    const channels = await api.get(`shared-events/${sharedEventId}/external-sales-channels`, {
      token: person.token,
      query: { organizationId: b.orgId },
    });
    expect([channels.status, channels.body.error]).toEqual([403, 'FORBIDDEN']);
  });

  it('answers 404 to a former member of a soft-deleted participant organization', async () => {
    const c = await setupOrganization(api, { name: 'Doomed participant' });
    const doomed = await seedSharedEvent({
      organizerOrgId: a.orgId,
      ownerUserId: a.admin.id,
      participants: [{ organizationId: c.orgId, status: 'active' }],
    });
    const path = `shared-events/${doomed.sharedEventId}/audit`;
    expect((await api.get(path, { token: c.admin.token, query: { organizationId: c.orgId } })).status).toBe(200);
    expect((await api.del(`organizations/${c.orgId}`, { token: a.superToken })).status).toBe(200);
    const res = await api.get(path, { token: c.admin.token, query: { organizationId: c.orgId } });
    expect([res.status, res.body.error]).toEqual([404, 'NOT_FOUND']);
  });

  it('lets the membership decide when the map denies (an interrupted change), without raising the map', async () => {
    const person = await addPerson(api, a.superToken, b.orgId, 'admin');
    await seedRoleMapEntry(person.id, b.orgId, { role: 'member', approved: true });
    const res = await audit(person.token);
    expect(res.status).toBe(200);
    // + the membership read
    expect(ops(res)).toBe(5);
    expect((await storedRoleMap(person.id))?.[b.orgId]).toEqual({ role: 'member', approved: true });
  });

  it('serves a user from before the map through the membership once, healing the map', async () => {
    const person = await addPerson(api, a.superToken, b.orgId, 'admin');
    await seedLegacyUserWithoutRoleMap(person.id);
    const first = await audit(person.token);
    expect(first.status).toBe(200);
    // + membership read + the heal (a replace of the user under its ETag)
    expect(ops(first)).toBe(6);
    expect(await storedRoleMap(person.id)).toEqual({ [b.orgId]: { role: 'admin', approved: true } });
    expect(ops(await audit(person.token))).toBe(4);
  });
});

describe('the partner scope on the role map', () => {
  it('grants from the map alone and refuses a demoted partner ticket manager at once', async () => {
    const d = partnerApi(api, w);
    const person = await addPerson(api, a.superToken, w.p.orgId, 'ticketManager');
    const ok = await d.get(person, '/sales-context');
    expect(ok.status).toBe(200);
    // user (with the role map), partner organization, owner's event, the counters query
    expect(ops(ok)).toBe(4);
    expect((await setMember(w.p.orgId, person.id, { role: 'member' })).status).toBe(200);
    const refused = await d.get(person, '/sales-context');
    expect([refused.status, refused.body.error]).toEqual([403, 'FORBIDDEN']);
    expect((await removeMember(w.p.orgId, person.id)).status).toBe(200);
    expect((await d.get(person, '/sales-context')).status).toBe(403);
  });
});
