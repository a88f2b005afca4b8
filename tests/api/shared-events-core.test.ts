import { TestHost } from '../helpers/harness';
import { sharedEventBody } from '../helpers/shared-events/create';
import { addPerson, createOrganization, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import {
  partitionFingerprint,
  seedSharedEventGrant,
  sharedEventCount,
  storedDocument,
  storedSharedEventDocuments,
} from '../helpers/seed';

/** Shared Event core (docs/shared-events.md): capabilities, create, list, get, details and pricing, lifecycle, retire. */
let api: TestHost;
let f: OrgFixture;
let b: { orgId: string; admin: Person; member: Person };
let c: { orgId: string; admin: Person };
let partner: { orgId: string; admin: Person };

const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));

beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  const bId = await createOrganization(api, f.superToken, { name: 'Choir B' });
  const cId = await createOrganization(api, f.superToken, { name: 'Choir C' });
  const pId = await createOrganization(api, f.superToken, { name: 'Seller', organizationMode: 'sellingPartner' });
  const [bAdmin, bMember, cAdmin, pAdmin] = await Promise.all([
    addPerson(api, f.superToken, bId, 'admin'),
    addPerson(api, f.superToken, bId, 'member'),
    addPerson(api, f.superToken, cId, 'admin'),
    addPerson(api, f.superToken, pId, 'admin'),
  ]);
  b = { orgId: bId, admin: bAdmin, member: bMember };
  c = { orgId: cId, admin: cAdmin };
  partner = { orgId: pId, admin: pAdmin };
}, 60_000);
afterAll(() => api.close());

const create = (body: Record<string, unknown> = {}, who: Person = f.admin, orgId = f.orgId) =>
  api.post('shared-events', { token: who.token, query: { organizationId: orgId }, body: sharedEventBody(body) });

async function created(body: Record<string, unknown> = {}) {
  const res = await create(body);
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${res.text}`);
  return res.body.data;
}

describe('GET shared-event-capabilities/create', () => {
  it('answers true for a full organization admin, with no reason', async () => {
    const res = await api.get('shared-event-capabilities/create', {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ canCreateSharedEvents: true });
  });

  it('answers false with organization_mode_restricted for a selling partner, never 403', async () => {
    const res = await api.get('shared-event-capabilities/create', {
      token: partner.admin.token,
      query: { organizationId: partner.orgId },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ canCreateSharedEvents: false, reason: 'organization_mode_restricted' });
  });

  it('is for organization admins: the treasurer and an outsider get 403; a deleted organization 404', async () => {
    for (const who of [f.treasurer, f.outsider]) {
      const res = await api.get('shared-event-capabilities/create', {
        token: who.token,
        query: { organizationId: f.orgId },
      });
      expect(res.status).toBe(403);
    }
    const gone = await createOrganization(api, f.superToken, { name: 'Gone' });
    await api.del(`organizations/${gone}`, { token: f.superToken });
    const res = await api.get('shared-event-capabilities/create', {
      token: f.superToken,
      query: { organizationId: gone },
    });
    expect(res.status).toBe(404);
  });
});

describe('POST shared-events', () => {
  it('creates a draft with the organizer active, invitees invited, the creator as owner, audit entries and the organizer projection', async () => {
    const res = await create({ invitedOrganizationIds: [b.orgId, c.orgId] });
    expect(res.status).toBe(201);
    const se = res.body.data;
    expect(se).toMatchObject({
      name: 'Harbour Festival',
      status: 'draft',
      capacityPolicy: 'pool',
      sharedCapacity: { perShowtime: 300 },
      organizerOrgId: f.orgId,
      owners: [{ userId: f.admin.id, organizationId: f.orgId }],
      grants: [],
      detailsVersion: 1,
      schemaVersion: 1,
    });
    expect(se.id).toBe(se.sharedEventId);
    expect(se.showtimes).toHaveLength(2);
    expect(se.showtimes[1].label).toBeUndefined();
    expect(se.ticketTypeTemplates[1]).toMatchObject({ name: 'Child', price: 12, fee: 0, sortOrder: 2 });
    expect(se.ticketTypeTemplates[1].boxofficePrice).toBeUndefined();
    const statuses = Object.fromEntries(se.participants.map((p: any) => [p.organizationId, [p.status, p.role]]));
    expect(statuses).toEqual({
      [f.orgId]: ['active', 'organizer'],
      [b.orgId]: ['invited', 'participant'],
      [c.orgId]: ['invited', 'participant'],
    });
    expect(JSON.stringify(se)).not.toMatch(/_etag|docType|capacityQuantity/);

    const audit = await storedSharedEventDocuments(se.id, 'sharedEventAuditEntry');
    expect(audit.map((a) => a.action).sort()).toEqual([
      'participant.invited',
      'participant.invited',
      'sharedEvent.created',
    ]);

    const projection = await storedDocument(f.orgId, `se-${se.id}`);
    expect(projection).toMatchObject({
      docType: 'event',
      name: 'Harbour Festival',
      venueCapacity: 300,
      sharedEventLink: { sharedEventId: se.id, role: 'organizer', capacityPolicy: 'pool', participantStatus: 'active' },
    });
    expect(projection.showtimes.map((s: any) => s.showtimeId)).toEqual(se.showtimes.map((s: any) => s.showtimeId));
    expect(projection.ticketTypes.map((t: any) => t.id)).toEqual(se.ticketTypeTemplates.map((t: any) => t.id));
    // Invited organizations have no projection yet.
    expect(await storedDocument(b.orgId, `se-${se.id}`)).toBeUndefined();
  });

  it('a Super Admin may create for an organization: it organizes, the Super Admin is the named owner', async () => {
    const res = await create({}, { ...f.admin, token: f.superToken } as Person);
    expect(res.status).toBe(201);
    expect(res.body.data.organizerOrgId).toBe(f.orgId);
    expect(res.body.data.owners[0].organizationId).toBe(f.orgId);
  });

  it('refuses a selling-partner acting organization with 403 ORG_MODE_RESTRICTED before anything, writing nothing', async () => {
    const before = [await sharedEventCount(), await partitionFingerprint(partner.orgId)];
    const res = await create({}, partner.admin, partner.orgId);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: 'ORG_MODE_RESTRICTED', errorCode: 'ORG_MODE_RESTRICTED' });
    // Before the body: even a malformed request gets the same answer.
    const bad = await api.post('shared-events', {
      token: partner.admin.token,
      query: { organizationId: partner.orgId },
      body: { x: 1 },
    });
    expect(bad.status).toBe(403);
    expect([await sharedEventCount(), await partitionFingerprint(partner.orgId)]).toEqual(before);
  });

  it('refuses a selling-partner invitee with 403 naming sharedEvents.join, nothing written anywhere', async () => {
    const before = [await sharedEventCount(), await partitionFingerprint(f.orgId), await partitionFingerprint(b.orgId)];
    const res = await create({ invitedOrganizationIds: [b.orgId, partner.orgId] });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error: 'ORG_MODE_RESTRICTED',
      errorCode: 'ORG_MODE_RESTRICTED',
      data: { check: 'sharedEvents.join' },
    });
    expect(res.body.message).toContain('sharedEvents.join');
    expect([
      await sharedEventCount(),
      await partitionFingerprint(f.orgId),
      await partitionFingerprint(b.orgId),
    ]).toEqual(before);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await sharedEventCount();
    const bodies = [
      { capacityPolicy: 'shared' },
      { showtimes: [] },
      { ticketTypeTemplates: [{ name: 'A', price: -1 }] },
      { ticketTypeTemplates: [{ name: 'A', price: 1.005 }] },
      { unknownField: true },
      { invitedOrganizationIds: [f.orgId] },
      { invitedOrganizationIds: ['no-such-org'] },
      { showtimes: [{ dateTime: 'tomorrow' }] },
      { name: '' },
    ];
    for (const body of bodies) {
      const res = await create(body);
      expect([res.status, res.body.error]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect(await sharedEventCount()).toBe(before);
  });

  it('refuses roles below admin and outsiders with 403', async () => {
    for (const who of [f.treasurer, f.member, f.outsider]) expect((await create({}, who)).status).toBe(403);
  });

  it('a retried create with the same requestId creates one Shared Event', async () => {
    const before = await sharedEventCount();
    const requestId = `req-${Date.now()}`;
    const [one, two] = await Promise.all([create({ requestId }), create({ requestId })]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.data.id).toBe(two.body.data.id);
    expect(await sharedEventCount()).toBe(before + 1);
    const third = await create({ requestId });
    expect(third.body.data.id).toBe(one.body.data.id);
    expect(await storedSharedEventDocuments(one.body.data.id, 'sharedEventAuditEntry')).toHaveLength(1);
  });
});

describe('GET shared-events and shared-events/{id}', () => {
  let se: any;
  beforeAll(async () => {
    se = await created({ invitedOrganizationIds: [b.orgId], name: 'Listed Festival' });
  });

  it('lists the organization Shared Events for any member (live and invited), in two store calls a page', async () => {
    const mine = await api.get('shared-events', { token: f.member.token, query: { organizationId: f.orgId } });
    expect(mine.status).toBe(200);
    expect(mine.body.data.items.find((i: any) => i.id === se.id)).toMatchObject({
      name: 'Listed Festival',
      participantStatus: 'active',
      role: 'organizer',
      status: 'draft',
    });
    const invited = await api.get('shared-events', { token: b.member.token, query: { organizationId: b.orgId } });
    expect(invited.body.data.items.find((i: any) => i.id === se.id).participantStatus).toBe('invited');
    // Authentication (1, the user's role map grants: no membership read) + roster entries (1) + heads (1).
    expect(ops(invited)).toBeLessThanOrEqual(3);
    const other = await api.get('shared-events', {
      token: f.outsider.token,
      query: { organizationId: f.outsider.orgId },
    });
    expect(other.body.data.items).toEqual([]);
  });

  it('pages with limit and continuationToken', async () => {
    const first = await api.get('shared-events', {
      token: f.admin.token,
      query: { organizationId: f.orgId, limit: 1 },
    });
    expect(first.body.data.items).toHaveLength(1);
    expect(first.body.data.continuationToken).toEqual(expect.any(String));
    const next = await api.get('shared-events', {
      token: f.admin.token,
      query: { organizationId: f.orgId, limit: 1, continuationToken: first.body.data.continuationToken },
    });
    expect(next.body.data.items[0].id).not.toBe(first.body.data.items[0].id);
    const bad = await api.get('shared-events', {
      token: f.admin.token,
      query: { organizationId: f.orgId, continuationToken: '@@' },
    });
    expect(bad.status).toBe(400);
  });

  it('scope=all is for Super Admins only; other callers get 403; no organizationId is 400', async () => {
    const all = await api.get('shared-events', { token: f.superToken, query: { scope: 'all' } });
    expect(all.status).toBe(200);
    expect(all.body.data.items.some((i: any) => i.id === se.id)).toBe(true);
    const refused = await api.get('shared-events', {
      token: f.admin.token,
      query: { organizationId: f.orgId, scope: 'all' },
    });
    expect(refused.status).toBe(403);
    expect((await api.get('shared-events', { token: f.admin.token })).status).toBe(400);
    expect(
      (await api.get('shared-events', { token: f.outsider.token, query: { organizationId: f.orgId } })).status,
    ).toBe(403);
  });

  it('gives a participant member the full view with its capabilities', async () => {
    const res = await api.get(`shared-events/${se.id}`, { token: f.member.token, query: { organizationId: f.orgId } });
    expect(res.status).toBe(200);
    expect(res.body.data.participants).toHaveLength(2);
    expect(res.body.data.viewer).toEqual({
      organizationId: f.orgId,
      participantStatus: 'active',
      role: 'organizer',
      capabilities: [],
    });
    const owner = await api.get(`shared-events/${se.id}`, { token: f.admin.token, query: { organizationId: f.orgId } });
    expect(owner.body.data.viewer.capabilities).toContain('manageSharedDetails');
  });

  it('gives an invited organization member the bounded view: details, no roster, owners or grants', async () => {
    const res = await api.get(`shared-events/${se.id}`, { token: b.member.token, query: { organizationId: b.orgId } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: se.id,
      name: 'Listed Festival',
      viewer: { participantStatus: 'invited' },
    });
    for (const hidden of ['participants', 'owners', 'grants', 'externalChannels', 'sharedCapacity']) {
      expect(res.body.data[hidden]).toBeUndefined();
    }
  });

  it('gives a Super Admin the full view without an organization; everyone else 404, an outsider learns nothing', async () => {
    const sa = await api.get(`shared-events/${se.id}`, { token: f.superToken });
    expect(sa.status).toBe(200);
    expect(sa.body.data.participants).toHaveLength(2);
    const outsider = await api.get(`shared-events/${se.id}`, {
      token: c.admin.token,
      query: { organizationId: c.orgId },
    });
    const unknown = await api.get('shared-events/00000000-0000-4000-8000-000000000000', {
      token: c.admin.token,
      query: { organizationId: c.orgId },
    });
    expect([outsider.status, unknown.status]).toEqual([404, 404]);
    expect(outsider.body.message).toBe(unknown.body.message);
    // Claiming an organization one is not a member of: 403 before anything about the Shared Event.
    const claimed = await api.get(`shared-events/${se.id}`, {
      token: c.admin.token,
      query: { organizationId: f.orgId },
    });
    expect(claimed.status).toBe(403);
  });
});

describe('PATCH shared-events/{id}: details and pricing', () => {
  it('renames and reprices as the owner; bumps detailsVersion; audit once per change kind', async () => {
    const se = await created();
    const res = await api.patch(`shared-events/${se.id}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: {
        name: 'Renamed',
        ticketTypeTemplates: se.ticketTypeTemplates.map((t: any) => ({
          id: t.id,
          name: t.name,
          price: t.price + 1,
          fee: t.fee,
        })),
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed', detailsVersion: 2 });
    expect(res.body.data.ticketTypeTemplates[0].price).toBe(31);
    expect(res.body.data.ticketTypeTemplates.map((t: any) => t.id)).toEqual(
      se.ticketTypeTemplates.map((t: any) => t.id),
    );
    const audit = await storedSharedEventDocuments(se.id, 'sharedEventAuditEntry');
    expect(audit.map((a) => a.action).sort()).toEqual([
      'sharedEvent.created',
      'sharedEvent.detailsUpdated',
      'sharedEvent.pricingUpdated',
    ]);
  });

  it('a grant of manageSharedDetails can rename but not reprice; managePricing the reverse; both need both', async () => {
    const se = await created();
    await seedSharedEventGrant(se.id, {
      userId: f.treasurer.id,
      organizationId: f.orgId,
      capabilities: ['manageSharedDetails'],
    });
    // The grant does not lift the role: a treasurer is below the admin the route needs.
    const low = await api.patch(`shared-events/${se.id}`, {
      token: f.treasurer.token,
      query: { organizationId: f.orgId },
      body: { name: 'x' },
    });
    expect(low.status).toBe(403);
    const second = await addPerson(api, f.superToken, f.orgId, 'admin', 'Second Admin');
    const pricer = await addPerson(api, f.superToken, f.orgId, 'admin', 'Pricer');
    await seedSharedEventGrant(se.id, {
      userId: second.id,
      organizationId: f.orgId,
      capabilities: ['manageSharedDetails'],
    });
    await seedSharedEventGrant(se.id, { userId: pricer.id, organizationId: f.orgId, capabilities: ['managePricing'] });
    const q = { organizationId: f.orgId };
    const prices = se.ticketTypeTemplates.map((t: any) => ({ id: t.id, name: t.name, price: 99 }));
    expect(
      (await api.patch(`shared-events/${se.id}`, { token: second.token, query: q, body: { name: 'By grant' } })).status,
    ).toBe(200);
    const repriced = await api.patch(`shared-events/${se.id}`, {
      token: second.token,
      query: q,
      body: { ticketTypeTemplates: prices },
    });
    expect(repriced.status).toBe(403);
    expect(repriced.body.message).toContain('managePricing');
    expect(
      (
        await api.patch(`shared-events/${se.id}`, {
          token: pricer.token,
          query: q,
          body: { ticketTypeTemplates: prices },
        })
      ).status,
    ).toBe(200);
    expect(
      (await api.patch(`shared-events/${se.id}`, { token: pricer.token, query: q, body: { name: 'No' } })).status,
    ).toBe(403);
    const both = await api.patch(`shared-events/${se.id}`, {
      token: pricer.token,
      query: q,
      body: { name: 'No', ticketTypeTemplates: prices },
    });
    expect(both.status).toBe(403);
    // An admin with no grant and no ownership: nothing.
    expect(
      (await api.patch(`shared-events/${se.id}`, { token: f.admin.token, query: q, body: { name: 'Owner' } })).status,
    ).toBe(200);
    const plain = await addPerson(api, f.superToken, f.orgId, 'admin', 'Plain');
    expect(
      (await api.patch(`shared-events/${se.id}`, { token: plain.token, query: q, body: { name: 'No' } })).status,
    ).toBe(403);
    const final = await api.get(`shared-events/${se.id}`, { token: f.admin.token, query: q });
    expect(final.body.data).toMatchObject({ name: 'Owner', detailsVersion: 4 });
    expect(final.body.data.ticketTypeTemplates.map((t: any) => t.price)).toEqual([99, 99]);
  });

  it('keeps showtime and template ids, adds new ones, refuses removing or unknown ids with 400 (nothing written)', async () => {
    const se = await created();
    const q = { organizationId: f.orgId };
    const keep = se.showtimes.map((s: any) => ({ showtimeId: s.showtimeId, dateTime: s.dateTime, label: 'Renamed' }));
    const res = await api.patch(`shared-events/${se.id}`, {
      token: f.admin.token,
      query: q,
      body: { showtimes: [...keep, { dateTime: '2027-07-02T19:00:00.000Z' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.showtimes.slice(0, 2).map((s: any) => s.showtimeId)).toEqual(
      se.showtimes.map((s: any) => s.showtimeId),
    );
    expect(res.body.data.showtimes).toHaveLength(3);
    for (const body of [
      { showtimes: keep.slice(1) },
      { showtimes: [...keep, { showtimeId: 'nope', dateTime: '2027-07-02T19:00:00.000Z' }] },
      { ticketTypeTemplates: [{ id: se.ticketTypeTemplates[0].id, name: 'A', price: 1 }] },
      {},
      { status: 'open' },
    ]) {
      const bad = await api.patch(`shared-events/${se.id}`, { token: f.admin.token, query: q, body });
      expect(bad.status).toBe(400);
    }
    const now = await api.get(`shared-events/${se.id}`, { token: f.admin.token, query: q });
    expect(now.body.data.detailsVersion).toBe(2);
  });
});

describe('PATCH lifecycle and DELETE', () => {
  const move = (id: string, status: string, who: Person = f.admin) =>
    api.patch(`shared-events/${id}/lifecycle`, {
      token: who.token,
      query: { organizationId: f.orgId },
      body: { status },
    });

  it('moves draft→open→locked→open→completed; the same state is a 200 no-op; other moves 409', async () => {
    const se = await created();
    expect((await move(se.id, 'locked')).status).toBe(409);
    expect((await move(se.id, 'open')).body.data.status).toBe('open');
    expect((await move(se.id, 'open')).status).toBe(200);
    expect((await move(se.id, 'locked')).body.data.status).toBe('locked');
    expect((await move(se.id, 'draft')).status).toBe(409);
    expect((await move(se.id, 'open')).body.data.status).toBe('open');
    const back = await move(se.id, 'draft');
    expect(back.status).toBe(409);
    expect(back.body.data).toEqual({ status: 'open', allowed: ['locked', 'completed', 'cancelled'] });
    expect((await move(se.id, 'completed')).body.data.status).toBe('completed');
    expect((await move(se.id, 'open')).status).toBe(409);
    const audit = await storedSharedEventDocuments(se.id, 'sharedEventAuditEntry');
    expect(audit.filter((a) => a.action === 'sharedEvent.lifecycleChanged')).toHaveLength(4);
    // A completed Shared Event's details no longer change.
    const patch = await api.patch(`shared-events/${se.id}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { name: 'x' },
    });
    expect(patch.status).toBe(409);
  });

  it('needs manageSharedDetails: an admin without it gets 403, a bad status 400', async () => {
    const se = await created();
    const plain = await addPerson(api, f.superToken, f.orgId, 'admin', 'Plain2');
    expect((await move(se.id, 'open', plain)).status).toBe(403);
    expect((await move(se.id, 'retired')).status).toBe(400);
  });

  it('DELETE retires a draft (Super Admin): cancelled, retiredAt, projection soft-deleted; 409 once open; admins 403', async () => {
    const se = await created();
    expect((await api.del(`shared-events/${se.id}`, { token: f.admin.token })).status).toBe(403);
    const res = await api.del(`shared-events/${se.id}`, { token: f.superToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', retiredAt: expect.any(String) });
    expect(await storedDocument(f.orgId, `se-${se.id}`)).toMatchObject({
      active: false,
      deletedAt: expect.any(String),
    });
    expect((await api.del(`shared-events/${se.id}`, { token: f.superToken })).status).toBe(200);
    const audit = await storedSharedEventDocuments(se.id, 'sharedEventAuditEntry');
    expect(audit.filter((a) => a.action === 'sharedEvent.retired')).toHaveLength(1);

    const open = await created();
    await move(open.id, 'open');
    const refused = await api.del(`shared-events/${open.id}`, { token: f.superToken });
    expect(refused.status).toBe(409);
    expect(refused.body.data).toEqual({ status: 'open' });
    expect((await api.del('shared-events/00000000-0000-4000-8000-000000000000', { token: f.superToken })).status).toBe(
      404,
    );
  });
});
