import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { accept, invite, listDelegations, setupPartner, tokenOf } from '../helpers/delegations';
import { createLink, orgWithAdmin } from '../helpers/shared-events/invitations';
import { createSharedEvent, sharedEventBody } from '../helpers/shared-events/create';

/**
 * Issue 22: the check order of the acceptance routes (docs/shared-events.md), and the bodies the entities imply (a Shared Event
 * needs no `date`; the token accept route reads the accepting organization from `?organizationId`).
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
}, 60_000);
afterAll(() => api.close());

describe('check order', () => {
  it('a partner member below admin accepting a sales delegation: 403, the delegation stays invited', async () => {
    const event = await createEvent(api, f);
    const partner = await setupPartner(api, f.superToken);
    const invited = await invite(api, f, event.id, partner);
    expect(invited.status).toBe(201);
    const token = tokenOf(invited.body.data.invitationLink);
    for (const who of [partner.member, partner.ticketManager]) {
      const res = await accept(api, token, who);
      expect([res.status, res.body.error]).toEqual([403, 'FORBIDDEN']);
    }
    const stranger = await accept(api, token, f.outsider);
    expect(stranger.status).toBe(404); // not a member of the partner: the generic answer
    const list = await listDelegations(api, f, event.id);
    expect(list.body.data.items.map((d: { status: string }) => d.status)).toEqual(['invited']);
    expect((await accept(api, token, partner.admin)).status).toBe(200);
  });

  it('pending/accept and token accept for a sellingPartner organization: 403 ORG_MODE_RESTRICTED before any read', async () => {
    const seller = await orgWithAdmin(api, f.superToken, { organizationMode: 'sellingPartner' });
    const pending = await api.post('shared-event-invitations/pending/accept', {
      token: seller.admin.token,
      body: { invitationId: 'invite:0123456789abcdef', sharedEventId: 'no-such-event', organizationId: seller.orgId },
    });
    expect([pending.status, pending.body.error, pending.body.errorCode]).toEqual([
      403,
      'ORG_MODE_RESTRICTED',
      'ORG_MODE_RESTRICTED',
    ]);
    const byToken = await api.post('shared-event-invitations/accept', {
      token: seller.admin.token,
      query: { organizationId: seller.orgId },
      body: { token: 'x'.repeat(43) },
    });
    expect([byToken.status, byToken.body.error]).toEqual([403, 'ORG_MODE_RESTRICTED']);
  });
});

describe('bodies the entities imply', () => {
  it('POST shared-events without date: 201, the date is the earliest showtime', async () => {
    const { date: _date, ...body } = sharedEventBody({
      showtimes: [{ dateTime: '2027-07-02T19:00:00.000Z' }, { dateTime: '2027-07-01T14:00:00.000Z' }],
    });
    const res = await api.post('shared-events', { token: f.admin.token, query: { organizationId: f.orgId }, body });
    expect(res.status).toBe(201);
    expect(res.body.data.date).toBe('2027-07-01T14:00:00.000Z');
    const projection = await api.get(`events/se-${res.body.data.id}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect(projection.body.data.date).toBe('2027-07-01T14:00:00.000Z');
  });

  it('token accept takes organizationId from the query; a body naming another one is 400 ORGANIZATION_MISMATCH', async () => {
    const se = await createSharedEvent(api, f);
    const joiner = await orgWithAdmin(api, f.superToken);
    const mint = async () => (await createLink(api, se.id, { token: f.admin.token, orgId: f.orgId })).body.data.token;
    const token = await mint();
    const mismatch = await api.post('shared-event-invitations/accept', {
      token: joiner.admin.token,
      query: { organizationId: joiner.orgId },
      body: { token, organizationId: f.orgId },
    });
    expect([mismatch.status, mismatch.body.error]).toEqual([400, 'ORGANIZATION_MISMATCH']);
    const neither = await api.post('shared-event-invitations/accept', { token: joiner.admin.token, body: { token } });
    expect([neither.status, neither.body.details?.[0]?.path]).toEqual([400, '/organizationId']);
    const fromQuery = await api.post('shared-event-invitations/accept', {
      token: joiner.admin.token,
      query: { organizationId: joiner.orgId },
      body: { token },
    });
    expect([fromQuery.status, fromQuery.body.data?.organizationId, fromQuery.body.data?.status]).toEqual([
      200,
      joiner.orgId,
      'active',
    ]);
  });
});
