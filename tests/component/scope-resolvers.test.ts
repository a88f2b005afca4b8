import { resolveScope, type ResolvedScope } from '../../shared/auth/resolve-scope';
import { partnerScope, sharedEventScope, type Scope } from '../../shared/auth/scope';
import type { SalesDelegation } from '../../shared/domain/events/sales-delegations/model';
import { getOwnerDelegation, saveDelegatedEventRef, saveOwnerDelegation } from '../../shared/domain/delegations/repo';
import { getOrganization } from '../../shared/domain/organizations/repo';
import type { SharedEventCapability } from '../../shared/domain/shared-events/model';
import { createSharedEvent, putParticipant } from '../../shared/domain/shared-events/repo';
import { openStore } from '../../shared/store/client';
import { currentRequestContext, runWithRequestContext } from '../../shared/request-context';
import { TestHost } from '../helpers/harness';
import {
  addPerson,
  createEvent,
  createOrganization,
  setupOrganization,
  type OrgFixture,
  type Person,
} from '../helpers/fixtures';

/**
 * The Shared Event and partner scopes have no routes yet (issues 11 and 12): their resolvers are driven
 * directly against the embedded store, with organizations, members and events made through the API and the
 * Shared Event and delegation documents written through their repositories.
 */
let api: TestHost;
let f: OrgFixture;
let stranger: Person; // admin of an organization that is not on the roster
let partner: { orgId: string; admin: Person; ticketManager: Person; member: Person };
let event: { id: string };
const now = new Date().toISOString();

beforeAll(async () => {
  api = await TestHost.start();
  await openStore();
  f = await setupOrganization(api);
  const strangerOrg = await createOrganization(api, f.superToken, { name: 'Stranger choir' });
  stranger = await addPerson(api, f.superToken, strangerOrg, 'admin');
  const partnerOrg = await createOrganization(api, f.superToken, { name: 'Partner choir' });
  partner = {
    orgId: partnerOrg,
    admin: await addPerson(api, f.superToken, partnerOrg, 'admin'),
    ticketManager: await addPerson(api, f.superToken, partnerOrg, 'ticketManager'),
    member: await addPerson(api, f.superToken, partnerOrg, 'member'),
  };
  event = await createEvent(api, f);

  await createSharedEvent({
    id: 'se-1',
    docType: 'sharedEvent',
    sharedEventId: 'se-1',
    name: 'Festival',
    capacityPolicy: 'pool',
    status: 'active',
    owners: [{ userId: f.admin.id, organizationId: f.orgId, addedAt: now }],
    grants: [
      {
        userId: f.treasurer.id,
        organizationId: f.orgId,
        capabilities: ['manageCapacity'],
        issuedAt: now,
        issuedBy: f.admin.id,
      },
    ],
    schemaVersion: 1,
    createdAt: now,
  });
  await putParticipant({ sharedEventId: 'se-1', organizationId: f.orgId, status: 'active', role: 'organizer' });
  await putParticipant({
    sharedEventId: 'se-1',
    organizationId: f.outsider.orgId,
    status: 'removed',
    role: 'participant',
  });
});
afterAll(() => api.close());

/** Runs a resolver as a request would, and reports the store calls it made. */
async function resolve(
  scope: Scope,
  token: string,
  params: Record<string, string>,
  query: Record<string, string> = {},
) {
  return runWithRequestContext(async () => {
    const resolved: ResolvedScope = await resolveScope(scope, { authorization: `Bearer ${token}`, params, query });
    return { ...resolved, storeOps: currentRequestContext()!.storeOps };
  });
}
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: { code?: string }) => error.code,
  );

describe('Shared Event scope', () => {
  const scope = (role: 'member' | 'admin' = 'member', capability?: SharedEventCapability) =>
    sharedEventScope({ sharedEventParam: 'sharedEventId', role, ...(capability ? { capability } : {}) });
  const asMember = (person: Person, orgId: string, s = scope(), sharedEventId = 'se-1') =>
    resolve(s, person.token, { sharedEventId }, { organizationId: orgId });

  it('lets a participant member in, handing over roster entry, owners and grants in 3 store calls', async () => {
    const { grant, principal, storeOps } = await asMember(f.member, f.orgId);
    expect(grant).toMatchObject({
      kind: 'sharedEvent',
      sharedEventId: 'se-1',
      organizationId: f.orgId,
      participant: { status: 'active', role: 'organizer' },
      owners: [{ userId: f.admin.id }],
      capabilities: [],
    });
    expect(principal.organizationId).toBe(f.orgId);
    expect(storeOps).toBe(3); // user (its role map grants: no membership read), Shared Event, roster entry
  });

  it('gives an owner every capability and a grantee exactly the granted ones', async () => {
    const owner = await asMember(f.admin, f.orgId, scope('admin', 'manageParticipants'));
    expect(owner.grant).toMatchObject({ capabilities: expect.arrayContaining(['manageOwners', 'manageParticipants']) });
    const grantee = await asMember(f.treasurer, f.orgId, scope('member', 'manageCapacity'));
    expect(grantee.grant).toMatchObject({ capabilities: ['manageCapacity'] });
    expect(await refusal(asMember(f.treasurer, f.orgId, scope('member', 'manageOwners')))).toBe('FORBIDDEN');
    expect(await refusal(asMember(f.member, f.orgId, scope('member', 'manageCapacity')))).toBe('FORBIDDEN');
  });

  it('refuses a role below the minimum, a removed participant, and hides the event from a non-participant', async () => {
    expect(await refusal(asMember(f.member, f.orgId, scope('admin')))).toBe('FORBIDDEN');
    expect(await refusal(asMember(f.outsider, f.outsider.orgId))).toBe('FORBIDDEN');
    expect(await refusal(asMember(stranger, (await strangerOrgId())!))).toBe('NOT_FOUND');
    expect(await refusal(asMember(f.member, f.orgId, scope(), 'se-unknown'))).toBe('NOT_FOUND');
    // Acting for an organization the caller does not belong to is refused before the roster counts.
    expect(await refusal(asMember(stranger, f.orgId))).toBe('FORBIDDEN');
  });

  it('needs organizationId from everyone but a super admin, who holds every capability', async () => {
    expect(await refusal(resolve(scope(), f.member.token, { sharedEventId: 'se-1' }))).toBe('VALIDATION_ERROR');
    const superAdmin = await resolve(scope('admin', 'manageOwners'), f.superToken, { sharedEventId: 'se-1' });
    expect(superAdmin.grant).toMatchObject({
      kind: 'sharedEvent',
      capabilities: expect.arrayContaining(['manageOwners']),
    });
  });
});

async function strangerOrgId() {
  const me = await api.get('auth/me', { token: stranger.token });
  return me.body.data.memberships[0]?.organizationId as string | undefined;
}

describe('partner scope', () => {
  const scope = (role: 'member' | 'ticketManager' = 'ticketManager') =>
    partnerScope({ partnerParam: 'partnerOrganizationId', eventParam: 'eventId', role });
  const asPartner = (person: Person, eventId = event.id, s = scope()) =>
    resolve(s, person.token, { partnerOrganizationId: partner.orgId, eventId });
  const delegation = (status: SalesDelegation['status'], extra: Partial<SalesDelegation> = {}): SalesDelegation => ({
    id: 'delegation-1',
    partnerOrganizationId: partner.orgId,
    partnerOrganizationName: 'Partner choir',
    status,
    invitedBy: f.admin.id,
    invitedAt: now,
    permissions: { canCreateSales: true, canReportSoldReturned: true, canViewOwnAttributedReports: true },
    assignmentVersion: 1,
    reverseIndexSyncStatus: 'synced',
    ...extra,
  });
  const setDelegation = async (value: SalesDelegation) => {
    const owned = await getOwnerDelegation(f.orgId, event.id, partner.orgId);
    await saveOwnerDelegation(owned!.event, value);
  };

  beforeAll(async () => {
    await setDelegation(delegation('active'));
    const partnerOrganization = await getOrganization(partner.orgId);
    await saveDelegatedEventRef(partnerOrganization!, {
      delegationId: 'delegation-1',
      eventId: event.id,
      ownerOrganizationId: f.orgId,
      ownerOrganizationName: 'Owner choir',
      status: 'active',
    });
  });

  it("lets the partner's ticket manager act under the owner's live delegation in 3 store calls", async () => {
    const { grant, principal, storeOps } = await asPartner(partner.ticketManager);
    expect(grant).toMatchObject({
      kind: 'partner',
      partnerOrganizationId: partner.orgId,
      ownerOrganizationId: f.orgId,
      event: { id: event.id, organizationId: f.orgId },
      delegation: { id: 'delegation-1', status: 'active' },
    });
    expect(principal.organizationId).toBe(partner.orgId);
    expect(storeOps).toBe(3); // user (its role map grants), partner organization, owner's event
  });

  it('refuses a partner member below the role and a caller outside the partner organization', async () => {
    expect(await refusal(asPartner(partner.member))).toBe('FORBIDDEN');
    expect(await refusal(asPartner(f.admin))).toBe('FORBIDDEN');
    expect((await asPartner(partner.member, event.id, scope('member'))).grant.kind).toBe('partner');
  });

  it('answers 404 for an event the partner has no delegation reference for', async () => {
    expect(await refusal(asPartner(partner.ticketManager, 'no-such-event'))).toBe('NOT_FOUND');
  });

  it("refuses at once when the owner's delegation is revoked, or never accepted before its invitation expired", async () => {
    await setDelegation(delegation('revoked', { revokedAt: now, revokedReason: 'season over' }));
    expect(await refusal(asPartner(partner.ticketManager))).toBe('FORBIDDEN');
    await setDelegation(delegation('invited', { invitationExpiresAt: '2020-01-01T00:00:00.000Z' }));
    expect(await refusal(asPartner(partner.ticketManager))).toBe('FORBIDDEN');
    await setDelegation(delegation('active'));
    expect((await asPartner(partner.ticketManager)).grant.kind).toBe('partner');
  });
});
