import { runHealProcess } from '../helpers/heal-process';
import { TestHost } from '../helpers/harness';
import { addPerson, createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { injectStoreFault, storedDocument } from '../helpers/seed';
import { createSharedEvent } from '../helpers/shared-events/create';

/**
 * A rename whose propagation to one participant failed is finished by `npm run heal` run as an operator runs it:
 * a separate process, built from the sources, pointed at the test host's embedded store (docs/shared-events.md).
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
}, 60_000);
afterAll(() => api.close());

it('heals a stale projection from a separate process', async () => {
  const orgId = await createOrganization(api, f.superToken, { name: 'Choir B' });
  const admin = await addPerson(api, f.superToken, orgId, 'admin');
  const se = await createSharedEvent(api, f, { invitedOrganizationIds: [orgId] });
  expect((await api.post(`shared-events/${se.id}/participants/${orgId}/accept`, { token: admin.token })).status).toBe(
    200,
  );

  injectStoreFault((op) => op.container === 'orgs' && op.partitionKey === orgId && op.id === `se-${se.id}`);
  const renamed = await api.patch(`shared-events/${se.id}`, {
    token: f.admin.token,
    query: { organizationId: f.orgId },
    body: { name: 'Renamed by heal' },
  });
  injectStoreFault(undefined);
  expect(renamed.status).toBe(200);
  expect((await storedDocument(orgId, `se-${se.id}`)).name).toBe('Harbour Festival');
  expect((await storedDocument(f.orgId, `se-${se.id}`)).name).toBe('Renamed by heal');

  const report = await runHealProcess();
  expect(report.projections.sharedEvents).toBeGreaterThanOrEqual(1);
  expect(report.failures).toEqual([]);

  expect(await storedDocument(orgId, `se-${se.id}`)).toMatchObject({
    name: 'Renamed by heal',
    sharedEventLink: { detailsVersion: 2, participantStatus: 'active' },
  });
  const status = await api.post(`shared-events/${se.id}/operation-status`, {
    token: admin.token,
    query: { organizationId: orgId },
  });
  expect(status.body.data.projections.map((p: { syncStatus: string }) => p.syncStatus)).toEqual(['synced', 'synced']);
}, 180_000);
