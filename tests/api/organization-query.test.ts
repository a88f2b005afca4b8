import { TestHost } from '../helpers/harness';
import { setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { delegatedWorld, partnerApi, type DelegatedWorld } from '../helpers/delegated-orders';
import { registeredRoutes } from '../../shared/http/route';
import { jointSharedEvent, participantOrganizations, type Participant } from '../helpers/shared-events/capacity';

/**
 * Issue 22: every authenticated operation takes `?organizationId` (docs/api.md: clients send it on every call). Where the
 * path names the organization it must be the same one (400 ORGANIZATION_MISMATCH, before anything is read); where
 * the operation needs no organization it is ignored. Unknown query parameters stay refused.
 */
let api: TestHost;
let f: OrgFixture;
let w: DelegatedWorld;
let others: Participant[];
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  w = await delegatedWorld(api);
  others = await participantOrganizations(api, f, ['Roster choir']);
}, 60_000);
afterAll(() => api.close());

describe('organizationId on every authenticated operation', () => {
  it('the partner, owner-delegation and organization routes take the organization the path names', async () => {
    const partner = await api.get(`organizations/${w.p.orgId}/delegated-events`, {
      token: w.p.member.token,
      query: { organizationId: w.p.orgId },
    });
    expect(partner.status).toBe(200);
    const context = await partnerApi(api, w).get(w.p.ticketManager, '/sales-context', { organizationId: w.p.orgId });
    expect(context.status).toBe(200);
    const owner = await api.get(`organizations/${w.f.orgId}/events/${w.event.id}/sales-delegations`, {
      token: w.f.admin.token,
      query: { organizationId: w.f.orgId },
    });
    expect(owner.status).toBe(200);
    const renamed = await api.put(`organizations/${f.orgId}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { name: 'Renamed with the query' },
    });
    expect(renamed.status).toBe(200);
    const members = await api.get(`organizations/${f.orgId}/members`, {
      token: f.superToken,
      query: { organizationId: f.orgId },
    });
    expect(members.status).toBe(200);
  });

  it('another organization than the path names: 400 ORGANIZATION_MISMATCH, nothing changed', async () => {
    const cases = [
      api.get(`organizations/${w.p.orgId}/delegated-events`, {
        token: w.p.member.token,
        query: { organizationId: w.f.orgId },
      }),
      api.put(`organizations/${f.orgId}`, {
        token: f.admin.token,
        query: { organizationId: f.outsider.orgId },
        body: { name: 'Must not land' },
      }),
      api.del(`organizations/${f.outsider.orgId}`, { token: f.superToken, query: { organizationId: f.orgId } }),
      partnerApi(api, w).get(w.p.ticketManager, '/orders', { organizationId: w.f.orgId }),
    ];
    for (const res of await Promise.all(cases)) {
      expect([res.status, res.body.error, res.body.errorCode]).toEqual([
        400,
        'ORGANIZATION_MISMATCH',
        'ORGANIZATION_MISMATCH',
      ]);
      expect(res.body.details).toEqual([expect.objectContaining({ path: '/organizationId' })]);
    }
    const org = await api.get(`organizations/${f.outsider.orgId}`, { token: f.superToken });
    expect(org.body.data).not.toHaveProperty('deletedAt');
    expect((await api.get(`organizations/${f.orgId}`, { token: f.superToken })).body.data.name).not.toBe(
      'Must not land',
    );
  });

  it('routes that need no organization ignore it; unknown parameters stay refused', async () => {
    const me = await api.get('auth/me', { token: f.member.token, query: { organizationId: f.orgId } });
    expect(me.status).toBe(200);
    const pending = await api.get('shared-event-invitations/pending', {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect(pending.status).toBe(200);
    const preview = await api.get('shared-event-invitations/preview', {
      token: f.admin.token,
      query: { organizationId: f.orgId, token: 'x'.repeat(43) },
    });
    expect(preview.status).toBe(404); // the generic unavailable answer, not a refused parameter
    const list = await api.get('organizations', { token: f.superToken, query: { organizationId: f.orgId } });
    expect(list.status).toBe(200);
    const unknown = await api.get('auth/me', { token: f.member.token, query: { organizationId: f.orgId, x: '1' } });
    expect([unknown.status, unknown.body.error]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('the roster routes take it too (leave with the leaving organization named)', async () => {
    const [b] = others;
    const se = await jointSharedEvent(api, f, others);
    const mismatch = await api.post(`shared-events/${se.id}/participants/${b.orgId}/leave`, {
      token: b.admin.token,
      query: { organizationId: f.orgId },
    });
    expect([mismatch.status, mismatch.body.error]).toEqual([400, 'ORGANIZATION_MISMATCH']);
    const left = await api.post(`shared-events/${se.id}/participants/${b.orgId}/leave`, {
      token: b.admin.token,
      query: { organizationId: b.orgId },
    });
    expect([left.status, left.body.data.status]).toEqual([200, 'left']);
  });

  it('the OpenAPI document declares it on every authenticated operation, and the mismatch code where it applies', async () => {
    const doc = (await api.get('openapi.json')).body;
    const missing: string[] = [];
    for (const route of registeredRoutes()) {
      if (route.auth === 'public') continue;
      const op = doc.paths[`/api/${route.route}`][route.method.toLowerCase()];
      const param = op.parameters.find(
        (p: { name: string; in: string }) => p.name === 'organizationId' && p.in === 'query',
      );
      if (!param) missing.push(`${route.method} ${route.route}`);
      if (
        (route as { pathOrganizationParam?: string }).pathOrganizationParam &&
        !JSON.stringify(op.responses['400']).includes('ORGANIZATION_MISMATCH')
      )
        missing.push(`${route.method} ${route.route}: no ORGANIZATION_MISMATCH`);
    }
    expect(missing).toEqual([]);
  });
});
