import { TestHost } from '../helpers/harness';
import { setupOrganization, type OrgFixture } from '../helpers/fixtures';
import {
  seedSharedEvent,
  seedSharedEventParticipantStatus,
  sharedEventFingerprint,
  storedSharedEventDocuments,
  storedSharedEventHead,
} from '../helpers/seed';
import { grantCapabilities } from '../helpers/shared-events/grants';

/**
 * Shared Event external sales channels (docs/decisions/shared-event-channels.md, rules 5
 * and 9): assign, update and disable through PUT/DELETE (manageExternalSales and Organization Admin), read with
 * `connectionRef` shown, redacted or removed depending on the reader.
 */
let api: TestHost;
let a: OrgFixture; // organizer; a.admin owns the Shared Event
let b: OrgFixture; // active participant, made responsible for externalA
let c: OrgFixture; // invited
let e: OrgFixture; // left
let sharedEventId: string;

const base = (id = sharedEventId) => `shared-events/${id}/external-sales-channels`;
const put = (token: string, source: string, body: unknown, organizationId: string | undefined = a.orgId) =>
  api.put(`${base()}/${source}`, { token, query: organizationId ? { organizationId } : {}, body });
const del = (token: string, source: string, organizationId: string | undefined = a.orgId) =>
  api.del(`${base()}/${source}`, { token, query: organizationId ? { organizationId } : {} });
const list = (token: string, organizationId?: string) =>
  api.get(base(), { token, query: organizationId ? { organizationId } : {} });
const audit = async (action?: string) =>
  (await storedSharedEventDocuments(sharedEventId, 'sharedEventAuditEntry')).filter(
    (x: { action: string }) => !action || x.action === action,
  );
const REF = 'https://contoso-tickets.vault.azure.net/secrets/externalA-connection';

beforeAll(async () => {
  api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'true' });
  [a, b, c, e] = [
    await setupOrganization(api),
    await setupOrganization(api),
    await setupOrganization(api),
    await setupOrganization(api),
  ];
  const head = await seedSharedEvent({
    organizerOrgId: a.orgId,
    ownerUserId: a.admin.id,
    participants: [
      { organizationId: b.orgId, status: 'active' },
      { organizationId: c.orgId, status: 'invited' },
      { organizationId: e.orgId, status: 'active' },
    ],
  });
  sharedEventId = head.sharedEventId;
  await seedSharedEventParticipantStatus(sharedEventId, e.orgId, 'left');
}, 90000);
afterAll(() => api.close());

describe('assigning a channel', () => {
  it('lets the owner assign externalA to an active participant: stored in the head, audited once', async () => {
    const res = await put(a.admin.token, 'externalA', {
      mode: 'automation',
      responsibleOrgId: b.orgId,
      connectionRef: REF,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      source: 'externalA',
      mode: 'automation',
      responsibleOrgId: b.orgId,
      connectionRef: REF,
      status: 'active',
      assignedBy: a.admin.id,
      effectiveFrom: expect.any(String),
    });
    expect(new Date(res.body.data.effectiveFrom).toISOString()).toBe(res.body.data.effectiveFrom);
    expect(res.headers.get('x-store-ops')).toBe('7');
    const head = await storedSharedEventHead(sharedEventId);
    expect(head!.externalChannels).toEqual([res.body.data]);
    const entries = await audit('externalChannel.assigned');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUserId: a.admin.id,
      actorOrganizationId: a.orgId,
      targetOrganizationId: b.orgId,
      timestamp: res.body.data.effectiveFrom,
    });
    // the reference itself is never copied into the audit log
    expect(JSON.stringify(entries[0])).not.toContain('vault.azure.net');
  });

  it('is idempotent: the same PUT writes nothing and records nothing', async () => {
    const before = await sharedEventFingerprint(sharedEventId);
    const res = await put(a.admin.token, 'externalA', {
      mode: 'automation',
      responsibleOrgId: b.orgId,
      connectionRef: REF,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.connectionRef).toBe(REF);
    expect(await sharedEventFingerprint(sharedEventId)).toEqual(before);
    expect(await audit('externalChannel.assigned')).toHaveLength(1);
    expect(await audit('externalChannel.updated')).toHaveLength(0);
  });

  it('two identical PUTs in parallel: one assignment, one audit entry, the other sees it unchanged (ETag retry)', async () => {
    const [x, y] = await Promise.all([
      put(a.admin.token, 'externalB', { mode: 'manual', responsibleOrgId: a.orgId, connectionRef: 'kv:partner-b' }),
      put(a.admin.token, 'externalB', { mode: 'manual', responsibleOrgId: a.orgId, connectionRef: 'kv:partner-b' }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    const head = await storedSharedEventHead(sharedEventId);
    expect((head!.externalChannels as any[]).map((ch) => ch.source)).toEqual(['externalA', 'externalB']);
    expect(await audit('externalChannel.assigned')).toHaveLength(2);
  });
});

describe('who may write', () => {
  const body = () => ({ mode: 'manual', responsibleOrgId: b.orgId, connectionRef: REF });

  it('refuses a member of the organizer (403) and an admin without manageExternalSales (403)', async () => {
    const before = await sharedEventFingerprint(sharedEventId);
    const member = await put(a.member.token, 'externalA', body());
    expect(member.status).toBe(403);
    expect(member.body).toMatchObject({ success: false, error: 'FORBIDDEN' });
    const admin = await put(b.admin.token, 'externalA', body(), b.orgId);
    expect(admin.status).toBe(403);
    expect(admin.body.message).toContain('manageExternalSales');
    expect((await del(b.admin.token, 'externalA', b.orgId)).status).toBe(403);
    expect(await sharedEventFingerprint(sharedEventId)).toEqual(before);
  });

  it('refuses an invited organization (403) and an outsider (404, naming nothing)', async () => {
    const invited = await put(c.admin.token, 'externalA', body(), c.orgId);
    expect(invited.status).toBe(403);
    const outsider = await put(a.outsider.token, 'externalA', body(), a.outsider.orgId);
    expect(outsider.status).toBe(404);
    expect(outsider.text).not.toContain(sharedEventId);
  });

  it('lets a participant admin holding manageExternalSales update the channel', async () => {
    await grantCapabilities(api, {
      sharedEventId,
      organizationId: b.orgId,
      grantorToken: a.superToken,
      userId: b.admin.id,
      capabilities: ['manageExternalSales'],
    });
    const res = await put(b.admin.token, 'externalA', body(), b.orgId);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mode: 'manual', assignedBy: b.admin.id, connectionRef: REF });
    const updated = await audit('externalChannel.updated');
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ actorUserId: b.admin.id, actorOrganizationId: b.orgId });
    // a grant held by a member who is not an admin is not enough
    await grantCapabilities(api, {
      sharedEventId,
      organizationId: b.orgId,
      grantorToken: a.superToken,
      userId: b.ticketManager.id,
      capabilities: ['manageExternalSales'],
    });
    expect((await put(b.ticketManager.token, 'externalA', body(), b.orgId)).status).toBe(403);
  });

  it('lets a Super Admin act without naming an organization', async () => {
    const res = await put(
      a.superToken,
      'externalA',
      { mode: 'automation', responsibleOrgId: b.orgId, connectionRef: REF },
      undefined,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.mode).toBe('automation');
  });
});

describe('bad input: 400 and nothing written', () => {
  const cases: [string, string, unknown][] = [
    ['an unknown source', 'externalC', { mode: 'manual', responsibleOrgId: 'x' }],
    ['an unknown field', 'externalA', { mode: 'manual', responsibleOrgId: 'x', apiKey: 'k' }],
    ['an unknown mode', 'externalA', { mode: 'sometimes', responsibleOrgId: 'x' }],
    ['no responsibleOrgId', 'externalA', { mode: 'manual' }],
    [
      'a raw password as connectionRef',
      'externalA',
      { mode: 'manual', responsibleOrgId: 'x', connectionRef: 'hunter2' },
    ],
    [
      'a key as connectionRef',
      'externalA',
      { mode: 'manual', responsibleOrgId: 'x', connectionRef: 'secret:AKIAIOSFODNN7EXAMPLE1234abcd' },
    ],
    [
      'a non-vault URL',
      'externalA',
      { mode: 'manual', responsibleOrgId: 'x', connectionRef: 'https://user:pw@example.com/secrets/a' },
    ],
  ];
  it.each(cases)('refuses %s', async (_label, source, raw) => {
    const body = { ...(raw as Record<string, unknown>) };
    if (body.responsibleOrgId === 'x') body.responsibleOrgId = b.orgId;
    const before = await sharedEventFingerprint(sharedEventId);
    const res = await put(a.admin.token, source, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    expect(await sharedEventFingerprint(sharedEventId)).toEqual(before);
  });

  it('refuses a responsible organization not on the roster (400) or not active (409)', async () => {
    const before = await sharedEventFingerprint(sharedEventId);
    const stranger = await put(a.admin.token, 'externalA', { mode: 'manual', responsibleOrgId: a.outsider.orgId });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toBe('VALIDATION_ERROR');
    for (const org of [c, e]) {
      const res = await put(a.admin.token, 'externalA', { mode: 'manual', responsibleOrgId: org.orgId });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        error: 'CONFLICT',
        data: { responsibleOrgId: org.orgId },
      });
    }
    expect(await sharedEventFingerprint(sharedEventId)).toEqual(before);
  });
});

describe('reading: connectionRef per reader (rule 9)', () => {
  const externalA = async (token: string, organizationId?: string) => {
    const res = await list(token, organizationId);
    expect(res.status).toBe(200);
    return (res.body.data.items as any[]).find((ch) => ch.source === 'externalA');
  };

  it('shows the reference to owners, Super Admins and the responsible organization', async () => {
    expect((await externalA(a.admin.token, a.orgId)).connectionRef).toBe(REF);
    expect((await externalA(a.superToken)).connectionRef).toBe(REF);
    expect((await externalA(b.member.token, b.orgId)).connectionRef).toBe(REF);
  });

  it('redacts it for another active participant (a non-owner of the organizer)', async () => {
    const ch = await externalA(a.member.token, a.orgId);
    expect(ch.connectionRef).toBe('[redacted]');
    expect(ch).toMatchObject({ source: 'externalA', responsibleOrgId: b.orgId, status: 'active' });
    // externalB is assigned to the organizer itself: its members see it
    const res = await api.get(`${base()}/externalB`, { token: a.member.token, query: { organizationId: a.orgId } });
    expect(res.body.data.connectionRef).toBe('kv:partner-b');
  });

  it('removes it for an invited organization member, keeping the rest read-only', async () => {
    const ch = await externalA(c.member.token, c.orgId);
    expect(ch).not.toHaveProperty('connectionRef');
    expect(ch).toMatchObject({ source: 'externalA', mode: 'automation', responsibleOrgId: b.orgId });
  });

  it('denies callers outside participant or invited scope with 404 naming nothing', async () => {
    for (const [token, org] of [
      [e.member.token, e.orgId],
      [a.outsider.token, a.outsider.orgId],
    ]) {
      const res = await list(token, org);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('externalA');
      expect((await api.get(`${base()}/externalA`, { token, query: { organizationId: org } })).status).toBe(404);
    }
    // naming an organization one is not a member of is 403, like the Shared Event read
    expect((await list(a.outsider.token, b.orgId)).status).toBe(403);
    // the user (whose role map grants: no membership read), the head and the roster entry
    expect((await list(a.member.token, a.orgId)).headers.get('x-store-ops')).toBe('3');
  });

  it('answers 404 for a source never assigned and 400 for an unknown one', async () => {
    await put(a.admin.token, 'externalB', { mode: 'manual', responsibleOrgId: a.orgId, connectionRef: 'kv:partner-b' });
    const other = await seedSharedEvent({ organizerOrgId: a.orgId, ownerUserId: a.admin.id });
    const none = await api.get(`${base(other.sharedEventId)}/externalA`, {
      token: a.admin.token,
      query: { organizationId: a.orgId },
    });
    expect(none.status).toBe(404);
    const bad = await api.get(`${base()}/externalC`, { token: a.admin.token, query: { organizationId: a.orgId } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('VALIDATION_ERROR');
  });
});

describe('disabling', () => {
  it('disables, keeping the responsible organization; again writes nothing; audited once', async () => {
    const res = await del(a.admin.token, 'externalA');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ source: 'externalA', status: 'disabled', responsibleOrgId: b.orgId });
    const before = await sharedEventFingerprint(sharedEventId);
    const again = await del(a.admin.token, 'externalA');
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe('disabled');
    expect(await sharedEventFingerprint(sharedEventId)).toEqual(before);
    const entries = await audit('externalChannel.disabled');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: a.admin.id, targetOrganizationId: b.orgId });
    const stored = ((await storedSharedEventHead(sharedEventId))!.externalChannels as any[]).find(
      (ch) => ch.source === 'externalA',
    );
    expect(stored).toMatchObject({ status: 'disabled', responsibleOrgId: b.orgId, connectionRef: REF });
  });

  it('is 404 for a source never assigned, 400 for an unknown one, 403 for a member', async () => {
    const other = await seedSharedEvent({ organizerOrgId: a.orgId, ownerUserId: a.admin.id });
    const res = await api.del(`${base(other.sharedEventId)}/externalB`, {
      token: a.admin.token,
      query: { organizationId: a.orgId },
    });
    expect(res.status).toBe(404);
    expect((await del(a.admin.token, 'externalZ')).status).toBe(400);
    expect((await del(a.member.token, 'externalB')).status).toBe(403);
  });

  it('re-enables with a PUT (an update)', async () => {
    const updatesBefore = (await audit('externalChannel.updated')).length;
    const res = await put(a.admin.token, 'externalA', {
      mode: 'automation',
      responsibleOrgId: b.orgId,
      connectionRef: REF,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('active');
    expect(await audit('externalChannel.updated')).toHaveLength(updatesBefore + 1);
  });
});

describe('a finished Shared Event', () => {
  it('refuses assigning a channel (409) and writes nothing', async () => {
    const done = await seedSharedEvent({ organizerOrgId: a.orgId, ownerUserId: a.admin.id, status: 'cancelled' });
    const before = await sharedEventFingerprint(done.sharedEventId);
    const res = await api.put(`${base(done.sharedEventId)}/externalA`, {
      token: a.admin.token,
      query: { organizationId: a.orgId },
      body: { mode: 'manual', responsibleOrgId: a.orgId },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, error: 'CONFLICT', data: { status: 'cancelled' } });
    expect(await sharedEventFingerprint(done.sharedEventId)).toEqual(before);
  });
});
