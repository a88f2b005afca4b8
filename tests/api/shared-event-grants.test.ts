import { resetConfig } from '../../shared/config';
import { TestHost } from '../helpers/harness';
import { addPerson, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import {
  seedSharedEvent,
  seedSharedEventParticipantStatus,
  storedSharedEventDocuments,
  storedSharedEventHead,
} from '../helpers/seed';
import { grantCapabilities, revokeCapabilities } from '../helpers/shared-events/grants';

/**
 * PUT and DELETE /api/shared-events/{id}/grants/{granteeUserId} (docs/shared-events.md, rule 1, rule 4): an Organization Admin
 * holding manageOwners (an owner holds every capability) issues, updates and revokes named grants for approved
 * members of the organization it acts for; a named grant lets its holder do exactly the granted task.
 */
let api: TestHost;
let a: OrgFixture; // organizer; a.admin owns the Shared Event
let b: OrgFixture; // an active participant
let admin2: Person; // a second admin of the organizer, not an owner
let sharedEventId: string;

const path = (userId: string, id = sharedEventId) => `shared-events/${id}/grants/${userId}`;
const put = (token: string, userId: string, body: unknown, organizationId: string | undefined = a.orgId) =>
  api.put(path(userId), { token, query: { organizationId }, body });
const audit = async (action?: string) =>
  (await storedSharedEventDocuments(sharedEventId, 'sharedEventAuditEntry')).filter(
    (e: { action: string }) => !action || e.action === action,
  );
const storedGrants = async () => ((await storedSharedEventHead(sharedEventId))?.grants ?? []) as any[];

beforeAll(async () => {
  api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'true' });
  a = await setupOrganization(api);
  b = await setupOrganization(api);
  admin2 = await addPerson(api, a.superToken, a.orgId, 'admin', 'Second Admin');
  const head = await seedSharedEvent({
    organizerOrgId: a.orgId,
    ownerUserId: a.admin.id,
    participants: [{ organizationId: b.orgId, status: 'active' }],
  });
  sharedEventId = head.sharedEventId;
}, 60000);
afterAll(() => api.close());

describe('issuing a grant', () => {
  it('lets the owner grant capabilities to an approved member of its organization, audited once', async () => {
    const res = await put(a.admin.token, a.treasurer.id, {
      capabilities: ['viewCombinedReports', 'manageSharedDetails'],
      roleTemplate: 'Report reader',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      userId: a.treasurer.id,
      organizationId: a.orgId,
      capabilities: ['manageSharedDetails', 'viewCombinedReports'],
      roleTemplate: 'Report reader',
      issuedAt: expect.any(String),
      issuedBy: a.admin.id,
    });
    expect(new Date(res.body.data.issuedAt).toISOString()).toBe(res.body.data.issuedAt);
    expect((await storedGrants()).filter((g) => g.userId === a.treasurer.id)).toEqual([res.body.data]);
    const entries = await audit('grant.issued');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUserId: a.admin.id,
      actorOrganizationId: a.orgId,
      targetOrganizationId: a.orgId,
      targetUserId: a.treasurer.id,
      timestamp: res.body.data.issuedAt,
      schemaVersion: 1,
    });
  });

  it('is idempotent: the same PUT again writes nothing and records no second entry', async () => {
    const before = await storedSharedEventHead(sharedEventId);
    const body = { capabilities: ['manageSharedDetails', 'viewCombinedReports'], roleTemplate: 'Report reader' };
    const again = await put(a.admin.token, a.treasurer.id, body);
    expect(again.status).toBe(200);
    expect(again.body.data.issuedAt).toBe((before!.grants as any[])[0].issuedAt);
    // The caller's user (its role map grants: no membership read), the scope (head, roster entry), the mutation
    // bucket, the grantee's membership: no write.
    expect(again.headers.get('x-store-ops')).toBe('5');
    expect((await storedSharedEventHead(sharedEventId))!._etag).toBe(before!._etag);
    expect(await audit('grant.issued')).toHaveLength(1);
    expect(await audit('grant.updated')).toHaveLength(0);
  });

  it('updates a grant in place (re-issued now), audited as grant.updated; a cleared roleTemplate is absent', async () => {
    const before = (await storedGrants()).find((g) => g.userId === a.treasurer.id);
    const res = await put(a.admin.token, a.treasurer.id, { capabilities: ['viewCombinedReports'] });
    expect(res.status).toBe(200);
    expect(res.body.data).not.toHaveProperty('roleTemplate');
    expect(res.body.data.capabilities).toEqual(['viewCombinedReports']);
    expect(res.body.data.issuedAt >= before.issuedAt).toBe(true);
    // Issue, update: one store call each for the write (head replace and audit entry in one batch).
    expect(res.headers.get('x-store-ops')).toBe('6');
    expect((await storedGrants()).filter((g) => g.userId === a.treasurer.id)).toEqual([res.body.data]);
    expect(await audit('grant.updated')).toHaveLength(1);
    expect(await audit('grant.issued')).toHaveLength(1);
  });

  it.each([
    ['an unknown capability', { capabilities: ['manageEverything'] }],
    ['an organization-level check', { capabilities: ['sharedEvents.create'] }],
    ['no capability', { capabilities: [] }],
    ['a repeated capability', { capabilities: ['managePricing', 'managePricing'] }],
    ['no capabilities field', {}],
    ['an unknown field', { capabilities: ['managePricing'], userId: 'someone' }],
    ['a non-string roleTemplate', { capabilities: ['managePricing'], roleTemplate: 7 }],
    ['an empty roleTemplate', { capabilities: ['managePricing'], roleTemplate: '' }],
  ])('refuses %s with 400 and writes nothing', async (_label, body) => {
    const before = await storedSharedEventHead(sharedEventId);
    const entries = (await audit()).length;
    const res = await put(a.admin.token, a.member.id, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    expect((await storedSharedEventHead(sharedEventId))!._etag).toBe(before!._etag);
    expect(await audit()).toHaveLength(entries);
  });

  it('refuses a grantee who is not an approved member of the acting organization with 404', async () => {
    const res = await put(a.admin.token, b.admin.id, { capabilities: ['managePricing'] });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: 'NOT_FOUND' });
    expect((await storedGrants()).some((g) => g.userId === b.admin.id)).toBe(false);
  });
});

describe('who may grant', () => {
  it('refuses a treasurer and a member of the organizer (role below admin) with 403', async () => {
    for (const caller of [a.treasurer, a.member]) {
      const res = await put(caller.token, a.member2.id, { capabilities: ['managePricing'] });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('FORBIDDEN');
    }
  });

  it('refuses an admin of an organization not on the roster with a 404 that names nothing', async () => {
    const res = await put(a.outsider.token, a.outsider.id, { capabilities: ['managePricing'] }, a.outsider.orgId);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain(sharedEventId);
    expect(res.text).not.toContain('Joint Festival');
    const unknown = await api.put(path(a.outsider.id, 'no-such-shared-event'), {
      token: a.outsider.token,
      query: { organizationId: a.outsider.orgId },
      body: { capabilities: ['managePricing'] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(res.body.message);
  });

  it('refuses an admin of another participant without manageOwners (403), and an admin of the organizer acting for it', async () => {
    const res = await put(b.admin.token, b.member.id, { capabilities: ['managePricing'] }, b.orgId);
    expect(res.status).toBe(403);
    // The organizer's owner is no owner when an admin of B acts for B, and cannot act for B at all.
    const cross = await put(a.admin.token, b.member.id, { capabilities: ['managePricing'] }, b.orgId);
    expect(cross.status).toBe(403);
  });

  it('a manageSharedDetails holder cannot grant; a manageOwners holder can, but only what it holds', async () => {
    await grantCapabilities(api, {
      sharedEventId,
      organizationId: a.orgId,
      grantorToken: a.admin.token,
      userId: admin2.id,
      capabilities: ['manageSharedDetails'],
    });
    const refused = await put(admin2.token, a.member.id, { capabilities: ['manageSharedDetails'] });
    expect(refused.status).toBe(403);

    await grantCapabilities(api, {
      sharedEventId,
      organizationId: a.orgId,
      grantorToken: a.admin.token,
      userId: admin2.id,
      capabilities: ['manageOwners', 'managePricing'],
    });
    const granted = await put(admin2.token, a.member.id, { capabilities: ['managePricing'] });
    expect(granted.status).toBe(200);
    expect(granted.body.data).toMatchObject({ issuedBy: admin2.id, capabilities: ['managePricing'] });

    const beyond = await put(admin2.token, a.member.id, { capabilities: ['managePricing', 'manageCapacity'] });
    expect(beyond.status).toBe(403);
    expect(beyond.body.message).toContain('manageCapacity');
    expect((await storedGrants()).find((g) => g.userId === a.member.id).capabilities).toEqual(['managePricing']);
  });

  it('lets a super admin grant in a participant organization named by organizationId, and requires one', async () => {
    const none = await api.put(path(b.admin.id), { token: a.superToken, body: { capabilities: ['manageOwners'] } });
    expect(none.status).toBe(400);
    expect(none.body.details).toEqual([{ path: '/organizationId', message: 'is required' }]);

    const res = await put(a.superToken, b.admin.id, { capabilities: ['manageOwners'] }, b.orgId);
    expect(res.status).toBe(200);
    // B's admin now administers B's grants, and only B's.
    const own = await put(b.admin.token, b.treasurer.id, { capabilities: ['manageOwners'] }, b.orgId);
    expect(own.status).toBe(200);
    expect(own.body.data.organizationId).toBe(b.orgId);
  });

  it('refuses a super admin naming an organization that is not a live participant (404)', async () => {
    const res = await put(a.superToken, a.outsider.id, { capabilities: ['managePricing'] }, a.outsider.orgId);
    expect(res.status).toBe(404);
  });
});

describe('revoking a grant', () => {
  it('revokes once (audited), answers revoked:false afterwards, and the holder loses the capability at once', async () => {
    const third = await addPerson(api, a.superToken, a.orgId, 'admin', 'Third Admin');
    await grantCapabilities(api, {
      sharedEventId,
      organizationId: a.orgId,
      grantorToken: a.admin.token,
      userId: third.id,
      capabilities: ['manageOwners'],
    });
    expect((await put(third.token, a.member2.id, { capabilities: ['manageOwners'] })).status).toBe(200);

    const res = await api.del(path(third.id), { token: a.admin.token, query: { organizationId: a.orgId } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ revoked: true, userId: third.id, organizationId: a.orgId });
    // User (with the role map), scope (head, roster entry), bucket, one batch (head replace + audit entry).
    expect(res.headers.get('x-store-ops')).toBe('5');
    const revokedEntries = (await audit('grant.revoked')).filter((e: any) => e.targetUserId === third.id);
    expect(revokedEntries).toHaveLength(1);

    const again = await revokeCapabilities(api, {
      sharedEventId,
      organizationId: a.orgId,
      grantorToken: a.admin.token,
      userId: third.id,
    });
    expect(again.revoked).toBe(false);
    expect((await audit('grant.revoked')).filter((e: any) => e.targetUserId === third.id)).toHaveLength(1);

    const refused = await put(third.token, a.member2.id, { capabilities: ['manageOwners'] });
    expect(refused.status).toBe(403);
  });

  it('refuses a treasurer (403) and an outsider (404), and changes nothing', async () => {
    const before = await storedSharedEventHead(sharedEventId);
    const t = await api.del(path(a.member.id), { token: a.treasurer.token, query: { organizationId: a.orgId } });
    expect(t.status).toBe(403);
    const o = await api.del(path(a.member.id), {
      token: a.outsider.token,
      query: { organizationId: a.outsider.orgId },
    });
    expect(o.status).toBe(404);
    expect((await storedSharedEventHead(sharedEventId))!._etag).toBe(before!._etag);
  });
});

describe('concurrency and roster state', () => {
  it('keeps every grant when grants for different users are issued in parallel (ETag retry)', async () => {
    const grantees = [a.ticketManager, a.member2, b.member, b.member2];
    const results = await Promise.all(
      grantees.map((p, i) =>
        put(
          i < 2 ? a.admin.token : a.superToken,
          p.id,
          { capabilities: ['viewCombinedReports'] },
          i < 2 ? a.orgId : b.orgId,
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const grants = await storedGrants();
    for (const p of grantees) {
      expect(grants.filter((g) => g.userId === p.id)).toEqual([
        expect.objectContaining({ capabilities: ['viewCombinedReports'] }),
      ]);
      const entries = (await audit()).filter((e: any) => e.targetUserId === p.id && e.action.startsWith('grant.'));
      expect(entries.length).toBeGreaterThanOrEqual(1);
    }
    // One entry per change: as many grant entries as grant changes made so far, none twice.
    const ids = (await audit()).map((e: any) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses an organization that left the roster (403), and its grants stop working', async () => {
    const gone = await setupOrganization(api);
    const head = await seedSharedEvent({
      organizerOrgId: a.orgId,
      ownerUserId: a.admin.id,
      participants: [{ organizationId: gone.orgId, status: 'active' }],
    });
    const granted = await api.put(`shared-events/${head.sharedEventId}/grants/${gone.admin.id}`, {
      token: a.superToken,
      query: { organizationId: gone.orgId },
      body: { capabilities: ['manageOwners'] },
    });
    expect(granted.status).toBe(200);
    await seedSharedEventParticipantStatus(head.sharedEventId, gone.orgId, 'left');
    const res = await api.put(`shared-events/${head.sharedEventId}/grants/${gone.member.id}`, {
      token: gone.admin.token,
      query: { organizationId: gone.orgId },
      body: { capabilities: ['manageOwners'] },
    });
    expect(res.status).toBe(403);
  });
});

describe('the mutation switches (docs/shared-events.md)', () => {
  const withEnv = async (env: Record<string, string>, run: () => Promise<void>) => {
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    resetConfig();
    try {
      await run();
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      resetConfig();
    }
  };

  it.each([
    ['switched off', { SHARED_EVENTS_ENABLED: 'false' }],
    ['outside the allowlist', { SHARED_EVENTS_ORG_ALLOWLIST: 'some-other-org' }],
  ])('refuses grant and revoke with 403 when Shared Events are %s, writing nothing', async (_label, env) => {
    const before = await storedSharedEventHead(sharedEventId);
    await withEnv(env, async () => {
      const issue = await put(a.admin.token, a.member2.id, { capabilities: ['managePricing'] });
      expect(issue.status).toBe(403);
      const revoke = await api.del(path(a.member.id), { token: a.admin.token, query: { organizationId: a.orgId } });
      expect(revoke.status).toBe(403);
    });
    expect((await storedSharedEventHead(sharedEventId))!._etag).toBe(before!._etag);
  });
});
