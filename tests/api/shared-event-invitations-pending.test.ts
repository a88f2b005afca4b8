import { createHash } from 'node:crypto';
import {
  settleInvitationDeliveries,
  startInvitationDelivery,
} from '../../shared/domain/shared-events/invitations/fan-out';
import { TestHost, uniqueEmail } from '../helpers/harness';
import { setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import {
  injectStoreFault,
  seedSharedEvent,
  storedOrgDocumentsAcrossPartitions,
  storedSharedEventDocuments,
  type StoreOperation,
} from '../helpers/seed';
import { addMember, createLink, orgWithAdmin } from '../helpers/shared-events/invitations';

let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'true' });
  f = await setupOrganization(api, { name: 'Organizer Choir' });
});
afterAll(() => {
  injectStoreFault(undefined);
  return api.close();
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const FIFTEEN_DAYS = 15 * 24 * 3600;

/** A person who administers `adminOf` organizations and is a plain member of `memberOf` more. */
async function invitee(adminOf: number, memberOf = 0) {
  const email = uniqueEmail('invitee');
  const adminOrgs: string[] = [];
  const memberOrgs: string[] = [];
  let id = '';
  for (let i = 0; i < adminOf; i += 1) {
    const { orgId } = await orgWithAdmin(api, f.superToken);
    id = await addMember(api, f.superToken, orgId, email, 'admin');
    adminOrgs.push(orgId);
  }
  for (let i = 0; i < memberOf; i += 1) {
    const { orgId } = await orgWithAdmin(api, f.superToken);
    id = await addMember(api, f.superToken, orgId, email, 'member');
    memberOrgs.push(orgId);
  }
  const person: Person = { id, email, name: 'invitee', token: await api.login(email) };
  return { person, adminOrgs, memberOrgs };
}

/** A Shared Event organized by a fresh organization (its own mutation bucket). */
async function organizedEvent(name = 'River Festival') {
  const org = await orgWithAdmin(api, f.superToken, { name: 'Organizer Choir' });
  const se = await seedSharedEvent({ organizerOrgId: org.orgId, ownerUserId: org.admin.id, name });
  return { se, actor: { token: org.admin.token, orgId: org.orgId } };
}

const notificationsOf = (person: Person, orgId: string) =>
  api.get('notifications', { token: person.token, query: { organizationId: orgId } });
const pending = (person: Person) => api.get('shared-event-invitations/pending', { token: person.token });
const acceptPending = (person: Person, body: Record<string, unknown>) =>
  api.post('shared-event-invitations/pending/accept', { token: person.token, body });

describe('invitation fan-out (rule 7)', () => {
  it('notifies each organization the matched admin administers; the response tells nothing of the match', async () => {
    const { se, actor } = await organizedEvent('River Festival');
    const target = await invitee(2, 1);
    const unknownAddress = uniqueEmail('nobody');

    await createLink(api, se.sharedEventId, actor); // opens the bucket's window: the two below cost the same
    const matched = await createLink(api, se.sharedEventId, actor, { email: target.person.email });
    const unmatched = await createLink(api, se.sharedEventId, actor, { email: unknownAddress });
    expect(matched.status).toBe(201);
    expect(unmatched.status).toBe(201);
    expect(Object.keys(matched.body.data).sort()).toEqual(Object.keys(unmatched.body.data).sort());
    expect(matched.headers.get('x-store-ops')).toBe(unmatched.headers.get('x-store-ops'));
    await settleInvitationDeliveries();

    // Best-effort e-mail to the address, with the acceptance URL.
    expect(api.lastEmailTo(target.person.email)?.text).toContain(matched.body.data.url);
    expect(api.lastEmailTo(unknownAddress)?.text).toContain(unmatched.body.data.url);

    for (const orgId of target.adminOrgs) {
      const res = await notificationsOf(target.person, orgId);
      const items = res.body.data.items.filter((n: { type: string }) => n.type === 'shared_event_invitation_received');
      expect(items).toHaveLength(1);
      const [n] = items;
      expect(n).toMatchObject({
        type: 'shared_event_invitation_received',
        title: 'Shared Event invitation',
        actionUrl: '/shared-events/pending-invitations',
        meta: {
          sharedEventId: se.sharedEventId,
          sharedEventName: 'River Festival',
          organizerOrganizationName: 'Organizer Choir',
        },
        read: false,
      });
      expect(Object.keys(n.meta).sort()).toEqual(['organizerOrganizationName', 'sharedEventId', 'sharedEventName']);
      expect(n.message).toContain('River Festival');
      expect(res.text).not.toContain('incidentKey');
      const lifetime = (Date.parse(n.expiresAt) - Date.parse(n.createdAt)) / 1000;
      expect(lifetime).toBeLessThanOrEqual(FIFTEEN_DAYS);
      expect(lifetime).toBeGreaterThan(FIFTEEN_DAYS - 60);
    }
    const asMember = await notificationsOf(target.person, target.memberOrgs[0]);
    expect(asMember.body.data.items).toHaveLength(0);

    // Stored: never the e-mail, the token, its hash or the invitation id; a dedup key and ttl ≤ 15 days.
    const token = matched.body.data.token as string;
    const forbidden = [target.person.email, unknownAddress, token, sha256(token), matched.body.data.id];
    const notes = (await storedOrgDocumentsAcrossPartitions('notification')).filter(
      (n) => n.type === 'shared_event_invitation_received' && n.meta.sharedEventId === se.sharedEventId,
    );
    expect(notes).toHaveLength(2);
    for (const note of notes) {
      expect(note.incidentKey).toMatch(/^[0-9a-f]{64}$/);
      expect(note.ttl).toBeLessThanOrEqual(FIFTEEN_DAYS);
      for (const secret of forbidden) expect(JSON.stringify(note).toLowerCase()).not.toContain(secret.toLowerCase());
    }
    const everything = [
      ...(await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink')),
      ...(await storedSharedEventDocuments(se.sharedEventId, 'sharedEventAuditEntry')),
      ...(await storedOrgDocumentsAcrossPartitions('sharedEventPendingInvitation')),
    ];
    const text = JSON.stringify(everything).toLowerCase();
    expect(text).not.toContain(target.person.email.toLowerCase());
    expect(text).not.toContain(unknownAddress.toLowerCase());
    const links = await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink');
    expect(links.map((l) => l.emailDeliveryAttempted).sort()).toEqual([false, true, true]);
  });

  it('a repeated fan-out for the same invitation writes nothing new (a duplicate counts as success)', async () => {
    const { se, actor } = await organizedEvent();
    const target = await invitee(1);
    const res = await createLink(api, se.sharedEventId, actor, { email: target.person.email });
    await settleInvitationDeliveries();
    const [link] = await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink');
    startInvitationDelivery({ email: target.person.email, url: res.body.data.url, link, sharedEvent: se });
    startInvitationDelivery({
      email: target.person.email.toUpperCase(),
      url: res.body.data.url,
      link,
      sharedEvent: se,
    });
    await settleInvitationDeliveries();
    const mine = (await notificationsOf(target.person, target.adminOrgs[0])).body.data.items;
    expect(mine.filter((n: { type: string }) => n.type === 'shared_event_invitation_received')).toHaveLength(1);
    const records = (await storedOrgDocumentsAcrossPartitions('sharedEventPendingInvitation')).filter(
      (r) => r.invitationId === link.id,
    );
    expect(records).toHaveLength(1);
  });

  it('is capped at 10 organization partitions per invitation', async () => {
    const { se, actor } = await organizedEvent();
    const target = await invitee(12);
    await createLink(api, se.sharedEventId, actor, { email: target.person.email });
    await settleInvitationDeliveries();
    const notes = (await storedOrgDocumentsAcrossPartitions('notification')).filter(
      (n) => n.userId === target.person.id && n.type === 'shared_event_invitation_received',
    );
    expect(new Set(notes.map((n) => n.organizationId)).size).toBe(10);
    expect(notes).toHaveLength(10);
    expect((await pending(target.person)).body.data.items).toHaveLength(10);
  });

  it('a soft-deleted user is not notified', async () => {
    const { se, actor } = await organizedEvent();
    const target = await invitee(1);
    const deleted = await api.del('users/bulk-delete', { token: f.superToken, body: { userIds: [target.person.id] } });
    expect(deleted.status).toBe(200);
    const res = await createLink(api, se.sharedEventId, actor, { email: target.person.email });
    expect(res.status).toBe(201);
    await settleInvitationDeliveries();
    const records = (await storedOrgDocumentsAcrossPartitions('sharedEventPendingInvitation')).filter(
      (r) => r.recipientUserId === target.person.id,
    );
    expect(records).toHaveLength(0);
  });

  it('a failing lookup never affects the response', async () => {
    const { se, actor } = await organizedEvent();
    const target = await invitee(1);
    injectStoreFault((op) => op.kind === 'query' && op.partitionKey === undefined);
    const res = await createLink(api, se.sharedEventId, actor, { email: target.person.email });
    await settleInvitationDeliveries();
    injectStoreFault(undefined);
    expect(res.status).toBe(201);
    expect((await pending(target.person)).body.data.items).toHaveLength(0);
  });
});

describe('GET /api/shared-event-invitations/pending', () => {
  it('lists the caller’s pending invitations without organizationId, never a token, hash or e-mail', async () => {
    const { se, actor } = await organizedEvent('Lake Days');
    const target = await invitee(2, 1);
    const created = await createLink(api, se.sharedEventId, actor, { email: target.person.email });
    await settleInvitationDeliveries();
    const res = await pending(target.person);
    expect(res.status).toBe(200);
    // user, memberships, pending records, active links
    expect(res.headers.get('x-store-ops')).toBe('4');
    expect(res.body.data.items).toHaveLength(2);
    for (const item of res.body.data.items) {
      expect(item).toEqual({
        invitationId: created.body.data.id,
        sharedEventId: se.sharedEventId,
        sharedEventName: 'Lake Days',
        organizerOrganizationName: 'Organizer Choir',
        organizationId: expect.any(String),
        expiresAt: created.body.data.expiresAt,
      });
    }
    expect(new Set(res.body.data.items.map((i: { organizationId: string }) => i.organizationId))).toEqual(
      new Set(target.adminOrgs),
    );
    expect(res.text).not.toContain(created.body.data.token);
    expect(res.text).not.toContain(sha256(created.body.data.token));
    expect(res.text.toLowerCase()).not.toContain(target.person.email.toLowerCase());

    // Another admin sees none of them; a person who administers nothing is 403; no session is 401.
    expect((await pending(f.admin)).body.data.items).toHaveLength(0);
    expect((await pending(f.member)).status).toBe(403);
    expect((await api.get('shared-event-invitations/pending')).status).toBe(401);

    // A revoked link leaves the list.
    await api.del(`shared-events/${se.sharedEventId}/invitation-links/${encodeURIComponent(created.body.data.id)}`, {
      token: actor.token,
      query: { organizationId: actor.orgId },
    });
    expect((await pending(target.person)).body.data.items).toHaveLength(0);
  });

  it('returns at most 50', async () => {
    const { se, actor } = await organizedEvent();
    const target = await invitee(1);
    for (let i = 0; i < 55; i += 1) {
      const res = await createLink(api, se.sharedEventId, actor, { email: target.person.email });
      expect(res.status).toBe(201);
    }
    await settleInvitationDeliveries();
    const res = await pending(target.person);
    expect(res.body.data.items).toHaveLength(50);
    expect(new Set(res.body.data.items.map((i: { invitationId: string }) => i.invitationId)).size).toBe(50);
  });
});

describe('POST /api/shared-event-invitations/pending/accept', () => {
  it('joins the organization, uses the link, audits once; the invitation leaves the list', async () => {
    const { se, actor } = await organizedEvent();
    const target = await invitee(2);
    const created = await createLink(api, se.sharedEventId, actor, { email: target.person.email });
    await settleInvitationDeliveries();
    const body = {
      invitationId: created.body.data.id,
      sharedEventId: se.sharedEventId,
      organizationId: target.adminOrgs[0],
    };
    const res = await acceptPending(target.person, body);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      sharedEventId: se.sharedEventId,
      organizationId: target.adminOrgs[0],
      status: 'active',
      role: 'participant',
    });
    const roster = await storedSharedEventDocuments(se.sharedEventId, 'sharedEventParticipant');
    expect(roster.find((p) => p.organizationId === target.adminOrgs[0])).toMatchObject({ status: 'active' });
    const [link] = await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink');
    expect(link).toMatchObject({ status: 'used', usedBy: target.person.id, usedByOrganizationId: target.adminOrgs[0] });
    const audit = await storedSharedEventDocuments(se.sharedEventId, 'sharedEventAuditEntry');
    expect(audit.filter((a) => a.action === 'invitation.acceptedFromPending')).toHaveLength(1);
    expect((await pending(target.person)).body.data.items).toHaveLength(0);

    // The link is spent: the second organization gets the generic 404, the token route too.
    const other = await acceptPending(target.person, { ...body, organizationId: target.adminOrgs[1] });
    expect(other.status).toBe(404);
    const byToken = await api.post('shared-event-invitations/accept', {
      token: target.person.token,
      body: { token: created.body.data.token, organizationId: target.adminOrgs[1] },
    });
    expect(byToken.text).toBe(other.text);
  });

  it('a recipient mismatch is the generic 404, checked before anything else; byte-identical to every variant', async () => {
    const { se, actor } = await organizedEvent();
    const target = await invitee(1);
    const created = await createLink(api, se.sharedEventId, actor, { email: target.person.email });
    await settleInvitationDeliveries();
    // A co-admin of the same organization, who received nothing.
    const coAdminEmail = uniqueEmail('coadmin');
    const coAdminId = await addMember(api, f.superToken, target.adminOrgs[0], coAdminEmail, 'admin');
    const coAdmin: Person = { id: coAdminId, email: coAdminEmail, name: 'co', token: await api.login(coAdminEmail) };
    const body = {
      invitationId: created.body.data.id,
      sharedEventId: se.sharedEventId,
      organizationId: target.adminOrgs[0],
    };
    const seen: StoreOperation[] = [];
    injectStoreFault((op) => {
      seen.push(op);
      return false;
    });
    const mismatch = await acceptPending(coAdmin, body);
    injectStoreFault(undefined);
    expect(mismatch.status).toBe(404);
    // No bucket, no link, no Shared Event: the record check failed first.
    expect(seen.filter((op) => op.container !== 'orgs' && op.container !== 'users')).toEqual([]);
    const variants = [
      await acceptPending(target.person, { ...body, invitationId: 'invite:0000000000000000' }),
      await acceptPending(target.person, { ...body, sharedEventId: 'nope' }),
      await acceptPending(target.person, { ...body, organizationId: f.orgId }),
    ];
    for (const v of variants) {
      expect(v.status).toBe(404);
      expect(v.text).toBe(mismatch.text);
    }
    const [link] = await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink');
    expect(link.status).toBe('active');
    expect((await acceptPending(coAdmin, { ...body, x: 1 })).status).toBe(400);
  });

  it('a sellingPartner organization is 403 ORG_MODE_RESTRICTED before the bucket, nothing written', async () => {
    const { se, actor } = await organizedEvent();
    const email = uniqueEmail('seller');
    const partner = await orgWithAdmin(api, f.superToken, { organizationMode: 'sellingPartner' });
    const id = await addMember(api, f.superToken, partner.orgId, email, 'admin');
    const seller: Person = { id, email, name: 'seller', token: await api.login(email) };
    const created = await createLink(api, se.sharedEventId, actor, { email });
    await settleInvitationDeliveries();
    const [item] = (await pending(seller)).body.data.items;
    expect(item.organizationId).toBe(partner.orgId);
    const seen: StoreOperation[] = [];
    injectStoreFault((op) => {
      seen.push(op);
      return false;
    });
    const res = await acceptPending(seller, {
      invitationId: created.body.data.id,
      sharedEventId: se.sharedEventId,
      organizationId: partner.orgId,
    });
    injectStoreFault(undefined);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'ORG_MODE_RESTRICTED', data: { check: 'sharedEvents.join' } });
    expect(seen.every((op) => op.kind === 'read' && op.container !== 'sharedEvents' && op.container !== 'auth')).toBe(
      true,
    );
    const [link] = await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink');
    expect(link.status).toBe('active');
  });

  it('parallel acceptances for two organizations: exactly one wins', async () => {
    const { se, actor } = await organizedEvent();
    const target = await invitee(2);
    const created = await createLink(api, se.sharedEventId, actor, { email: target.person.email });
    await settleInvitationDeliveries();
    const results = await Promise.all(
      target.adminOrgs.flatMap((organizationId) =>
        [1, 2, 3].map(() =>
          acceptPending(target.person, {
            invitationId: created.body.data.id,
            sharedEventId: se.sharedEventId,
            organizationId,
          }),
        ),
      ),
    );
    const winners = results.filter((r) => r.status === 200);
    // The winning organization's own retries are idempotent 200s; the other organization gets only 404s.
    const winningOrgs = new Set(winners.map((r) => r.body.data.organizationId));
    expect(winningOrgs.size).toBe(1);
    expect(results.filter((r) => r.status === 404)).toHaveLength(3);
    const roster = await storedSharedEventDocuments(se.sharedEventId, 'sharedEventParticipant');
    expect(roster.filter((p) => target.adminOrgs.includes(p.organizationId))).toHaveLength(1);
  });
});
