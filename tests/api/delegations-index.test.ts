import { partnerScope } from '../../shared/auth/scope';
import { healOnce } from '../../shared/domain/heal/heal';
import { recordRoute } from '../../shared/http/route';
import { TestHost } from '../helpers/harness';
import { createEvent, createOrganization, addPerson, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import {
  accept,
  delegatedEvents,
  delegationsPath,
  invite,
  listDelegations,
  revoke,
  setupPartner,
  tokenOf,
  type PartnerFixture,
} from '../helpers/delegations';
import {
  injectStoreFault,
  partitionFingerprint,
  seedDelegationFields,
  storedDelegatedEventSales,
  type StoreOperation,
} from '../helpers/seed';

/**
 * The partner's reverse index (docs/decisions/delegations.md, docs/decisions/delegations.md): a failed write is reported, not fatal, and healed by the owner's
 * list route and by the heal pass (`npm run heal` runs the same `healOnce`), with the transition's operation id;
 * revocation acts on the owner's delegation at once whatever the index says; and the owner-side mode guard.
 */
// A partner route for this file only: the partner scope (role map or membership + the owner's live delegation)
// is what every delegated order route runs, so its answer shows when a revocation takes effect.
recordRoute({
  name: 'test-delegation-revocation-probe',
  method: 'GET',
  route: 'test/organizations/{partnerOrganizationId}/delegated-events/{eventId}/revocation-probe',
  scope: partnerScope({ partnerParam: 'partnerOrganizationId', eventParam: 'eventId', role: 'member' }),
  summary: 'partner scope probe',
  response: {
    type: 'object',
    properties: { status: { type: 'string' } },
    required: ['status'],
    additionalProperties: false,
  },
  handler: async ({ grant }) => ({ status: grant.kind === 'partner' ? grant.delegation.status : 'none' }),
});

let api: TestHost;
let f: OrgFixture;
let partner: PartnerFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api, { name: 'Owner choir' });
  partner = await setupPartner(api, f.superToken, { name: 'Partner choir' });
});
afterEach(() => injectStoreFault(undefined));
afterAll(() => api.close());

/** Fails every write of the partner organization document (its reverse index) as an outage would. */
const partnerIndexWritesFail = (orgId: string) => (op: StoreOperation) =>
  op.kind === 'replace' && op.container === 'orgs' && op.id === orgId;

const refOf = async (orgId: string, eventId: string) =>
  (await storedDelegatedEventSales(orgId)).find((r) => r.eventId === eventId);

const delegationOf = async (eventId: string, id: string) =>
  (await listDelegations(api, f, eventId)).body.data.items.find((d: { id: string }) => d.id === id);

const probe = (eventId: string, as: { token: string } = partner.member) =>
  api.get(`test/organizations/${partner.orgId}/delegated-events/${eventId}/revocation-probe`, { token: as.token });

describe('a failed reverse-index write', () => {
  it('still creates the invitation (201, sync failed) and is healed by the heal pass with the same operation id', async () => {
    const event = await createEvent(api, f);
    injectStoreFault(partnerIndexWritesFail(partner.orgId));
    const res = await invite(api, f, event.id, partner);
    injectStoreFault(undefined);
    expect(res.status).toBe(201);
    const { delegation, reverseIndexSync } = res.body.data;
    expect(reverseIndexSync).toEqual({
      status: 'failed',
      operationId: delegation.reverseIndexOperationId,
      transitionVersion: 1,
    });
    expect(delegation).toMatchObject({ reverseIndexSyncStatus: 'failed', reverseIndexSyncAttempts: 1 });
    expect(delegation.reverseIndexSyncedAt).toBeUndefined();
    expect(await refOf(partner.orgId, event.id)).toBeUndefined();

    const report = await healOnce();
    expect(report.reverseIndex.synced).toBeGreaterThanOrEqual(1);
    expect(report.failures.filter((x) => x.eventId === event.id)).toEqual([]);
    expect(await refOf(partner.orgId, event.id)).toEqual({
      delegationId: delegation.id,
      eventId: event.id,
      ownerOrganizationId: f.orgId,
      ownerOrganizationName: 'Owner choir',
      status: 'invited',
      transitionVersion: 1,
    });
    expect(await delegationOf(event.id, delegation.id)).toMatchObject({
      reverseIndexSyncStatus: 'synced',
      reverseIndexOperationId: delegation.reverseIndexOperationId,
      reverseIndexTransitionVersion: 1,
      reverseIndexSyncAttempts: 2,
      reverseIndexSyncedAt: expect.any(String),
    });
    // Nothing left to do.
    const again = await healOnce();
    expect(again.reverseIndex.retried).toBe(0);
  });

  it('counts every failed attempt and reports it until a pass succeeds', async () => {
    const event = await createEvent(api, f);
    injectStoreFault(partnerIndexWritesFail(partner.orgId));
    const { delegation } = (await invite(api, f, event.id, partner)).body.data;
    const failing = await healOnce();
    expect(failing.reverseIndex.failed).toBeGreaterThanOrEqual(1);
    expect(failing.failures).toContainEqual(expect.objectContaining({ organizationId: f.orgId, eventId: event.id }));
    // The list route retries too (and fails again while the outage lasts).
    const listed = await delegationOf(event.id, delegation.id);
    expect(listed).toMatchObject({ reverseIndexSyncStatus: 'failed', reverseIndexSyncAttempts: 3 });
    injectStoreFault(undefined);
    await healOnce();
    expect(await delegationOf(event.id, delegation.id)).toMatchObject({
      reverseIndexSyncStatus: 'synced',
      reverseIndexSyncAttempts: 4,
      reverseIndexOperationId: delegation.reverseIndexOperationId,
    });
  });

  it('after an acceptance is healed by the owner list route; the partner then lists the event', async () => {
    const event = await createEvent(api, f);
    const invited = (await invite(api, f, event.id, partner)).body.data;
    injectStoreFault(partnerIndexWritesFail(partner.orgId));
    const res = await accept(api, tokenOf(invited.invitationLink), partner.admin);
    injectStoreFault(undefined);
    expect(res.status).toBe(200);
    expect(res.body.data.reverseIndexSync).toMatchObject({ status: 'failed', transitionVersion: 2 });
    // The display index lags (still invited), but the delegation is active: partner routes already work.
    expect((await refOf(partner.orgId, event.id))?.status).toBe('invited');
    expect((await delegatedEvents(api, partner.orgId, partner.member)).body.data.items).not.toContainEqual(
      expect.objectContaining({ eventId: event.id }),
    );
    expect((await probe(event.id)).body.data).toEqual({ status: 'active' });

    const listed = await listDelegations(api, f, event.id);
    expect(listed.body.data.items[0]).toMatchObject({ status: 'active', reverseIndexSyncStatus: 'synced' });
    expect((await refOf(partner.orgId, event.id))?.status).toBe('active');
    expect((await delegatedEvents(api, partner.orgId, partner.member)).body.data.items).toContainEqual(
      expect.objectContaining({ eventId: event.id, status: 'active' }),
    );
  });

  it('whose outcome could not be recorded stays pending and is finished by the heal pass', async () => {
    const event = await createEvent(api, f);
    let eventWrites = 0;
    // The delegation write lands, the partner's entry lands, then recording "synced" on the event fails.
    injectStoreFault((op) => op.kind === 'replace' && op.id === event.id && ++eventWrites >= 2);
    const res = await invite(api, f, event.id, partner);
    injectStoreFault(undefined);
    expect(res.status).toBe(201);
    expect(res.body.data.reverseIndexSync.status).toBe('pending');
    expect((await refOf(partner.orgId, event.id))?.status).toBe('invited');
    await healOnce();
    expect(await delegationOf(event.id, res.body.data.delegation.id)).toMatchObject({
      reverseIndexSyncStatus: 'synced',
      reverseIndexOperationId: res.body.data.delegation.reverseIndexOperationId,
    });
  });

  it('never moves the partner entry back to an older transition', async () => {
    const event = await createEvent(api, f);
    const invited = (await invite(api, f, event.id, partner)).body.data;
    await accept(api, tokenOf(invited.invitationLink), partner.admin);
    expect(await refOf(partner.orgId, event.id)).toMatchObject({ status: 'active', transitionVersion: 2 });
    // A sync of transition 1 still marked unfinished (a request interrupted long ago) is retried after the
    // entry already shows transition 2: the entry stays, the old sync is recorded as done.
    await seedDelegationFields(f.orgId, event.id, invited.delegation.id, {
      status: 'invited',
      reverseIndexTransitionVersion: 1,
      reverseIndexSyncStatus: 'failed',
    });
    await healOnce();
    expect(await refOf(partner.orgId, event.id)).toMatchObject({ status: 'active', transitionVersion: 2 });
    expect((await delegationOf(event.id, invited.delegation.id)).reverseIndexSyncStatus).toBe('synced');
  });
});

describe('revocation', () => {
  it("takes effect at once on the owner's delegation even while the partner's index still says active", async () => {
    const event = await createEvent(api, f);
    const invited = (await invite(api, f, event.id, partner)).body.data;
    await accept(api, tokenOf(invited.invitationLink), partner.admin);
    expect((await probe(event.id)).status).toBe(200);

    injectStoreFault(partnerIndexWritesFail(partner.orgId));
    const res = await revoke(api, f, event.id, invited.delegation.id);
    expect(res.status).toBe(200);
    expect(res.body.data.reverseIndexSync).toMatchObject({ status: 'failed', transitionVersion: 3 });
    // The stale display index still lists the event as active ...
    expect((await refOf(partner.orgId, event.id))?.status).toBe('active');
    expect((await delegatedEvents(api, partner.orgId, partner.member)).body.data.items).toContainEqual(
      expect.objectContaining({ eventId: event.id, status: 'active' }),
    );
    // ... but the partner scope reads the owner's delegation: refused at once.
    for (const caller of [partner.member, partner.ticketManager, partner.admin]) {
      const refused = await probe(event.id, caller);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('FORBIDDEN');
    }
    // The owner's list shows the revocation; once the outage ends it also heals the partner's index.
    expect((await listDelegations(api, f, event.id)).body.data.items[0]).toMatchObject({
      status: 'revoked',
      reverseIndexSyncStatus: 'failed',
    });
    injectStoreFault(undefined);
    expect((await listDelegations(api, f, event.id)).body.data.items[0].reverseIndexSyncStatus).toBe('synced');
    expect((await refOf(partner.orgId, event.id))?.status).toBe('revoked');
    expect((await delegatedEvents(api, partner.orgId, partner.member)).body.data.items).not.toContainEqual(
      expect.objectContaining({ eventId: event.id }),
    );
  });
});

describe('delegated-events (partner)', () => {
  it('lists only active references, for any approved partner member, in a fixed number of store calls', async () => {
    const other = await setupPartner(api, f.superToken);
    const [a, b, c] = await Promise.all([1, 2, 3].map((n) => createEvent(api, f, { name: `Event ${n}` })));
    const tokens = [];
    for (const e of [a, b, c]) tokens.push(tokenOf((await invite(api, f, e.id, other)).body.data.invitationLink));
    tokens.pop(); // the third stays invited
    for (const t of tokens) expect((await accept(api, t, other.admin)).status).toBe(200);
    const res = await delegatedEvents(api, other.orgId, other.member);
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: { eventName: string }) => i.eventName).sort()).toEqual(['Event 1', 'Event 2']);
    // user (with its role map), organization, one query for the events' names
    expect(res.headers.get('x-store-ops')).toBe('3');
    expect((await delegatedEvents(api, other.orgId, f.admin)).status).toBe(403);
  });
});

describe('owner-side mode guard', () => {
  it('refuses a selling-partner owner with 403 ORG_MODE_RESTRICTED before the bucket, the event, the body or any write', async () => {
    const sellerId = await createOrganization(api, f.superToken, {
      name: 'Seller',
      organizationMode: 'sellingPartner',
    });
    const sellerAdmin = await addPerson(api, f.superToken, sellerId, 'admin');
    const before = [await partitionFingerprint(sellerId), await partitionFingerprint(partner.orgId)];
    const event = await createEvent(api, f);
    const path = delegationsPath(sellerId, event.id);
    const calls = [
      () => api.post(path, { token: sellerAdmin.token, body: { partnerAdminEmail: partner.admin.email } }),
      () => api.post(path, { token: sellerAdmin.token, body: { both: 'invalid', partnerOrganizationId: 1 } }),
      () => api.post(delegationsPath(sellerId, 'no-such-event'), { token: sellerAdmin.token, body: {} }),
      () => api.get(path, { token: sellerAdmin.token }),
      () => api.post(`${path}/some-delegation/revoke`, { token: sellerAdmin.token, body: {} }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'ORG_MODE_RESTRICTED', errorCode: 'ORG_MODE_RESTRICTED' });
      // user (with its role map), the organization's fresh read: no bucket, no event, nothing else.
      expect(res.headers.get('x-store-ops')).toBe('2');
    }
    // A Super Admin acting inside the organization is refused alike (user, organization).
    const asSuper = await api.post(path, { token: f.superToken, body: { partnerOrganizationId: partner.orgId } });
    expect(asSuper.status).toBe(403);
    expect(asSuper.body.error).toBe('ORG_MODE_RESTRICTED');
    expect(asSuper.headers.get('x-store-ops')).toBe('2');
    expect([await partitionFingerprint(sellerId), await partitionFingerprint(partner.orgId)]).toEqual(before);
  });

  it('still refuses a member of a selling partner below Admin with the role 403', async () => {
    const sellerId = await createOrganization(api, f.superToken, {
      name: 'Seller 2',
      organizationMode: 'sellingPartner',
    });
    const treasurer = await addPerson(api, f.superToken, sellerId, 'treasurer');
    const res = await api.get(delegationsPath(sellerId, 'any-event'), { token: treasurer.token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('FORBIDDEN');
  });
});
