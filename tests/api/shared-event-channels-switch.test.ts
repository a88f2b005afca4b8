import { TestHost } from '../helpers/harness';
import { setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { seedSharedEvent, sharedEventFingerprint } from '../helpers/seed';

/** With Shared Events switched off (docs/shared-events.md) channel writes are refused before anything is read; reads still work. */
let api: TestHost;
let a: OrgFixture;
let sharedEventId: string;

beforeAll(async () => {
  api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'false' });
  a = await setupOrganization(api);
  sharedEventId = (await seedSharedEvent({ organizerOrgId: a.orgId, ownerUserId: a.admin.id })).sharedEventId;
}, 60000);
afterAll(() => api.close());

it('refuses PUT and DELETE with 403 and writes nothing, whatever the body holds', async () => {
  const before = await sharedEventFingerprint(sharedEventId);
  const path = `shared-events/${sharedEventId}/external-sales-channels/externalA`;
  const query = { organizationId: a.orgId };
  for (const body of [{ mode: 'manual', responsibleOrgId: a.orgId }, { nonsense: true }]) {
    const res = await api.put(path, { token: a.admin.token, query, body });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: 'FORBIDDEN' });
  }
  expect((await api.del(path, { token: a.admin.token, query })).status).toBe(403);
  expect(await sharedEventFingerprint(sharedEventId)).toEqual(before);
});

it('still answers reads', async () => {
  const res = await api.get(`shared-events/${sharedEventId}/external-sales-channels`, {
    token: a.member.token,
    query: { organizationId: a.orgId },
  });
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ items: [] });
});
