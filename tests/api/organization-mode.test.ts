import { onTelemetry, type TelemetryEvent } from '../../shared/telemetry/telemetry';
import { TestHost } from '../helpers/harness';
import { injectStoreFault, seedOutboundSalesDelegations, seedSharedEventParticipation } from '../helpers/seed';
import {
  addPerson,
  createEvent,
  createOrganization,
  eventBody,
  setupOrganization,
  type OrgFixture,
} from '../helpers/fixtures';

let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => {
  injectStoreFault(undefined);
  return api.close();
});

const setMode = (orgId: string, organizationMode: unknown, token = f.superToken) =>
  api.put(`organizations/${orgId}/mode`, { token, body: { organizationMode } });

function captureTelemetry() {
  const events: TelemetryEvent[] = [];
  const off = onTelemetry((e) => events.push(e));
  return { events, off };
}

describe('PUT /api/organizations/{id}/mode', () => {
  it('downgrades an organization without owned state and emits one mode_changed event', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Empty choir' });
    const { events, off } = captureTelemetry();
    const res = await setMode(orgId, 'sellingPartner');
    off();
    expect(res.status).toBe(200);
    expect(res.body.data.organizationMode).toBe('sellingPartner');
    // user (auth), organization read, owned events query, Shared Event participation query, replace
    expect(res.headers.get('x-store-ops')).toBe('5');
    expect(events.filter((e) => e.name === 'organization.mode_changed')).toEqual([
      {
        name: 'organization.mode_changed',
        properties: {
          organizationId: orgId,
          previousMode: 'full',
          newMode: 'sellingPartner',
          actorUserId: expect.any(String),
        },
      },
    ]);
  });

  it('re-asserting the current mode answers 200 with no write and no telemetry', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Stable choir' });
    const before = (await api.get(`organizations/${orgId}`, { token: f.superToken })).body.data;
    const { events, off } = captureTelemetry();
    const res = await setMode(orgId, 'full');
    off();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(before);
    expect(events).toEqual([]);
  });

  it('always allows sellingPartner → full', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Partner', organizationMode: 'sellingPartner' });
    const res = await setMode(orgId, 'full');
    expect(res.status).toBe(200);
    expect(res.body.data).not.toHaveProperty('organizationMode');
  });

  it('blocks the downgrade while the organization owns events, soft-deleted ones included', async () => {
    const event = await createEvent(api, f);
    const res = await setMode(f.orgId, 'sellingPartner');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'ORG_MODE_DOWNGRADE_BLOCKED', errorCode: 'ORG_MODE_DOWNGRADE_BLOCKED' });
    expect(res.body.message).toContain('ownedEvents');
    expect(res.body.data.blockers).toEqual(['ownedEvents']);
    const after = await api.get(`organizations/${f.orgId}`, { token: f.superToken });
    expect(after.body.data).not.toHaveProperty('organizationMode');
    expect(event.id).toBeTruthy();
  });

  it('counts a soft-deleted event as owned', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Deleted-event choir' });
    const admin = await addPerson(api, f.superToken, orgId, 'admin');
    const created = await api.post('management/events', {
      token: admin.token,
      query: { organizationId: orgId },
      body: eventBody(),
    });
    expect(created.status).toBe(201);
    const deleted = await api.del(`management/events/${created.body.data.id}`, {
      token: admin.token,
      query: { organizationId: orgId },
    });
    expect(deleted.status).toBe(200);
    const res = await setMode(orgId, 'sellingPartner');
    expect(res.status).toBe(409);
    expect(res.body.data.blockers).toEqual(['ownedEvents']);
  });

  it('names every blocker: owned events, outbound delegations and Shared Event participation', async () => {
    // Delegations and Shared Events arrive with document 02; the seed module writes their records in the shape
    // the dependency check reads, so the check is proven against data and not only against empty containers.
    const orgId = await createOrganization(api, f.superToken, { name: 'Busy choir' });
    const admin = await addPerson(api, f.superToken, orgId, 'admin');
    const created = await api.post('management/events', {
      token: admin.token,
      query: { organizationId: orgId },
      body: eventBody(),
    });
    await seedOutboundSalesDelegations(orgId, created.body.data.id, ['revoked', 'invited']);
    await seedSharedEventParticipation(orgId, 'shared-1');
    const res = await setMode(orgId, 'sellingPartner');
    expect(res.status).toBe(409);
    expect(res.body.data.blockers).toEqual(['ownedEvents', 'sharedEventParticipation', 'outboundSalesDelegations']);
    for (const name of res.body.data.blockers) expect(res.body.message).toContain(name);
    expect((await api.get(`organizations/${orgId}`, { token: f.superToken })).body.data).not.toHaveProperty(
      'organizationMode',
    );
  });

  it('answers 503 ORG_MODE_DEPENDENCY_CHECK_FAILED when a check cannot finish, and changes nothing', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Fragile choir' });
    injectStoreFault((op) => op.kind === 'query' && op.container === 'sharedEvents');
    const res = await setMode(orgId, 'sellingPartner');
    injectStoreFault(undefined);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      error: 'ORG_MODE_DEPENDENCY_CHECK_FAILED',
      errorCode: 'ORG_MODE_DEPENDENCY_CHECK_FAILED',
    });
    const after = await api.get(`organizations/${orgId}`, { token: f.superToken });
    expect(after.body.data).not.toHaveProperty('organizationMode');
  });

  it('lets exactly one of two overlapping mode changes win; the other gets 409 RACED and writes nothing', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Overlapping choir' });
    // Hold the first request inside its dependency check until the second one has written.
    let release!: () => void;
    const held = new Promise<boolean>((resolve) => (release = () => resolve(false)));
    let holding = true;
    injectStoreFault((op) => {
      if (op.container !== 'sharedEvents' || !holding) return false;
      holding = false;
      return held;
    });
    const { events, off } = captureTelemetry();
    const first = setMode(orgId, 'sellingPartner');
    await new Promise((r) => setTimeout(r, 50));
    const second = await setMode(orgId, 'sellingPartner');
    release();
    const loser = await first;
    off();
    injectStoreFault(undefined);
    expect(second.status).toBe(200);
    expect(loser.status).toBe(409);
    expect(loser.body).toMatchObject({ error: 'ORG_MODE_TRANSITION_RACED', errorCode: 'ORG_MODE_TRANSITION_RACED' });
    expect(loser.body.message).toContain('sellingPartner');
    expect(events.filter((e) => e.name === 'organization.mode_changed')).toHaveLength(1);
  });

  it('never double-applies among truly parallel mode changes', async () => {
    for (let round = 0; round < 3; round += 1) {
      const orgId = await createOrganization(api, f.superToken, { name: `Racing choir ${round}` });
      const { events, off } = captureTelemetry();
      const results = await Promise.all([setMode(orgId, 'sellingPartner'), setMode(orgId, 'sellingPartner')]);
      off();
      const statuses = results.map((r) => r.status).sort();
      const changes = events.filter((e) => e.name === 'organization.mode_changed');
      // Either they overlapped (one 200, one 409 RACED) or ran one after the other (second is a re-assert).
      if (statuses[1] === 409) {
        expect(statuses).toEqual([200, 409]);
        const loser = results.find((r) => r.status === 409)!;
        expect(loser.body).toMatchObject({
          error: 'ORG_MODE_TRANSITION_RACED',
          errorCode: 'ORG_MODE_TRANSITION_RACED',
        });
        expect(loser.body.message).toContain('sellingPartner');
      } else {
        expect(statuses).toEqual([200, 200]);
      }
      expect(changes).toHaveLength(1);
      const after = await api.get(`organizations/${orgId}`, { token: f.superToken });
      expect(after.body.data.organizationMode).toBe('sellingPartner');
    }
  });

  it.each([
    ['missing field', {}],
    ['other value', { organizationMode: 'partial' }],
    ['null', { organizationMode: null }],
    ['extra field', { organizationMode: 'full', name: 'x' }],
  ])('refuses %s with 400', async (_label, body) => {
    const res = await api.put(`organizations/${f.orgId}/mode`, { token: f.superToken, body });
    expect(res.status).toBe(400);
  });

  it('refuses an organization admin with 403', async () => {
    const res = await setMode(f.orgId, 'full', f.admin.token);
    expect(res.status).toBe(403);
  });

  it('answers 404 for a missing or soft-deleted organization', async () => {
    const missing = await setMode('00000000-0000-0000-0000-000000000000', 'full');
    expect(missing.status).toBe(404);
    const orgId = await createOrganization(api, f.superToken, { name: 'Doomed' });
    await api.del(`organizations/${orgId}`, { token: f.superToken });
    expect((await setMode(orgId, 'sellingPartner')).status).toBe(404);
  });
});

describe('the full-organization guard', () => {
  it('fails closed with 503 when the organization cannot be read, and writes nothing', async () => {
    injectStoreFault((op) => op.kind === 'read' && op.container === 'orgs' && op.id === f.orgId);
    const res = await api.post('management/events', {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { name: 'Blocked', date: '2027-01-01', venueCapacity: 5, ticketTypes: [{ name: 'A', price: 1 }] },
    });
    injectStoreFault(undefined);
    expect(res.status).toBe(503);
    const list = await api.get('events', { token: f.admin.token, query: { organizationId: f.orgId } });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body.data)).not.toContain('Blocked');
  });
});
