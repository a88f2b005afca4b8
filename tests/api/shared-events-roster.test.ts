import { TestHost } from '../helpers/harness';
import { addPerson, createOrganization, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import {
  partitionFingerprint,
  seedSharedEvent,
  seedSharedEventGrant,
  sharedEventFingerprint,
  storedDocument,
  storedSharedEventDocuments,
} from '../helpers/seed';
import { sharedEventBody } from '../helpers/shared-events/create';

/** Shared Event roster (docs/shared-events.md, rules 4 and 5): accept, decline, leave, remove, direct add; mode and idempotency. */
let api: TestHost;
let f: OrgFixture;
type Org = { orgId: string; admin: Person; treasurer: Person };
let orgs: Org[];
let partner: { orgId: string; admin: Person };

beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  orgs = await Promise.all(
    ['B', 'C', 'D', 'E'].map(async (n) => {
      const orgId = await createOrganization(api, f.superToken, { name: `Choir ${n}` });
      const [admin, treasurer] = await Promise.all([
        addPerson(api, f.superToken, orgId, 'admin'),
        addPerson(api, f.superToken, orgId, 'treasurer'),
      ]);
      return { orgId, admin, treasurer };
    }),
  );
  const pId = await createOrganization(api, f.superToken, { name: 'Seller', organizationMode: 'sellingPartner' });
  partner = { orgId: pId, admin: await addPerson(api, f.superToken, pId, 'admin') };
}, 60_000);
afterAll(() => api.close());

async function sharedEvent(invited: string[]) {
  const res = await api.post('shared-events', {
    token: f.admin.token,
    query: { organizationId: f.orgId },
    body: sharedEventBody({ invitedOrganizationIds: invited }),
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.body.data;
}

const roster = (id: string, orgId: string, action: string, who: Person) =>
  api.post(`shared-events/${id}/participants/${orgId}/${action}`, { token: who.token });
const audits = async (id: string, action: string) =>
  (await storedSharedEventDocuments(id, 'sharedEventAuditEntry')).filter((a) => a.action === action);

describe('accept', () => {
  it('makes the invited organization active with its own projection; a retry is 200 with nothing doubled', async () => {
    const [bo] = orgs;
    const se = await sharedEvent([bo.orgId]);
    const res = await roster(se.id, bo.orgId, 'accept', bo.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      organizationId: bo.orgId,
      status: 'active',
      role: 'participant',
      projectionEventId: `se-${se.id}`,
    });
    const projection = await storedDocument(bo.orgId, `se-${se.id}`);
    expect(projection).toMatchObject({
      organizationId: bo.orgId,
      name: 'Harbour Festival',
      sharedEventLink: {
        sharedEventId: se.id,
        role: 'participant',
        participantStatus: 'active',
        capacityPolicy: 'pool',
      },
    });
    const before = [await partitionFingerprint(bo.orgId), await sharedEventFingerprint(se.id)];
    const again = await roster(se.id, bo.orgId, 'accept', bo.admin);
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe('active');
    expect([await partitionFingerprint(bo.orgId), await sharedEventFingerprint(se.id)]).toEqual(before);
    expect(await audits(se.id, 'participant.accepted')).toHaveLength(1);
    // Now a participant: it reads the full view.
    const view = await api.get(`shared-events/${se.id}`, {
      token: bo.treasurer.token,
      query: { organizationId: bo.orgId },
    });
    expect(view.body.data.participants).toHaveLength(2);
  });

  it('needs an admin of the target organization: its treasurer, the organizer admin and outsiders get 403', async () => {
    const [, co] = orgs;
    const se = await sharedEvent([co.orgId]);
    for (const who of [co.treasurer, f.admin, orgs[2].admin]) {
      expect((await roster(se.id, co.orgId, 'accept', who)).status).toBe(403);
    }
    // An admin of an organization that was never invited: 404, nothing named.
    const d = orgs[3];
    const res = await roster(se.id, d.orgId, 'accept', d.admin);
    const unknown = await roster('00000000-0000-4000-8000-000000000000', d.orgId, 'accept', d.admin);
    expect([res.status, unknown.status]).toEqual([404, 404]);
    expect(res.body.message).toBe(unknown.body.message);
  });

  it('parallel accepts of one invitation: one admission, one audit entry, one projection', async () => {
    const [, , dOrg] = orgs;
    const se = await sharedEvent([dOrg.orgId]);
    const results = await Promise.all(Array.from({ length: 6 }, () => roster(se.id, dOrg.orgId, 'accept', dOrg.admin)));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(await audits(se.id, 'participant.accepted')).toHaveLength(1);
    expect(
      (await storedSharedEventDocuments(se.id, 'sharedEventParticipant')).filter(
        (p) => p.organizationId === dOrg.orgId,
      ),
    ).toHaveLength(1);
    expect(await storedDocument(dOrg.orgId, `se-${se.id}`)).toBeDefined();
  });

  it('refuses a selling partner with 403 ORG_MODE_RESTRICTED before reading the Shared Event, writing nothing', async () => {
    const se = await sharedEvent([]);
    const before = [await partitionFingerprint(partner.orgId), await sharedEventFingerprint(se.id)];
    const res = await roster(se.id, partner.orgId, 'accept', partner.admin);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ORG_MODE_RESTRICTED');
    // Same answer for a Shared Event that does not exist: nothing was read.
    const unknown = await roster('00000000-0000-4000-8000-000000000000', partner.orgId, 'accept', partner.admin);
    expect(unknown.status).toBe(403);
    expect([await partitionFingerprint(partner.orgId), await sharedEventFingerprint(se.id)]).toEqual(before);
  });
});

describe('decline, leave, remove', () => {
  it('declines from invited (idempotent, audited once); a declined organization cannot accept (409) and reads 404', async () => {
    const [bo] = orgs;
    const se = await sharedEvent([bo.orgId]);
    const res = await roster(se.id, bo.orgId, 'decline', bo.admin);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('declined');
    expect((await roster(se.id, bo.orgId, 'decline', bo.admin)).status).toBe(200);
    expect(await audits(se.id, 'participant.declined')).toHaveLength(1);
    const accept = await roster(se.id, bo.orgId, 'accept', bo.admin);
    expect(accept.status).toBe(409);
    expect(accept.body.data).toEqual({ status: 'declined' });
    expect(
      (await api.get(`shared-events/${se.id}`, { token: bo.admin.token, query: { organizationId: bo.orgId } })).status,
    ).toBe(404);
    expect(await storedDocument(bo.orgId, `se-${se.id}`)).toBeUndefined();
  });

  it('leaves from active: left, the local Event stays with participantStatus left; the organizer cannot leave (409)', async () => {
    const [, co] = orgs;
    const se = await sharedEvent([co.orgId]);
    await roster(se.id, co.orgId, 'accept', co.admin);
    const declineActive = await roster(se.id, co.orgId, 'decline', co.admin);
    expect(declineActive.status).toBe(409);
    const res = await roster(se.id, co.orgId, 'leave', co.admin);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('left');
    expect(await storedDocument(co.orgId, `se-${se.id}`)).toMatchObject({
      sharedEventLink: { participantStatus: 'left' },
    });
    expect((await roster(se.id, co.orgId, 'leave', co.admin)).status).toBe(200);
    expect(await audits(se.id, 'participant.left')).toHaveLength(1);
    const organizer = await roster(se.id, f.orgId, 'leave', f.admin);
    expect(organizer.status).toBe(409);
    expect(organizer.body.data).toMatchObject({ role: 'organizer' });
  });

  it('leaving, declining and removal are never refused by mode (rule 5)', async () => {
    // A selling partner cannot join, so its roster entries are seeded (as an entry older than a mode change).
    const seller2 = await createOrganization(api, f.superToken, {
      name: 'Seller 2',
      organizationMode: 'sellingPartner',
    });
    const seller2Admin = await addPerson(api, f.superToken, seller2, 'admin');
    const se = await seedSharedEvent({
      organizerOrgId: f.orgId,
      ownerUserId: f.admin.id,
      participants: [
        { organizationId: partner.orgId, status: 'active' },
        { organizationId: seller2, status: 'invited' },
      ],
    });
    const left = await roster(se.id, partner.orgId, 'leave', partner.admin);
    expect([left.status, left.body.data?.status]).toEqual([200, 'left']);
    const declined = await roster(se.id, seller2, 'decline', seller2Admin);
    expect([declined.status, declined.body.data?.status]).toEqual([200, 'declined']);
    const se2 = await seedSharedEvent({
      organizerOrgId: f.orgId,
      ownerUserId: f.admin.id,
      participants: [{ organizationId: partner.orgId, status: 'active' }],
    });
    const removed = await api.del(`shared-events/${se2.id}/participants/${partner.orgId}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect([removed.status, removed.body.data?.status]).toEqual([200, 'removed']);
  });

  it('removes with manageParticipants (owner or grant holder); never the organizer; admins without it 403', async () => {
    const [bo, co] = orgs;
    const se = await sharedEvent([bo.orgId, co.orgId]);
    await roster(se.id, bo.orgId, 'accept', bo.admin);
    const remove = (orgId: string, who: Person, actingOrg = f.orgId) =>
      api.del(`shared-events/${se.id}/participants/${orgId}`, {
        token: who.token,
        query: { organizationId: actingOrg },
      });
    // An active participant's admin holds no capability: 403.
    expect((await remove(co.orgId, bo.admin, bo.orgId)).status).toBe(403);
    const helper = await addPerson(api, f.superToken, bo.orgId, 'admin');
    await seedSharedEventGrant(se.id, {
      userId: helper.id,
      organizationId: bo.orgId,
      capabilities: ['manageParticipants'],
    });
    const res = await remove(co.orgId, helper, bo.orgId);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('removed');
    expect((await remove(co.orgId, f.admin)).status).toBe(200);
    expect(await audits(se.id, 'participant.removed')).toHaveLength(1);
    const organizer = await remove(f.orgId, f.admin);
    expect(organizer.status).toBe(409);
    expect((await remove(bo.orgId, f.admin)).body.data.status).toBe('removed');
    expect(await storedDocument(bo.orgId, `se-${se.id}`)).toMatchObject({
      sharedEventLink: { participantStatus: 'removed' },
    });
    // A removed organization's admin no longer passes the scope.
    expect(
      (
        await api.post(`shared-events/${se.id}/operation-status`, {
          token: bo.admin.token,
          query: { organizationId: bo.orgId },
        })
      ).status,
    ).toBe(403);
  });
});

describe('direct add (Super Admin)', () => {
  it('adds an organization as active with its projection (201), re-adds a removed one; admins 403', async () => {
    const [, , , eo] = orgs;
    const se = await sharedEvent([]);
    const add = (token: string, organizationId: string, id = se.id) =>
      api.post(`shared-events/${id}/participants`, { token, body: { organizationId } });
    expect((await add(f.admin.token, eo.orgId)).status).toBe(403);
    const res = await add(f.superToken, eo.orgId);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ organizationId: eo.orgId, status: 'active', role: 'participant' });
    expect(await storedDocument(eo.orgId, `se-${se.id}`)).toBeDefined();
    expect((await add(f.superToken, eo.orgId)).status).toBe(201);
    expect(await audits(se.id, 'participant.added')).toHaveLength(1);
    await api.del(`shared-events/${se.id}/participants/${eo.orgId}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect((await add(f.superToken, eo.orgId)).body.data.status).toBe('active');
    expect(await audits(se.id, 'participant.added')).toHaveLength(2);
    expect((await add(f.superToken, 'no-such-org')).status).toBe(404);
    expect((await add(f.superToken, eo.orgId, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api.post(`shared-events/${se.id}/participants`, { token: f.superToken, body: {} })).status).toBe(400);
  });

  it("checks the added organization's mode: a selling partner gets 403 naming sharedEvents.join, nothing written", async () => {
    const se = await sharedEvent([]);
    const before = await sharedEventFingerprint(se.id);
    const res = await api.post(`shared-events/${se.id}/participants`, {
      token: f.superToken,
      body: { organizationId: partner.orgId },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'ORG_MODE_RESTRICTED', data: { check: 'sharedEvents.join' } });
    expect(await sharedEventFingerprint(se.id)).toEqual(before);
  });
});

describe('organization mode downgrade', () => {
  const downgrade = (orgId: string) =>
    api.put(`organizations/${orgId}/mode`, { token: f.superToken, body: { organizationMode: 'sellingPartner' } });

  it('is blocked (409 ORG_MODE_DOWNGRADE_BLOCKED, sharedEventParticipation) while invited or active; free once declined', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Participant' });
    const admin = await addPerson(api, f.superToken, orgId, 'admin');
    const se = await sharedEvent([orgId]);
    const invited = await downgrade(orgId);
    expect(invited.status).toBe(409);
    expect(invited.body).toMatchObject({
      error: 'ORG_MODE_DOWNGRADE_BLOCKED',
      data: { blockers: ['sharedEventParticipation'] },
    });
    await roster(se.id, orgId, 'decline', admin);
    expect((await downgrade(orgId)).status).toBe(200);
  });

  it('an active participant is blocked by its participation and by its local Event (which stays after leaving)', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Active participant' });
    const admin = await addPerson(api, f.superToken, orgId, 'admin');
    const se = await sharedEvent([orgId]);
    await roster(se.id, orgId, 'accept', admin);
    const active = await downgrade(orgId);
    expect(active.status).toBe(409);
    expect(active.body.data.blockers).toEqual(['ownedEvents', 'sharedEventParticipation']);
    await roster(se.id, orgId, 'leave', admin);
    expect((await downgrade(orgId)).body.data.blockers).toEqual(['ownedEvents']);
  });
});
