import { TestHost } from '../helpers/harness';
import { createOrganization } from '../helpers/fixtures';
import { seedSharedEvent, seedSharedEventParticipantStatus } from '../helpers/seed';

/**
 * docs/shared-events.md "Organization capability mode" rule 2: `full` → `sellingPartner` is refused with 409
 * ORG_MODE_DOWNGRADE_BLOCKED (blocker `sharedEventParticipation`) while the organization takes part in a Shared
 * Event, read from the real roster entries a Shared Event's partition holds. A roster entry counts while it is
 * `invited`, `accepted` or `active`; `declined`, `left` and `removed` are no participation.
 */
let api: TestHost;
let superToken: string;

const setMode = (orgId: string, organizationMode: string) =>
  api.put(`organizations/${orgId}/mode`, { token: superToken, body: { organizationMode } });
const modeOf = async (orgId: string) =>
  (await api.get(`organizations/${orgId}`, { token: superToken })).body.data.organizationMode ?? 'full';

beforeAll(async () => {
  api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'true' });
  superToken = await api.loginSuperAdmin();
});
afterAll(() => api.close());

async function orgOnRoster(status: string) {
  const organizer = await createOrganization(api, superToken, { name: 'Organizer choir' });
  const orgId = await createOrganization(api, superToken, { name: `Choir ${status}` });
  const head = await seedSharedEvent({
    organizerOrgId: organizer,
    ownerUserId: 'owner-user',
    participants: [{ organizationId: orgId, status }],
  });
  return { organizer, orgId, sharedEventId: head.sharedEventId };
}

describe('downgrade check against Shared Event participation', () => {
  it.each(['active', 'accepted', 'invited'])('blocks an organization whose roster entry is %s', async (status) => {
    const { orgId } = await orgOnRoster(status);
    const res = await setMode(orgId, 'sellingPartner');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      error: 'ORG_MODE_DOWNGRADE_BLOCKED',
      errorCode: 'ORG_MODE_DOWNGRADE_BLOCKED',
      data: { blockers: ['sharedEventParticipation'] },
    });
    expect(res.body.message).toContain('sharedEventParticipation');
    expect(await modeOf(orgId)).toBe('full');
  });

  it('blocks the organizer of a Shared Event', async () => {
    const { organizer } = await orgOnRoster('active');
    const res = await setMode(organizer, 'sellingPartner');
    expect(res.status).toBe(409);
    expect(res.body.data.blockers).toEqual(['sharedEventParticipation']);
  });

  it.each(['declined', 'left', 'removed'])('allows an organization whose roster entry is %s', async (status) => {
    const { orgId } = await orgOnRoster(status);
    const res = await setMode(orgId, 'sellingPartner');
    expect(res.status).toBe(200);
    expect(res.body.data.organizationMode).toBe('sellingPartner');
  });

  it('allows the downgrade once the active entry has left, and not before', async () => {
    const { orgId, sharedEventId } = await orgOnRoster('active');
    expect((await setMode(orgId, 'sellingPartner')).status).toBe(409);
    await seedSharedEventParticipantStatus(sharedEventId, orgId, 'left');
    const res = await setMode(orgId, 'sellingPartner');
    expect(res.status).toBe(200);
    expect(await modeOf(orgId)).toBe('sellingPartner');
  });

  it('counts every Shared Event: one left and one still active is still participation', async () => {
    const { orgId, sharedEventId, organizer } = await orgOnRoster('active');
    const second = await seedSharedEvent({
      organizerOrgId: organizer,
      ownerUserId: 'owner-user',
      participants: [{ organizationId: orgId, status: 'active' }],
    });
    await seedSharedEventParticipantStatus(sharedEventId, orgId, 'left');
    expect((await setMode(orgId, 'sellingPartner')).status).toBe(409);
    await seedSharedEventParticipantStatus(second.sharedEventId, orgId, 'removed');
    expect((await setMode(orgId, 'sellingPartner')).status).toBe(200);
  });
});
