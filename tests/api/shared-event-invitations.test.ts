import { createHash, randomBytes } from 'node:crypto';
import { TestHost } from '../helpers/harness';
import { setupOrganization, type OrgFixture } from '../helpers/fixtures';
import {
  injectStoreFault,
  seedInvitationLinkExpired,
  seedSharedEvent,
  seedSharedEventGrant,
  seedParticipantStatus,
  storedSharedEventDocuments,
  type StoreOperation,
} from '../helpers/seed';
import { acceptToken, addMember, createLink, orgWithAdmin, preview } from '../helpers/shared-events/invitations';

let api: TestHost;
let f: OrgFixture;
let organizer: { token: string; orgId: string };
beforeAll(async () => {
  api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'true' });
  f = await setupOrganization(api);
  organizer = { token: f.admin.token, orgId: f.orgId };
});
afterAll(() => {
  injectStoreFault(undefined);
  return api.close();
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const newSharedEvent = (name = 'Joint Festival') =>
  seedSharedEvent({ organizerOrgId: f.orgId, ownerUserId: f.admin.id, name });
const rosterEntry = async (sharedEventId: string, orgId: string) =>
  (await storedSharedEventDocuments(sharedEventId, 'sharedEventParticipant')).find((p) => p.organizationId === orgId);
const audit = (sharedEventId: string) => storedSharedEventDocuments(sharedEventId, 'sharedEventAuditEntry');

async function newLink(sharedEventId: string) {
  const res = await createLink(api, sharedEventId, organizer);
  expect(res.status).toBe(201);
  return res.body.data as { id: string; token: string; url: string; status: string; expiresAt: string };
}

describe('POST /api/shared-events/{id}/invitation-links', () => {
  it('returns the raw token once, stores only its hash, 14 days plus 24 hours, audited once', async () => {
    const se = await newSharedEvent();
    const before = Date.now();
    const res = await createLink(api, se.sharedEventId, organizer);
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual([
      'createdAt',
      'expiresAt',
      'id',
      'sharedEventId',
      'status',
      'token',
      'url',
    ]);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(data.token, 'base64url')).toHaveLength(32);
    expect(data.id).toBe(`invite:${sha256(data.token).slice(0, 16)}`);
    expect(data.url).toBe(`http://localhost:5173/shared-events/invitations/accept?token=${data.token}`);
    expect(data.status).toBe('active');
    const lifetime = Date.parse(data.expiresAt) - Date.parse(data.createdAt);
    expect(lifetime).toBe(15 * 24 * 3600 * 1000);
    expect(Date.parse(data.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    // user (its role map grants: no membership read), Shared Event + roster entry (scope), bucket (one
    // increment; two when it opens a new window), link create, audit create
    expect(['6', '7']).toContain(res.headers.get('x-store-ops'));

    const [stored] = await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink');
    expect(stored).toMatchObject({
      id: data.id,
      documentType: 'sharedEventInvitationLink',
      tokenHash: sha256(data.token),
      status: 'active',
      createdBy: f.admin.id,
      createdByOrganizationId: f.orgId,
      emailDeliveryAttempted: false,
      ttl: 15 * 24 * 3600,
      schemaVersion: 1,
    });
    expect(JSON.stringify(stored)).not.toContain(data.token);
    const entries = (await audit(se.sharedEventId)).filter((a) => a.action === 'invitationLink.created');
    expect(entries).toHaveLength(1);
  });

  it('role matrix: a treasurer of the organizer is 403, an admin without manageParticipants 403, an outsider 404', async () => {
    const se = await newSharedEvent();
    const participant = await orgWithAdmin(api, f.superToken);
    const se2 = await seedSharedEvent({
      organizerOrgId: f.orgId,
      ownerUserId: f.admin.id,
      participants: [{ organizationId: participant.orgId, status: 'active' }],
    });
    const treasurer = await createLink(api, se.sharedEventId, { token: f.treasurer.token, orgId: f.orgId });
    expect(treasurer.status).toBe(403);
    const noCapability = await createLink(api, se2.sharedEventId, {
      token: participant.admin.token,
      orgId: participant.orgId,
    });
    expect(noCapability.status).toBe(403);
    expect(noCapability.body.message).toMatch(/manageParticipants/);
    const outsider = await createLink(api, se.sharedEventId, { token: f.outsider.token, orgId: f.outsider.orgId });
    expect(outsider.status).toBe(404);
    expect(outsider.text).not.toContain(se.name);
    const listNoCapability = await api.get(`shared-events/${se2.sharedEventId}/invitation-links`, {
      token: participant.admin.token,
      query: { organizationId: participant.orgId },
    });
    expect(listNoCapability.status).toBe(403);
    expect(await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink')).toHaveLength(0);
    expect(await storedSharedEventDocuments(se2.sharedEventId, 'sharedEventInvitationLink')).toHaveLength(0);
  });

  it('a manageParticipants grant lets its holder manage links, and nothing more than its role allows', async () => {
    const participant = await orgWithAdmin(api, f.superToken);
    const memberEmail = `member-${Date.now()}@example.org`;
    const memberId = await addMember(api, f.superToken, participant.orgId, memberEmail, 'member');
    const memberToken = await api.login(memberEmail);
    const se = await seedSharedEvent({
      organizerOrgId: f.orgId,
      ownerUserId: f.admin.id,
      participants: [{ organizationId: participant.orgId, status: 'active' }],
    });
    const asAdmin = { token: participant.admin.token, orgId: participant.orgId };
    await seedSharedEventGrant(se.sharedEventId, {
      userId: participant.admin.id,
      organizationId: participant.orgId,
      capabilities: ['manageOwners'],
    });
    expect((await createLink(api, se.sharedEventId, asAdmin)).status).toBe(403);
    await seedSharedEventGrant(se.sharedEventId, {
      userId: participant.admin.id,
      organizationId: participant.orgId,
      capabilities: ['manageParticipants'],
    });
    const created = await createLink(api, se.sharedEventId, asAdmin);
    expect(created.status).toBe(201);
    expect(created.body.data.status).toBe('active');
    // A member holding the grant may list (the route needs only the capability) but not create (Organization Admin).
    await seedSharedEventGrant(se.sharedEventId, {
      userId: memberId,
      organizationId: participant.orgId,
      capabilities: ['manageParticipants'],
    });
    const list = await api.get(`shared-events/${se.sharedEventId}/invitation-links`, {
      token: memberToken,
      query: { organizationId: participant.orgId },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.items).toHaveLength(1);
    expect((await createLink(api, se.sharedEventId, { token: memberToken, orgId: participant.orgId })).status).toBe(
      403,
    );
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const se = await newSharedEvent();
    for (const body of [{ email: 'not-an-address' }, { email: 'a@b.org', extra: 1 }, { token: 'x' }]) {
      const res = await createLink(api, se.sharedEventId, organizer, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
    }
    expect(await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink')).toHaveLength(0);
  });

  it('a cancelled Shared Event takes no new links (409)', async () => {
    const se = await seedSharedEvent({ organizerOrgId: f.orgId, ownerUserId: f.admin.id, status: 'cancelled' });
    const res = await createLink(api, se.sharedEventId, organizer);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('CONFLICT');
  });
});

describe('GET and DELETE /api/shared-events/{id}/invitation-links', () => {
  it('lists links without tokens or hashes, newest first, paged', async () => {
    const se = await newSharedEvent();
    const a = await newLink(se.sharedEventId);
    const b = await newLink(se.sharedEventId);
    const first = await api.get(`shared-events/${se.sharedEventId}/invitation-links`, {
      token: f.admin.token,
      query: { organizationId: f.orgId, limit: 1 },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.items).toHaveLength(1);
    expect(first.body.data.continuationToken).toEqual(expect.any(String));
    const second = await api.get(`shared-events/${se.sharedEventId}/invitation-links`, {
      token: f.admin.token,
      query: { organizationId: f.orgId, limit: 1, continuationToken: first.body.data.continuationToken },
    });
    const ids = [...first.body.data.items, ...second.body.data.items].map((l: { id: string }) => l.id);
    expect(new Set(ids)).toEqual(new Set([a.id, b.id]));
    for (const text of [first.text, second.text]) {
      expect(text).not.toMatch(/tokenHash|"token"|ttl|emailDeliveryAttempted/);
      expect(text).not.toContain(a.token);
      expect(text).not.toContain(sha256(a.token));
    }
    expect(first.body.data.items[0]).toEqual({
      id: expect.any(String),
      sharedEventId: se.sharedEventId,
      status: 'active',
      createdBy: f.admin.id,
      createdByOrganizationId: f.orgId,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
  });

  it('revokes an active link (idempotent), refuses a used one with 409, 404 for an unknown id', async () => {
    const se = await newSharedEvent();
    const link = await newLink(se.sharedEventId);
    const path = `shared-events/${se.sharedEventId}/invitation-links/${encodeURIComponent(link.id)}`;
    const revoked = await api.del(path, { token: f.admin.token, query: { organizationId: f.orgId } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ id: link.id, status: 'revoked', revokedBy: f.admin.id });
    const again = await api.del(path, { token: f.admin.token, query: { organizationId: f.orgId } });
    expect(again.status).toBe(200);
    expect(again.body.data.revokedAt).toBe(revoked.body.data.revokedAt);
    expect((await audit(se.sharedEventId)).filter((a) => a.action === 'invitationLink.revoked')).toHaveLength(1);

    const used = await newLink(se.sharedEventId);
    const joiner = await orgWithAdmin(api, f.superToken);
    expect((await acceptToken(api, used.token, joiner.admin.token, joiner.orgId)).status).toBe(200);
    const refused = await api.del(`shared-events/${se.sharedEventId}/invitation-links/${encodeURIComponent(used.id)}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('CONFLICT');

    const unknown = await api.del(`shared-events/${se.sharedEventId}/invitation-links/invite:0000000000000000`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect(unknown.status).toBe(404);

    const treasurer = await api.del(path, { token: f.treasurer.token, query: { organizationId: f.orgId } });
    expect(treasurer.status).toBe(403);
  });
});

describe('preview and token acceptance', () => {
  it('previews a live link with a bounded view', async () => {
    const se = await newSharedEvent('Harbour Festival');
    const link = await newLink(se.sharedEventId);
    const res = await preview(api, link.token, f.outsider.token);
    expect(res.status).toBe(200);
    // user, link (by id), Shared Event, organizer
    expect(res.headers.get('x-store-ops')).toBe('4');
    expect(res.body.data).toEqual({
      sharedEventId: se.sharedEventId,
      name: 'Harbour Festival',
      date: se.date,
      organizerOrganizationName: expect.any(String),
      expiresAt: link.expiresAt,
    });
    expect((await api.get('shared-event-invitations/preview', { query: { token: link.token } })).status).toBe(401);
  });

  it('every unusable invitation gets the same jittered 404 body on preview and accept', async () => {
    const se = await newSharedEvent();
    const joiner = await orgWithAdmin(api, f.superToken);
    const other = await orgWithAdmin(api, f.superToken);
    const used = await newLink(se.sharedEventId);
    expect((await acceptToken(api, used.token, other.admin.token, other.orgId)).status).toBe(200);
    const revoked = await newLink(se.sharedEventId);
    await api.del(`shared-events/${se.sharedEventId}/invitation-links/${encodeURIComponent(revoked.id)}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    const expired = await newLink(se.sharedEventId);
    await seedInvitationLinkExpired(se.sharedEventId, expired.id);
    const live = await newLink(se.sharedEventId);
    const variants = {
      invalid: 'not a token',
      unknown: randomBytes(32).toString('base64url'),
      wrongHashSameId: live.token.slice(0, 42) + (live.token.endsWith('A') ? 'B' : 'A'),
      expired: expired.token,
      used: used.token,
      revoked: revoked.token,
    };
    const bodies = new Set<string>();
    for (const [name, token] of Object.entries(variants)) {
      const started = Date.now();
      const p = await preview(api, token, joiner.admin.token);
      const a = await acceptToken(api, token, joiner.admin.token, joiner.orgId);
      expect([name, p.status, a.status]).toEqual([name, 404, 404]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(100); // two jitters of at least 50 ms
      bodies.add(p.text);
      bodies.add(a.text);
    }
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0])).toEqual({
      success: false,
      error: 'NOT_FOUND',
      message: 'This invitation is not available',
    });
    expect(await rosterEntry(se.sharedEventId, joiner.orgId)).toBeUndefined();
  });

  it('accepts a token: the organization joins once, the link is used with the recovery marker, audited once', async () => {
    const se = await newSharedEvent();
    const joiner = await orgWithAdmin(api, f.superToken);
    const link = await newLink(se.sharedEventId);
    const res = await acceptToken(api, link.token, joiner.admin.token, joiner.orgId);
    expect(res.status).toBe(200);
    // user (its role map grants: no membership read), organization, bucket (2 calls: this organization's first mutation opens its window), link,
    // Shared Event, link replace, roster read + write, audit, then the projection: its read, its write and the
    // roster entry's link
    expect(res.headers.get('x-store-ops')).toBe('13');
    expect(res.body.data.eventId).toBe(`se-${se.sharedEventId}`);
    expect(res.body.data).toMatchObject({
      sharedEventId: se.sharedEventId,
      name: se.name,
      organizationId: joiner.orgId,
      status: 'active',
      role: 'participant',
    });
    expect(await rosterEntry(se.sharedEventId, joiner.orgId)).toMatchObject({ status: 'active', role: 'participant' });
    const [stored] = (await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink')).filter(
      (l) => l.id === link.id,
    );
    expect(stored).toMatchObject({ status: 'used', usedBy: joiner.admin.id, usedByOrganizationId: joiner.orgId });
    expect(stored.usedAt).toEqual(expect.any(String));
    // The same organization again: idempotent 200, still one audit entry.
    const again = await acceptToken(api, link.token, joiner.admin.token, joiner.orgId);
    expect(again.status).toBe(200);
    expect((await audit(se.sharedEventId)).filter((a) => a.action === 'invitationLink.accepted')).toHaveLength(1);
    // Now joined, the organization sees the list? No: that needs manageParticipants; it gets 403, not 404.
    const list = await api.get(`shared-events/${se.sharedEventId}/invitation-links`, {
      token: joiner.admin.token,
      query: { organizationId: joiner.orgId },
    });
    expect(list.status).toBe(403);
  });

  it('a non-admin of the accepting organization is 403; bad input is 400; nothing is written', async () => {
    const se = await newSharedEvent();
    const link = await newLink(se.sharedEventId);
    const joiner = await orgWithAdmin(api, f.superToken);
    const treasurer = await acceptToken(api, link.token, f.treasurer.token, f.orgId);
    expect(treasurer.status).toBe(403);
    const outsider = await acceptToken(api, link.token, f.outsider.token, joiner.orgId);
    expect(outsider.status).toBe(403);
    for (const body of [
      { token: link.token },
      { organizationId: joiner.orgId },
      { token: link.token, organizationId: joiner.orgId, x: 1 },
    ]) {
      const res = await api.post('shared-event-invitations/accept', { token: joiner.admin.token, body });
      expect(res.status).toBe(400);
    }
    const [stored] = await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink');
    expect(stored.status).toBe('active');
  });

  it('a sellingPartner accepting organization is 403 ORG_MODE_RESTRICTED before the bucket; nothing read or written', async () => {
    const se = await newSharedEvent();
    const link = await newLink(se.sharedEventId);
    const partner = await orgWithAdmin(api, f.superToken, { organizationMode: 'sellingPartner' });
    const seen: StoreOperation[] = [];
    injectStoreFault((op) => {
      seen.push(op);
      return false;
    });
    const res = await acceptToken(api, link.token, partner.admin.token, partner.orgId);
    injectStoreFault(undefined);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'ORG_MODE_RESTRICTED', errorCode: 'ORG_MODE_RESTRICTED' });
    expect(res.body.data).toEqual({ check: 'sharedEvents.join' });
    // Only the user (its role map grants: no membership read) and the organization were read: no bucket, no
    // link, no Shared Event.
    expect(seen.map((op) => `${op.kind}:${op.container}`).sort()).toEqual(['read:orgs', 'read:users']);
    const [stored] = await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink');
    expect(stored.status).toBe('active');
    expect(await rosterEntry(se.sharedEventId, partner.orgId)).toBeUndefined();
  });

  it('20 parallel acceptances by 20 organizations: exactly one joins, 19 identical 404s', async () => {
    const se = await newSharedEvent();
    const link = await newLink(se.sharedEventId);
    const first = await orgWithAdmin(api, f.superToken);
    const orgIds = [first.orgId];
    for (let i = 1; i < 20; i += 1) {
      const org = await orgWithAdmin(api, f.superToken);
      await addMember(api, f.superToken, org.orgId, first.admin.email);
      orgIds.push(org.orgId);
    }
    const results = await Promise.all(orgIds.map((orgId) => acceptToken(api, link.token, first.admin.token, orgId)));
    const winners = results.filter((r) => r.status === 200);
    const losers = results.filter((r) => r.status !== 200);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(19);
    expect(new Set(losers.map((r) => r.status))).toEqual(new Set([404]));
    expect(new Set(losers.map((r) => r.text)).size).toBe(1);
    const roster = await storedSharedEventDocuments(se.sharedEventId, 'sharedEventParticipant');
    const joined = roster.filter((p) => orgIds.includes(p.organizationId));
    expect(joined).toHaveLength(1);
    expect(joined[0]).toMatchObject({ organizationId: winners[0].body.data.organizationId, status: 'active' });
  });

  it('recovery marker: a roster write failing after the link replace is completed by the same organization only', async () => {
    const se = await newSharedEvent();
    const link = await newLink(se.sharedEventId);
    const joiner = await orgWithAdmin(api, f.superToken);
    const intruder = await orgWithAdmin(api, f.superToken);
    injectStoreFault(
      (op) => op.container === 'sharedEvents' && op.kind === 'upsert' && op.id === `participant-${joiner.orgId}`,
    );
    const interrupted = await acceptToken(api, link.token, joiner.admin.token, joiner.orgId);
    injectStoreFault(undefined);
    expect(interrupted.status).toBe(503);
    const [stored] = await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink');
    expect(stored).toMatchObject({ status: 'used', usedByOrganizationId: joiner.orgId });
    expect(await rosterEntry(se.sharedEventId, joiner.orgId)).toBeUndefined();

    const stolen = await acceptToken(api, link.token, intruder.admin.token, intruder.orgId);
    expect(stolen.status).toBe(404);
    const retried = await acceptToken(api, link.token, joiner.admin.token, joiner.orgId);
    expect(retried.status).toBe(200);
    expect(await rosterEntry(se.sharedEventId, joiner.orgId)).toMatchObject({ status: 'active' });
    expect(await rosterEntry(se.sharedEventId, intruder.orgId)).toBeUndefined();
    expect((await audit(se.sharedEventId)).filter((a) => a.action === 'invitationLink.accepted')).toHaveLength(1);
  });

  it('a spent link cannot bring back an organization that was removed or left after joining', async () => {
    const se = await newSharedEvent();
    const link = await newLink(se.sharedEventId);
    const joiner = await orgWithAdmin(api, f.superToken);
    expect((await acceptToken(api, link.token, joiner.admin.token, joiner.orgId)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await seedParticipantStatus(se.sharedEventId, joiner.orgId, 'removed');
    const replay = await acceptToken(api, link.token, joiner.admin.token, joiner.orgId);
    expect(replay.status).toBe(404);
    expect(replay.body.message).toBe('This invitation is not available');
    expect(await rosterEntry(se.sharedEventId, joiner.orgId)).toMatchObject({ status: 'removed' });
  });

  it('the switch off refuses creation and acceptance (403) without writing', async () => {
    const se = await newSharedEvent();
    const link = await newLink(se.sharedEventId);
    const joiner = await orgWithAdmin(api, f.superToken);
    process.env.SHARED_EVENTS_ENABLED = 'false';
    const { resetConfig } = await import('../../shared/config');
    resetConfig();
    try {
      expect((await createLink(api, se.sharedEventId, organizer)).status).toBe(403);
      expect((await acceptToken(api, link.token, joiner.admin.token, joiner.orgId)).status).toBe(403);
    } finally {
      process.env.SHARED_EVENTS_ENABLED = 'true';
      resetConfig();
    }
    expect(await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink')).toHaveLength(1);
    expect(await rosterEntry(se.sharedEventId, joiner.orgId)).toBeUndefined();
  });
});
