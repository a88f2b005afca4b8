import { createHash } from 'node:crypto';
import { TestHost } from '../helpers/harness';
import { addPerson, createEvent, createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import {
  accept,
  decline,
  delegatedEvents,
  delegationsPath,
  invite,
  listDelegations,
  revoke,
  setupPartner,
  tokenOf,
  type PartnerFixture,
} from '../helpers/delegations';
import { partitionFingerprint, seedDelegatedSalesMarker, storedDocument } from '../helpers/seed';

/**
 * Owner side of delegated sales, the invitation (docs/decisions/delegations.md): who may invite whom, the generic 404 of an e-mail that
 * does not resolve to exactly one eligible organization, re-invitations, and parallel invitations.
 */
let api: TestHost;
let f: OrgFixture;
let partner: PartnerFixture;
let event: { id: string; name: string; date: string };
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api, { name: 'Owner choir' });
  partner = await setupPartner(api, f.superToken, { name: 'Partner choir' });
  event = await createEvent(api, f);
});
afterAll(() => api.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('POST sales-delegations (invite by partnerAdminEmail)', () => {
  it('creates an invited delegation with a one-time link, syncs the partner index and notifies its admins', async () => {
    const ownEvent = await createEvent(api, f, { name: 'Invite concert' });
    const before = Date.now();
    const res = await invite(api, f, ownEvent.id, partner);
    expect(res.status).toBe(201);
    const { delegation, invitationLink, reverseIndexSync } = res.body.data;
    expect(delegation).toEqual({
      id: expect.stringMatching(UUID),
      partnerOrganizationId: partner.orgId,
      partnerOrganizationName: 'Partner choir',
      status: 'invited',
      invitedBy: f.admin.id,
      invitedByName: 'Ada Admin',
      invitedAt: expect.any(String),
      invitationExpiresAt: expect.any(String),
      permissions: {
        canCreateSales: true,
        canReportSoldReturned: true,
        canViewOwnAttributedReports: true,
        canApproveOwnMemberOrders: true,
      },
      assignmentVersion: 1,
      reverseIndexSyncStatus: 'synced',
      reverseIndexOperationId: expect.stringMatching(UUID),
      reverseIndexTransitionVersion: 1,
      reverseIndexSyncedAt: expect.any(String),
      reverseIndexSyncAttempts: 1,
    });
    const lifetime = Date.parse(delegation.invitationExpiresAt) - Date.parse(delegation.invitedAt);
    expect(lifetime).toBe(14 * 86_400_000);
    expect(Date.parse(delegation.invitedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(reverseIndexSync).toEqual({
      status: 'synced',
      operationId: delegation.reverseIndexOperationId,
      transitionVersion: 1,
    });

    // The link embeds the composite token; only its hash is stored, and no answer carries the hash.
    expect(invitationLink).toMatch(/^http:\/\/localhost:5173\/delegations\/accept\?token=/);
    const token = tokenOf(invitationLink);
    const [ownerId, eventId, delegationId, raw] = token.split('.');
    expect([ownerId, eventId, delegationId]).toEqual([f.orgId, ownEvent.id, delegation.id]);
    expect(raw).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await storedDocument(f.orgId, ownEvent.id);
    expect(stored.salesDelegations[0].invitationTokenHash).toBe(sha256(raw));
    expect(JSON.stringify(stored)).not.toContain(raw);
    expect(res.text).not.toContain(sha256(raw));
    const read = await api.get(`events/${ownEvent.id}`, { token: f.member.token, query: { organizationId: f.orgId } });
    expect(read.status).toBe(200);
    expect(read.body.data.salesDelegations).toHaveLength(1);
    expect(read.text).not.toContain('invitationTokenHash');
    expect(read.text).not.toContain(sha256(raw));

    // The partner's index holds the entry; delegated-events lists active ones only.
    const org = await api.get(`organizations/${partner.orgId}`, { token: f.superToken });
    expect(org.body.data.delegatedEventSales).toContainEqual({
      delegationId: delegation.id,
      eventId: ownEvent.id,
      ownerOrganizationId: f.orgId,
      ownerOrganizationName: 'Owner choir',
      status: 'invited',
      transitionVersion: 1,
    });
    const listed = await delegatedEvents(api, partner.orgId, partner.member);
    expect(listed.body.data.items.some((i: { eventId: string }) => i.eventId === ownEvent.id)).toBe(false);

    // One notification per approved partner admin, in the partner's partition, without the token or the link.
    const notes = await api.get('notifications', {
      token: partner.admin.token,
      query: { organizationId: partner.orgId },
    });
    const note = notes.body.data.items.find(
      (n: { meta: { delegationId?: string } }) => n.meta.delegationId === delegation.id,
    );
    expect(note).toMatchObject({
      type: 'sales_delegation_invited',
      actionUrl: '/delegated-events',
      meta: {
        delegationId: delegation.id,
        eventId: ownEvent.id,
        eventName: 'Invite concert',
        ownerOrganizationId: f.orgId,
        ownerOrganizationName: 'Owner choir',
      },
    });
    expect(note.message).toContain('Invite concert');
    expect(JSON.stringify(note)).not.toContain(raw);
    const memberNotes = await api.get('notifications', {
      token: partner.member.token,
      query: { organizationId: partner.orgId },
    });
    expect(memberNotes.body.data.items).toEqual([]);
  });

  it('costs a fixed number of store calls', async () => {
    const other = await setupPartner(api, f.superToken);
    const ownEvent = await createEvent(api, f);
    const res = await invite(api, f, ownEvent.id, other);
    expect(res.status).toBe(201);
    // user (with its role map), owner organization (mode), invite bucket (one increment; two calls when this request
    // opens a new window), event, e-mail index, user, memberships, organizations, event write, partner index
    // write, sync outcome write, partner admins, notification batch
    expect(['13', '14']).toContain(res.headers.get('x-store-ops'));
  });

  it('resolves an admin of the own organization and exactly one other organization to that other one', async () => {
    const orgB = await createOrganization(api, f.superToken, { name: 'Second home' });
    const both = await addPerson(api, f.superToken, orgB, 'admin');
    const added = await api.post(`organizations/${f.orgId}/members`, {
      token: f.superToken,
      body: { email: both.email, name: 'Both', role: 'admin' },
    });
    expect(added.status).toBe(201);
    const res = await invite(api, f, event.id, { admin: both });
    expect(res.status).toBe(201);
    expect(res.body.data.delegation.partnerOrganizationId).toBe(orgB);
  });

  describe('every e-mail that does not resolve to exactly one eligible organization: one jittered 404', () => {
    it('answers the same body byte for byte for each variant, after added time, and writes nothing', async () => {
      const superToken = f.superToken;
      // Admin of a soft-deleted organization.
      const gone = await createOrganization(api, superToken, { name: 'Gone choir' });
      const goneAdmin = await addPerson(api, superToken, gone, 'admin');
      expect((await api.del(`organizations/${gone}`, { token: superToken, body: {} })).status).toBe(200);
      // Admin of two eligible organizations.
      const orgA = await createOrganization(api, superToken, { name: 'Twin A' });
      const orgB = await createOrganization(api, superToken, { name: 'Twin B' });
      const twin = await addPerson(api, superToken, orgA, 'admin');
      await api.post(`organizations/${orgB}/members`, {
        token: superToken,
        body: { email: twin.email, name: 'Twin', role: 'admin' },
      });
      // A soft-deleted user who was the admin of a live organization.
      const lonely = await createOrganization(api, superToken, { name: 'Lonely choir' });
      const deletedUser = await addPerson(api, superToken, lonely, 'admin');
      const del = await api.del('users/bulk-delete', { token: superToken, body: { userIds: [deletedUser.id] } });
      expect(del.status).toBe(200);

      const variants: Record<string, string> = {
        unknownAddress: 'nobody-at-all@example.org',
        notAnAdmin: partner.member.email,
        ticketManagerOnly: partner.ticketManager.email,
        softDeletedOrganization: goneAdmin.email,
        ownOrganizationOnly: f.admin.email,
        adminOfSeveral: twin.email,
        softDeletedUser: deletedUser.email,
      };
      const fingerprint = await partitionFingerprint(f.orgId);
      const bodies = new Set<string>();
      for (const [variant, email] of Object.entries(variants)) {
        const started = Date.now();
        const res = await invite(api, f, event.id, partner, { body: { partnerAdminEmail: email } });
        const elapsed = Date.now() - started;
        expect({ variant, status: res.status }).toEqual({ variant, status: 404 });
        expect(res.body).toEqual({
          success: false,
          error: 'NOT_FOUND',
          message: 'No eligible partner organization was found for this address',
        });
        expect(elapsed).toBeGreaterThanOrEqual(45);
        bodies.add(res.text);
      }
      expect(bodies.size).toBe(1);
      expect(await partitionFingerprint(f.orgId)).toEqual(fingerprint);
    });
  });
});

describe('POST sales-delegations: body rules and the Super Admin path', () => {
  it('refuses both or neither field with 400 and writes nothing', async () => {
    const fingerprint = await partitionFingerprint(f.orgId);
    for (const body of [
      {},
      { partnerAdminEmail: partner.admin.email, partnerOrganizationId: partner.orgId },
      { partnerAdminEmail: 'not-an-email' },
      { partnerAdminEmail: partner.admin.email, extra: 1 },
    ]) {
      const res = await invite(api, f, event.id, partner, { body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
    }
    // Both fields from a Super Admin: still the 400, not a resolution.
    const both = await invite(api, f, event.id, partner, {
      as: { token: f.superToken },
      body: { partnerAdminEmail: partner.admin.email, partnerOrganizationId: partner.orgId },
    });
    expect(both.status).toBe(400);
    expect(both.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      '/partnerAdminEmail',
      '/partnerOrganizationId',
    ]);
    expect(await partitionFingerprint(f.orgId)).toEqual(fingerprint);
  });

  it('refuses partnerOrganizationId from anyone but a Super Admin with 403, whatever the id', async () => {
    const fingerprint = await partitionFingerprint(f.orgId);
    for (const id of [partner.orgId, f.orgId, 'no-such-organization']) {
      const res = await invite(api, f, event.id, partner, { body: { partnerOrganizationId: id } });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('FORBIDDEN');
    }
    // Even for an event that does not exist: the role gate comes before the event is read.
    const unknownEvent = await invite(api, f, 'no-such-event', partner, {
      body: { partnerOrganizationId: partner.orgId },
    });
    expect(unknownEvent.status).toBe(403);
    expect(await partitionFingerprint(f.orgId)).toEqual(fingerprint);
  });

  it('lets a Super Admin invite by id, and refuses the own organization (400) and an unknown one (404)', async () => {
    const other = await setupPartner(api, f.superToken);
    const ownEvent = await createEvent(api, f);
    const asSuper = { token: f.superToken };
    const own = await invite(api, f, ownEvent.id, other, { as: asSuper, body: { partnerOrganizationId: f.orgId } });
    expect(own.status).toBe(400);
    expect(own.body.error).toBe('VALIDATION_ERROR');
    const unknown = await invite(api, f, ownEvent.id, other, { as: asSuper, body: { partnerOrganizationId: 'nope' } });
    expect(unknown.status).toBe(404);
    const res = await invite(api, f, ownEvent.id, other, { as: asSuper, body: { partnerOrganizationId: other.orgId } });
    expect(res.status).toBe(201);
    expect(res.body.data.delegation).toMatchObject({ partnerOrganizationId: other.orgId, status: 'invited' });
  });

  it('refuses a Shared Event or delegated-sales projection (400) and an unknown or deleted event (404)', async () => {
    const projection = await createEvent(api, f, { name: 'Projection' });
    await seedDelegatedSalesMarker(f.orgId, projection.id, { sharedEventLink: { sharedEventId: 'se-1' } });
    const res = await invite(api, f, projection.id, partner);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');

    expect((await invite(api, f, 'no-such-event', partner)).status).toBe(404);
    const deleted = await createEvent(api, f, { name: 'Deleted' });
    await api.del(`management/events/${deleted.id}`, { token: f.admin.token, query: { organizationId: f.orgId } });
    const gone = await invite(api, f, deleted.id, partner);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('NOT_FOUND');
  });
});

describe('re-inviting', () => {
  it('returns the invited delegation with a fresh link (the old link stops working), never a duplicate', async () => {
    const ownEvent = await createEvent(api, f);
    const first = await invite(api, f, ownEvent.id, partner);
    const again = await invite(api, f, ownEvent.id, partner);
    expect(again.status).toBe(201);
    expect(again.body.data.delegation).toMatchObject({
      id: first.body.data.delegation.id,
      status: 'invited',
      assignmentVersion: 2,
      invitedAt: first.body.data.delegation.invitedAt,
      reverseIndexTransitionVersion: 1,
    });
    expect(again.body.data.invitationLink).not.toBe(first.body.data.invitationLink);
    expect((await listDelegations(api, f, ownEvent.id)).body.data.items).toHaveLength(1);
    expect((await accept(api, tokenOf(first.body.data.invitationLink), partner.admin)).status).toBe(404);
    expect((await accept(api, tokenOf(again.body.data.invitationLink), partner.admin)).status).toBe(200);

    // Active: the same delegation, unchanged, and no link (its one-time token was used).
    const active = await invite(api, f, ownEvent.id, partner);
    expect(active.status).toBe(201);
    expect(active.body.data.delegation).toMatchObject({ id: first.body.data.delegation.id, status: 'active' });
    expect(active.body.data.invitationLink).toBeUndefined();
    expect(active.body.data.reverseIndexSync).toMatchObject({ status: 'synced', transitionVersion: 2 });
  });

  it('creates a new delegation after a decline or a revoke, keeping the old one as history', async () => {
    const ownEvent = await createEvent(api, f);
    const first = (await invite(api, f, ownEvent.id, partner)).body.data.delegation;
    expect((await decline(api, partner.orgId, first.id, partner.admin)).status).toBe(200);
    const second = await invite(api, f, ownEvent.id, partner);
    expect(second.status).toBe(201);
    expect(second.body.data.delegation.id).not.toBe(first.id);
    // The transition versions continue per partner and event, so the index entry moves forward.
    expect(second.body.data.delegation.reverseIndexTransitionVersion).toBe(3);
    expect((await revoke(api, f, ownEvent.id, second.body.data.delegation.id)).status).toBe(200);
    const third = await invite(api, f, ownEvent.id, partner);
    expect(third.body.data.delegation.id).not.toBe(second.body.data.delegation.id);
    const items = (await listDelegations(api, f, ownEvent.id)).body.data.items;
    expect(items.map((d: { status: string }) => d.status)).toEqual(['declined', 'revoked', 'invited']);
    const org = await api.get(`organizations/${partner.orgId}`, { token: f.superToken });
    const refs = org.body.data.delegatedEventSales.filter((r: { eventId: string }) => r.eventId === ownEvent.id);
    expect(refs).toEqual([expect.objectContaining({ delegationId: third.body.data.delegation.id, status: 'invited' })]);
  });

  it('keeps one delegation when the same partner is invited in parallel; only the last link accepts', async () => {
    const ownEvent = await createEvent(api, f);
    const results = await Promise.all([1, 2, 3, 4].map(() => invite(api, f, ownEvent.id, partner)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const ids = new Set(results.map((r) => r.body.data.delegation.id));
    expect(ids.size).toBe(1);
    const items = (await listDelegations(api, f, ownEvent.id)).body.data.items;
    expect(items).toHaveLength(1);
    expect(items[0].assignmentVersion).toBe(4);
    const accepted = [];
    for (const r of results)
      accepted.push((await accept(api, tokenOf(r.body.data.invitationLink), partner.admin)).status);
    expect(accepted.filter((s) => s === 200)).toHaveLength(1);
    expect(accepted.filter((s) => s === 404)).toHaveLength(3);
  });
});

describe('who may use the owner routes', () => {
  it('refuses owner roles below Admin, an admin of another organization and the partner with 403', async () => {
    const ownEvent = await createEvent(api, f);
    const { id } = (await invite(api, f, ownEvent.id, partner)).body.data.delegation;
    const fingerprint = await partitionFingerprint(f.orgId);
    for (const caller of [f.treasurer, f.ticketManager, f.member, f.outsider, partner.admin]) {
      const calls = [
        invite(api, f, ownEvent.id, partner, { as: caller }),
        listDelegations(api, f, ownEvent.id, caller),
        revoke(api, f, ownEvent.id, id, 'x', caller),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(403);
        expect(res.body.error).toBe('FORBIDDEN');
      }
    }
    expect(await partitionFingerprint(f.orgId)).toEqual(fingerprint);
  });

  it('lists delegations for the owner admin and a Super Admin, never with token hashes', async () => {
    const ownEvent = await createEvent(api, f);
    await invite(api, f, ownEvent.id, partner);
    for (const caller of [f.admin, { token: f.superToken }]) {
      const res = await listDelegations(api, f, ownEvent.id, caller);
      expect(res.status).toBe(200);
      expect(res.body.data.items).toHaveLength(1);
      expect(res.text).not.toContain('invitationTokenHash');
    }
    // Nothing to heal: user (with its role map), organization, event.
    expect((await listDelegations(api, f, ownEvent.id)).headers.get('x-store-ops')).toBe('3');
    expect((await api.get(delegationsPath(f.orgId, 'no-such-event'), { token: f.admin.token })).status).toBe(404);
  });
});
