import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import {
  accept,
  decline,
  delegatedEvents,
  invite,
  listDelegations,
  revoke,
  setupPartner,
  tokenOf,
  type PartnerFixture,
} from '../helpers/delegations';
import { partitionFingerprint, seedDelegationFields } from '../helpers/seed';

/**
 * The delegation state table (docs/decisions/delegations.md): accept, decline and revoke from every state, their idempotency, the one
 * generic 404 of an unusable invitation, and who may answer for the partner.
 */
let api: TestHost;
let f: OrgFixture;
let partner: PartnerFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api, { name: 'Owner choir' });
  partner = await setupPartner(api, f.superToken, { name: 'Partner choir' });
});
afterAll(() => api.close());

/** A fresh event with the partner invited: the delegation and the token of its link. */
async function invited(p: PartnerFixture = partner) {
  const event = await createEvent(api, f, { name: 'Delegated concert' });
  const res = await invite(api, f, event.id, p);
  expect(res.status).toBe(201);
  return { event, delegation: res.body.data.delegation, token: tokenOf(res.body.data.invitationLink) };
}

const delegationOf = async (eventId: string, id: string) =>
  (await listDelegations(api, f, eventId)).body.data.items.find((d: { id: string }) => d.id === id);

const GENERIC_INVITATION_404 = { success: false, error: 'NOT_FOUND', message: 'This invitation is not available' };

describe('POST /api/sales-delegations/accept', () => {
  it('moves invited to active for a partner admin; the partner lists the event', async () => {
    const { event, delegation, token } = await invited();
    // An address no other request of this file uses, so its per-IP bucket is new (see the store-call count).
    const res = await api.post('sales-delegations/accept', {
      token: partner.admin.token,
      body: { token },
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      delegatedEvent: {
        delegationId: delegation.id,
        eventId: event.id,
        ownerOrganizationId: f.orgId,
        ownerOrganizationName: 'Owner choir',
        status: 'active',
        eventName: 'Delegated concert',
        eventDate: event.date,
      },
      reverseIndexSync: { status: 'synced', operationId: expect.any(String), transitionVersion: 2 },
    });
    expect(res.body.data.reverseIndexSync.operationId).not.toBe(delegation.reverseIndexOperationId);
    // The per-IP bucket (a new address: a missed increment, then its creation), user (its role map grants: no
    // membership read), event + owner, partner, event write, partner index write, outcome write.
    expect(res.headers.get('x-store-ops')).toBe('9');

    const now = await delegationOf(event.id, delegation.id);
    expect(now).toMatchObject({
      status: 'active',
      respondedBy: partner.admin.id,
      respondedByName: 'Paula Partner',
      respondedAt: expect.any(String),
      assignmentVersion: 2,
      reverseIndexSyncStatus: 'synced',
      reverseIndexTransitionVersion: 2,
      reverseIndexSyncAttempts: 2,
    });
    expect(now.invitationExpiresAt).toBeUndefined();
    for (const reader of [partner.member, partner.ticketManager, partner.admin]) {
      const listed = await delegatedEvents(api, partner.orgId, reader);
      expect(listed.status).toBe(200);
      expect(listed.body.data.items).toContainEqual(res.body.data.delegatedEvent);
    }
  });

  it('answers one jittered 404, byte for byte, for every unusable invitation, and changes nothing', async () => {
    const { event, delegation, token } = await invited();
    const [owner, eventId, id, raw] = token.split('.');
    const wrongRaw = `${raw.slice(0, -2)}${raw.endsWith('AA') ? 'BB' : 'AA'}`;
    const expired = await invited();
    await seedDelegationFields(f.orgId, expired.event.id, expired.delegation.id, {
      invitationExpiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const declined = await invited();
    await decline(api, partner.orgId, declined.delegation.id, partner.admin);
    const revoked = await invited();
    await revoke(api, f, revoked.event.id, revoked.delegation.id);
    const used = await invited();
    expect((await accept(api, used.token, partner.admin)).status).toBe(200);

    const fingerprint = await partitionFingerprint(f.orgId);
    const cases: [string, string, { token: string }][] = [
      ['malformed', 'not-a-token', partner.admin],
      ['three parts', `${owner}.${eventId}.${id}`, partner.admin],
      ['wrong raw token', `${owner}.${eventId}.${id}.${wrongRaw}`, partner.admin],
      ['unknown delegation', `${owner}.${eventId}.00000000-0000-0000-0000-000000000000.${raw}`, partner.admin],
      ['unknown event', `${owner}.no-such-event.${id}.${raw}`, partner.admin],
      ['unknown owner', `no-such-org.${eventId}.${id}.${raw}`, partner.admin],
      ['expired', expired.token, partner.admin],
      ['declined', declined.token, partner.admin],
      ['revoked', revoked.token, partner.admin],
      ['already accepted', used.token, partner.admin],
      // A partner member below admin is told 403 (issue 22: tests/api/acceptance-order-and-bodies.test.ts).
      ['owner admin', token, f.admin],
      ['admin of another organization', token, f.outsider],
    ];
    const bodies = new Set<string>();
    for (const [name, value, caller] of cases) {
      const started = Date.now();
      const res = await accept(api, value, caller);
      expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 404, body: GENERIC_INVITATION_404 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(45);
      bodies.add(res.text);
    }
    expect(bodies.size).toBe(1);
    for (const below of [partner.member, partner.ticketManager])
      expect((await accept(api, token, below)).status).toBe(403);
    expect(await partitionFingerprint(f.orgId)).toEqual(fingerprint);
    // None of that used the invitation up.
    expect((await accept(api, token, partner.admin)).status).toBe(200);
    expect((await delegationOf(event.id, delegation.id)).status).toBe('active');
  });

  it('refuses a missing or malformed body with 400 and no token with 401', async () => {
    expect((await api.post('sales-delegations/accept', { token: partner.admin.token, body: {} })).status).toBe(400);
    const extra = await api.post('sales-delegations/accept', {
      token: partner.admin.token,
      body: { token: 'a', x: 1 },
    });
    expect(extra.status).toBe(400);
    expect((await api.post('sales-delegations/accept', { body: { token: 'a.b.c.d' } })).status).toBe(401);
  });

  it('lets exactly one of parallel acceptances win', async () => {
    const { token } = await invited();
    const results = await Promise.all([1, 2, 3].map(() => accept(api, token, partner.admin)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 404, 404]);
  });

  it('lets a selling-partner organization accept (the partner side is never restricted by mode)', async () => {
    const seller = await setupPartner(api, f.superToken, { organizationMode: 'sellingPartner' });
    const { event, token } = await invited(seller);
    const res = await accept(api, token, seller.admin);
    expect(res.status).toBe(200);
    expect(res.body.data.delegatedEvent).toMatchObject({ eventId: event.id, status: 'active' });
    expect((await delegatedEvents(api, seller.orgId, seller.member)).body.data.items).toHaveLength(1);
  });

  it('lets a Super Admin accept for the partner', async () => {
    const { token } = await invited();
    const res = await accept(api, token, { token: f.superToken });
    expect(res.status).toBe(200);
    expect(res.body.data.delegatedEvent.status).toBe('active');
  });
});

describe('POST .../sales-delegations/{delegationId}/decline', () => {
  it('declines an invited delegation, is idempotent, and voids the link', async () => {
    const { event, delegation, token } = await invited();
    const res = await decline(api, partner.orgId, delegation.id, partner.admin);
    expect(res.status).toBe(200);
    expect(res.body.data.delegatedEvent).toMatchObject({ delegationId: delegation.id, status: 'declined' });
    expect(res.body.data.reverseIndexSync).toMatchObject({ status: 'synced', transitionVersion: 2 });
    const first = await delegationOf(event.id, delegation.id);
    expect(first).toMatchObject({
      status: 'declined',
      respondedBy: partner.admin.id,
      respondedByName: 'Paula Partner',
    });
    expect(first.invitationExpiresAt).toBeUndefined();

    const fingerprint = await partitionFingerprint(f.orgId);
    const again = await decline(api, partner.orgId, delegation.id, partner.admin);
    expect(again.status).toBe(200);
    expect(again.body.data.delegatedEvent.status).toBe('declined');
    expect(await partitionFingerprint(f.orgId)).toEqual(fingerprint);
    expect(await delegationOf(event.id, delegation.id)).toEqual(first);
    expect((await accept(api, token, partner.admin)).status).toBe(404);
  });

  it('refuses active and revoked delegations with 409, and unknown ones with 404', async () => {
    const active = await invited();
    await accept(api, active.token, partner.admin);
    const res = await decline(api, partner.orgId, active.delegation.id, partner.admin);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('CONFLICT');
    const revoked = await invited();
    await revoke(api, f, revoked.event.id, revoked.delegation.id);
    expect((await decline(api, partner.orgId, revoked.delegation.id, partner.admin)).status).toBe(409);
    expect((await decline(api, partner.orgId, 'no-such-delegation', partner.admin)).status).toBe(404);
    // Another partner cannot reach it through its own index.
    const other = await setupPartner(api, f.superToken);
    const fresh = await invited();
    expect((await decline(api, other.orgId, fresh.delegation.id, other.admin)).status).toBe(404);
  });

  it('refuses partner roles below Admin and outsiders with 403', async () => {
    const { event, delegation } = await invited();
    for (const caller of [partner.ticketManager, partner.member, f.admin, f.outsider]) {
      const res = await decline(api, partner.orgId, delegation.id, caller);
      expect(res.status).toBe(403);
    }
    expect((await delegationOf(event.id, delegation.id)).status).toBe('invited');
  });
});

describe('POST .../sales-delegations/{delegationId}/revoke', () => {
  it('revokes an active delegation at once; the partner no longer lists the event', async () => {
    const { event, delegation, token } = await invited();
    await accept(api, token, partner.admin);
    expect((await delegatedEvents(api, partner.orgId, partner.member)).body.data.items).toContainEqual(
      expect.objectContaining({ eventId: event.id }),
    );
    const res = await revoke(api, f, event.id, delegation.id, '  Season over  ');
    expect(res.status).toBe(200);
    expect(res.body.data.delegation).toMatchObject({
      id: delegation.id,
      status: 'revoked',
      revokedBy: f.admin.id,
      revokedByName: 'Ada Admin',
      revokedAt: expect.any(String),
      revokedReason: 'Season over',
      respondedBy: partner.admin.id,
      assignmentVersion: 3,
      reverseIndexTransitionVersion: 3,
      reverseIndexSyncStatus: 'synced',
    });
    expect(res.body.data.reverseIndexSync).toMatchObject({ status: 'synced', transitionVersion: 3 });
    const listed = await delegatedEvents(api, partner.orgId, partner.member);
    expect(listed.body.data.items.some((i: { eventId: string }) => i.eventId === event.id)).toBe(false);

    // Again: 200, unchanged, nothing written (a different reason does not replace the first).
    const fingerprint = await partitionFingerprint(f.orgId);
    const again = await revoke(api, f, event.id, delegation.id, 'Another reason');
    expect(again.status).toBe(200);
    expect(again.body.data.delegation).toEqual(res.body.data.delegation);
    expect(await partitionFingerprint(f.orgId)).toEqual(fingerprint);
  });

  it('revokes an invited delegation, which voids its link', async () => {
    const { event, delegation, token } = await invited();
    const res = await revoke(api, f, event.id, delegation.id);
    expect(res.status).toBe(200);
    expect(res.body.data.delegation.status).toBe('revoked');
    expect(res.body.data.delegation.invitationExpiresAt).toBeUndefined();
    expect((await accept(api, token, partner.admin)).status).toBe(404);
  });

  it('refuses a declined delegation with 409 and an unknown one with 404', async () => {
    const { event, delegation } = await invited();
    await decline(api, partner.orgId, delegation.id, partner.admin);
    const res = await revoke(api, f, event.id, delegation.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('CONFLICT');
    expect((await revoke(api, f, event.id, 'no-such-delegation')).status).toBe(404);
    expect((await revoke(api, f, 'no-such-event', delegation.id)).status).toBe(404);
  });

  it('requires a non-empty revokedReason (400, nothing written)', async () => {
    const { event, delegation } = await invited();
    const fingerprint = await partitionFingerprint(f.orgId);
    for (const body of [
      {},
      { revokedReason: '' },
      { revokedReason: '   ' },
      { revokedReason: 5 },
      { revokedReason: 'x', y: 1 },
    ]) {
      const res = await api.post(
        `organizations/${f.orgId}/events/${event.id}/sales-delegations/${delegation.id}/revoke`,
        {
          token: f.admin.token,
          body,
        },
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
    }
    expect(await partitionFingerprint(f.orgId)).toEqual(fingerprint);
    expect((await delegationOf(event.id, delegation.id)).status).toBe('invited');
  });
});
