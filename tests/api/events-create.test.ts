import { TestHost } from '../helpers/harness';
import { createEvent, eventBody, setupOrganization, type OrgFixture } from '../helpers/fixtures';

let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

describe('POST /api/management/events', () => {
  it('creates an event with one showtime at its date and sorted ticket types', async () => {
    const event = await createEvent(api, f, {
      ticketTypes: [
        { name: 'Child', price: 10, sortOrder: 2 },
        { name: 'Adult', price: 25, fee: 1.5, sortOrder: 1 },
      ],
    });
    expect(event).toMatchObject({
      organizationId: f.orgId,
      name: 'Spring Concert',
      venueCapacity: 100,
      active: true,
      enableQuotas: false,
      salesLocked: false,
      showtimes: [{ dateTime: '2027-05-01T18:00:00.000Z', externalSold: 0 }],
    });
    expect(event.ticketTypes.map((t: { name: string }) => t.name)).toEqual(['Adult', 'Child']);
    expect(event.ticketTypes[1]).toMatchObject({ price: 10, fee: 0, eventId: event.id, organizationId: f.orgId });
  });

  it('keeps given showtimes', async () => {
    const event = await createEvent(api, f, {
      showtimes: [
        { showtimeId: 'matinee', dateTime: '2027-05-01T14:00:00.000Z', label: 'Matinee' },
        { dateTime: '2027-05-01T19:00:00.000Z' },
      ],
    });
    expect(event.showtimes).toHaveLength(2);
    expect(event.showtimes[0]).toMatchObject({ showtimeId: 'matinee', label: 'Matinee' });
  });

  it('refuses repeated ticket type names with 400', async () => {
    const res = await api.post('management/events', {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: eventBody({
        ticketTypes: [
          { name: 'Adult', price: 1 },
          { name: ' adult ', price: 2 },
        ],
      }),
    });
    expect(res.status).toBe(400);
  });

  it.each([
    ['negative capacity', { venueCapacity: -1 }],
    ['fractional capacity', { venueCapacity: 1.5 }],
    ['huge capacity', { venueCapacity: 1e12 }],
    ['negative price', { ticketTypes: [{ name: 'A', price: -1 }] }],
    ['no ticket types', { ticketTypes: [] }],
    ['bad date', { date: 'tomorrow' }],
    ['unknown field', { organizationId: 'other' }],
  ])('refuses %s with 400', async (_label, overrides) => {
    const res = await api.post('management/events', {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: eventBody(overrides),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
  });

  it('refuses a treasurer (just below admin) and an outsider with 403', async () => {
    for (const token of [f.treasurer.token, f.outsider.token]) {
      const res = await api.post('management/events', { token, query: { organizationId: f.orgId }, body: eventBody() });
      expect(res.status).toBe(403);
    }
  });

  it('refuses a sellingPartner organization with 403 ORG_MODE_RESTRICTED', async () => {
    const partner = await api.post('organizations', {
      token: f.superToken,
      body: { name: 'Partner', organizationMode: 'sellingPartner' },
    });
    const res = await api.post('management/events', {
      token: f.superToken,
      query: { organizationId: partner.body.data.id },
      body: eventBody(),
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'ORG_MODE_RESTRICTED', errorCode: 'ORG_MODE_RESTRICTED' });
  });
});
