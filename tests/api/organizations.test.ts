import { onTelemetry, type TelemetryEvent } from '../../shared/telemetry/telemetry';
import { TestHost } from '../helpers/harness';
import { createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';

let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api, { name: '  St. Cecilia Choir  ', description: 'Singing since 1901' });
});
afterAll(() => api.close());

function captureTelemetry() {
  const events: TelemetryEvent[] = [];
  const off = onTelemetry((e) => events.push(e));
  return { events, off };
}

describe('POST /api/organizations', () => {
  it('creates an organization with trimmed name, full mode and audit fields', async () => {
    const res = await api.get(`organizations/${f.orgId}`, { token: f.superToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: f.orgId,
      name: 'St. Cecilia Choir',
      description: 'Singing since 1901',
      createdBy: expect.any(String),
      updatedBy: expect.any(String),
    });
    // Full mode is the absence of the field (docs/decisions/organizations.md), never the value "full".
    expect(res.body.data).not.toHaveProperty('organizationMode');
    expect(res.text).not.toMatch(/_etag|_rid|docType/);
  });

  it('creates a sellingPartner organization when asked', async () => {
    const res = await api.post('organizations', {
      token: f.superToken,
      body: { name: 'Partner', organizationMode: 'sellingPartner' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.organizationMode).toBe('sellingPartner');
  });

  it.each([
    ['blank name', { name: '   ' }],
    ['name of 256 characters', { name: 'x'.repeat(256) }],
    ['missing name', {}],
    ['wrong mode', { name: 'A', organizationMode: 'partial' }],
    ['unknown field', { name: 'A', id: 'mine' }],
    ['organizationId in body', { name: 'A', organizationId: 'x' }],
  ])('refuses %s with 400', async (_label, body) => {
    const res = await api.post('organizations', { token: f.superToken, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
  });

  it('is super admin only', async () => {
    const res = await api.post('organizations', { token: f.admin.token, body: { name: 'Mine' } });
    expect(res.status).toBe(403);
  });
});

describe('PUT /api/organizations/{id}', () => {
  it('renames with trimming, refreshes updatedBy and emits organization.renamed without the text', async () => {
    const { events, off } = captureTelemetry();
    const res = await api.put(`organizations/${f.orgId}`, {
      token: f.admin.token,
      body: { name: '  Cecilia Singers ' },
    });
    off();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Cecilia Singers',
      updatedBy: f.admin.id,
      description: 'Singing since 1901',
    });
    expect(events.map((e) => e.name)).toEqual(['organization.renamed']);
    expect(events[0].properties).toEqual({
      organizationId: f.orgId,
      actorUserId: f.admin.id,
      actorIsSuperAdmin: false,
    });
    expect(JSON.stringify(events)).not.toContain('Cecilia');
    // user with its role map (auth), organization read, replace
    expect(res.headers.get('x-store-ops')).toBe('3');
  });

  it('clears a blank description to an absent field and emits only description_changed', async () => {
    const { events, off } = captureTelemetry();
    const res = await api.put(`organizations/${f.orgId}`, { token: f.superToken, body: { description: '   ' } });
    off();
    expect(res.status).toBe(200);
    expect('description' in res.body.data).toBe(false);
    expect(events.map((e) => e.name)).toEqual(['organization.description_changed']);
    expect(events[0].properties.actorIsSuperAdmin).toBe(true);
  });

  it('refreshes updatedAt and updatedBy on a no-op and emits nothing', async () => {
    const before = (await api.get(`organizations/${f.orgId}`, { token: f.superToken })).body.data;
    const { events, off } = captureTelemetry();
    const res = await api.put(`organizations/${f.orgId}`, { token: f.admin.token, body: { name: ` ${before.name} ` } });
    const empty = await api.put(`organizations/${f.orgId}`, { token: f.admin.token, body: {} });
    off();
    expect(res.status).toBe(200);
    expect(empty.status).toBe(200);
    expect(Date.parse(empty.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    expect(empty.body.data.updatedAt).not.toBe(before.updatedAt);
    expect(empty.body.data.updatedBy).toBe(f.admin.id);
    expect(events).toEqual([]);
  });

  it('sets a description with trimming and refuses one over 2,000 characters', async () => {
    const ok = await api.put(`organizations/${f.orgId}`, {
      token: f.admin.token,
      body: { description: ` ${'d'.repeat(2000)} ` },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.description).toHaveLength(2000);
    const tooLong = await api.put(`organizations/${f.orgId}`, {
      token: f.admin.token,
      body: { description: 'd'.repeat(2001) },
    });
    expect(tooLong.status).toBe(400);
  });

  it('emits one event per changed field: both for name and description, none for values equal after trimming', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Telemetry choir', description: 'Old text' });
    const { events, off } = captureTelemetry();
    const same = await api.put(`organizations/${orgId}`, {
      token: f.superToken,
      body: { name: ' Telemetry choir ', description: '  Old text\n' },
    });
    const sameNames = events.map((e) => e.name);
    const both = await api.put(`organizations/${orgId}`, {
      token: f.superToken,
      body: { name: 'New choir name', description: 'New secret text' },
    });
    const descriptionOnly = await api.put(`organizations/${orgId}`, {
      token: f.superToken,
      body: { name: 'New choir name', description: 'Another text' },
    });
    off();
    expect([same.status, both.status, descriptionOnly.status]).toEqual([200, 200, 200]);
    expect(sameNames).toEqual([]);
    expect(events.map((e) => e.name)).toEqual([
      'organization.renamed',
      'organization.description_changed',
      'organization.description_changed',
    ]);
    for (const e of events)
      expect(Object.keys(e.properties).sort()).toEqual(['actorIsSuperAdmin', 'actorUserId', 'organizationId']);
    expect(JSON.stringify(events)).not.toMatch(/choir|text/i);
  });

  it('counts characters, not UTF-16 units: 255 emoji fit a name, 256 do not', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Emoji choir' });
    const fits = await api.put(`organizations/${orgId}`, { token: f.superToken, body: { name: '🎵'.repeat(255) } });
    expect(fits.status).toBe(200);
    expect([...fits.body.data.name]).toHaveLength(255);
    const tooLong = await api.put(`organizations/${orgId}`, { token: f.superToken, body: { name: '🎵'.repeat(256) } });
    expect(tooLong.status).toBe(400);
    const description = await api.put(`organizations/${orgId}`, {
      token: f.superToken,
      body: { description: '🎵'.repeat(2000) },
    });
    expect(description.status).toBe(200);
  });

  it('answers 404 to a super admin and to its former admin for a soft-deleted organization, and writes nothing', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Closed choir' });
    const added = await api.post(`organizations/${orgId}/members`, {
      token: f.superToken,
      body: { email: f.admin.email, role: 'admin' },
    });
    expect(added.status).toBe(201);
    expect((await api.del(`organizations/${orgId}`, { token: f.superToken })).status).toBe(200);
    const { events, off } = captureTelemetry();
    const asAdmin = await api.put(`organizations/${orgId}`, { token: f.admin.token, body: { name: 'Reopened' } });
    const asSuper = await api.put(`organizations/${orgId}`, { token: f.superToken, body: { name: 'Reopened' } });
    off();
    // The memberships of a deleted organization grant nothing; whoever knew it learns it is gone (issue 9).
    expect([asAdmin.status, asSuper.status]).toEqual([404, 404]);
    expect(events).toEqual([]);
    const listed = await api.get('organizations', { token: f.superToken, query: { includeDeleted: true, limit: 200 } });
    expect(listed.body.data.items.find((o: any) => o.id === orgId).name).toBe('Closed choir');
  });

  it.each([
    ['organizationMode', { organizationMode: 'full' }],
    ['blank name', { name: '  ' }],
    ['too long name', { name: 'n'.repeat(256) }],
    ['id', { id: 'other' }],
    ['numeric name', { name: 5 }],
  ])('refuses %s in the body with 400 and writes nothing', async (_label, body) => {
    const before = (await api.get(`organizations/${f.orgId}`, { token: f.superToken })).body.data;
    const res = await api.put(`organizations/${f.orgId}`, { token: f.admin.token, body });
    expect(res.status).toBe(400);
    const after = (await api.get(`organizations/${f.orgId}`, { token: f.superToken })).body.data;
    expect(after).toEqual(before);
  });

  it.each(['member', 'ticketManager', 'treasurer'] as const)('refuses a %s with 403', async (role) => {
    const res = await api.put(`organizations/${f.orgId}`, { token: f[role].token, body: { name: 'Hijack' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('FORBIDDEN');
  });

  it('refuses an admin of another organization with 403 and the same answer for a missing one', async () => {
    const res = await api.put(`organizations/${f.orgId}`, { token: f.outsider.token, body: { name: 'Hijack' } });
    const missing = await api.put('organizations/00000000-0000-0000-0000-000000000000', {
      token: f.outsider.token,
      body: { name: 'X' },
    });
    expect(res.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(res.body).toEqual(missing.body);
  });

  it('answers 404 to a super admin for a missing organization', async () => {
    const res = await api.put('organizations/00000000-0000-0000-0000-000000000000', {
      token: f.superToken,
      body: { name: 'X' },
    });
    expect(res.status).toBe(404);
  });
});

describe('ids in paths that no document can have', () => {
  // The store SDK refuses ids holding `/`, `\` or `#` (or blank ones) with a plain error before sending anything;
  // the id rule refuses them with 400 before any read, never a 500.
  it.each(['a%2Fb', 'a%5Cb', 'a%23b', '%20'])(
    'answers 400 for %s on organization, member and user routes',
    async (id) => {
      const token = f.superToken;
      const answers = [
        await api.get(`organizations/${id}`, { token }),
        await api.del(`organizations/${id}`, { token }),
        await api.put(`organizations/${id}/mode`, { token, body: { organizationMode: 'full' } }),
        await api.get(`organizations/${id}/members`, { token }),
        await api.put(`organizations/${f.orgId}/members/${id}`, { token, body: { role: 'admin' } }),
        await api.del(`organizations/${f.orgId}/members/${id}`, { token }),
        await api.get(`users/${id}`, { token }),
        await api.put(`users/${id}`, { token, body: { name: 'X' } }),
        await api.put(`users/${id}/super-admin`, { token, body: { isSuperAdmin: true } }),
        await api.post(`users/${id}/restore`, { token }),
      ];
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 400));
    },
  );
});

describe('DELETE /api/organizations/{id}', () => {
  it('soft-deletes: its members lose every organization role at once, and it disappears from /auth/me', async () => {
    const other = await setupOrganization(api, { name: 'Doomed choir' });
    const q = { organizationId: other.orgId };
    expect((await api.get('notifications', { token: other.member.token, query: q })).status).toBe(200);
    const res = await api.del(`organizations/${other.orgId}`, { token: other.superToken });
    expect(res.status).toBe(200);
    expect(res.body.data.deletedAt).toEqual(expect.any(String));
    for (const person of [other.member, other.ticketManager, other.admin]) {
      expect((await api.get('notifications', { token: person.token, query: q })).status).toBe(404);
      expect((await api.get('orders', { token: person.token, query: q })).status).toBe(404);
    }
    expect((await api.get('auth/me', { token: other.admin.token })).body.data.memberships).toEqual([]);
    expect((await api.get(`organizations/${other.orgId}`, { token: other.superToken })).status).toBe(404);
    expect((await api.del(`organizations/${other.orgId}`, { token: other.superToken })).status).toBe(404);
    const add = await api.post(`organizations/${other.orgId}/members`, {
      token: other.superToken,
      body: { email: 'late@example.org' },
    });
    expect(add.status).toBe(404);
  });

  it('is super admin only', async () => {
    expect((await api.del(`organizations/${f.orgId}`, { token: f.admin.token })).status).toBe(403);
  });
});
