import { TestHost } from '../helpers/harness';
import { createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';

/** GET /api/shared-event-organizations/search (docs/shared-events.md): Super Admin only, `{ id, name }` only, by purpose. */
let api: TestHost;
let f: OrgFixture;
const ids: Record<string, string> = {};
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api, { name: 'Owner choir' });
  ids.full = await createOrganization(api, f.superToken, { name: 'Harbour Singers' });
  ids.seller = await createOrganization(api, f.superToken, {
    name: 'harbour ticket shop',
    organizationMode: 'sellingPartner',
  });
  ids.deleted = await createOrganization(api, f.superToken, { name: 'Harbour Ghosts' });
  await api.del(`organizations/${ids.deleted}`, { token: f.superToken, body: {} });
  ids.other = await createOrganization(api, f.superToken, { name: 'Mountain Voices' });
});
afterAll(() => api.close());

const search = (query: Record<string, string | number>, token = f.superToken) =>
  api.get('shared-event-organizations/search', { token, query });

describe('GET /api/shared-event-organizations/search', () => {
  it('finds live organizations by case-insensitive name part, leaving out selling partners by default', async () => {
    const res = await search({ q: 'HARBOUR' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ items: [{ id: ids.full, name: 'Harbour Singers' }] });
    const explicit = await search({ q: 'harbour', purpose: 'sharedEvent' });
    expect(explicit.body.data.items).toEqual([{ id: ids.full, name: 'Harbour Singers' }]);
    // user, one query
    expect(res.headers.get('x-store-ops')).toBe('2');
  });

  it('includes selling partners for delegatedSales, never saying which mode an organization is in', async () => {
    const res = await search({ q: 'arbou', purpose: 'delegatedSales' });
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([
      { id: ids.full, name: 'Harbour Singers' },
      { id: ids.seller, name: 'harbour ticket shop' },
    ]);
    expect(res.text).not.toContain('sellingPartner');
    expect(res.text).not.toContain('organizationMode');
  });

  it('caps the results at limit', async () => {
    const res = await search({ q: 'harbour', purpose: 'delegatedSales', limit: 1 });
    expect(res.body.data.items).toHaveLength(1);
  });

  it('refuses an unknown purpose, a missing or too short q and a limit out of range with 400', async () => {
    for (const query of <Record<string, string | number>[]>[
      { q: 'harbour', purpose: 'everything' },
      { q: 'harbour', purpose: '' },
      {},
      { q: 'h' },
      { q: '   ' },
      { q: 'x'.repeat(101) },
      { q: 'harbour', limit: 0 },
      { q: 'harbour', limit: 51 },
      { q: 'harbour', other: 1 },
    ]) {
      const res = await search(query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.error).toBe('VALIDATION_ERROR');
    }
  });

  it('is for Super Admins only', async () => {
    for (const person of [f.admin, f.member, f.outsider]) {
      const res = await search({ q: 'harbour' }, person.token);
      expect(res.status).toBe(403);
    }
    expect((await api.get('shared-event-organizations/search', { query: { q: 'harbour' } })).status).toBe(401);
  });
});
