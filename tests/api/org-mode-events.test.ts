import { TestHost } from '../helpers/harness';
import {
  addPerson,
  createEvent,
  eventBody,
  setupOrganization,
  type OrgFixture,
  type Person,
} from '../helpers/fixtures';
import { seedLegacyEventWithSaleInPartnerPartition, storedDocument } from '../helpers/seed';

/**
 * docs/decisions/events.md "Organization capability mode" rules 5–8 for the event side: a sellingPartner organization gets
 * 403 ORG_MODE_RESTRICTED on every restricted route before the target is read, identical whether or not
 * the target exists, and nothing is written; the external-sales GETs and read routes stay open.
 */
let api: TestHost;
let f: OrgFixture;
let partnerId: string;
let partnerAdmin: Person;
const seeded = { eventId: 'legacy-event', showtimeId: 'legacy-show', saleId: 'legacy-sale', typeId: 'legacy-type' };

beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  const partner = await api.post('organizations', {
    token: f.superToken,
    body: { name: 'Partner', organizationMode: 'sellingPartner' },
  });
  partnerId = partner.body.data.id;
  partnerAdmin = await addPerson(api, f.superToken, partnerId, 'admin', 'Pat Partner');
  // A partner owns no events through the API; the seed module's documents stand in for an existing target.
  await seedLegacyEventWithSaleInPartnerPartition(partnerId, seeded);
});
afterAll(() => api.close());

const tickets = [{ ticketTypeId: seeded.typeId, quantity: 1 }];
/** Each restricted route, with a path builder for (event, showtime, sale) ids and a body. */
const restricted: [string, string, (e: string, s: string, x: string) => string, unknown][] = [
  ['event create', 'POST', () => 'management/events', eventBody()],
  ['event update', 'PUT', (e) => `management/events/${e}`, { name: 'Renamed' }],
  ['event lock', 'PUT', (e) => `management/events/${e}/lock`, undefined],
  ['event delete', 'DELETE', (e) => `management/events/${e}`, undefined],
  ['event restore', 'PATCH', (e) => `management/events/${e}/restore`, undefined],
  ['showtime external', 'PUT', (e, s) => `management/events/${e}/showtimes/${s}/external`, { externalSold: 4 }],
  [
    'external sale create',
    'POST',
    (e, s) => `management/events/${e}/showtimes/${s}/external-sales`,
    { tickets, source: 's' },
  ],
  ['external sale update', 'PUT', (_e, _s, x) => `management/external-sales/${x}`, { tickets, source: 's' }],
  ['external sale delete', 'DELETE', (_e, _s, x) => `management/external-sales/${x}`, undefined],
  [
    'external sale correction',
    'POST',
    (_e, _s, x) => `management/external-sales/${x}/correction`,
    { tickets, reason: 'r' },
  ],
];

describe('ORG_MODE_RESTRICTED on the event side', () => {
  it.each(restricted)(
    '%s: 403 for existing and missing targets alike, for an admin and a super admin',
    async (_l, method, path, body) => {
      const before = await storedDocument(partnerId, seeded.eventId);
      const sale = await storedDocument(partnerId, seeded.saleId);
      const fullOrgEvent = await createEvent(api, f);
      const targets = [
        path(seeded.eventId, seeded.showtimeId, seeded.saleId), // exists in the partner's partition
        path(fullOrgEvent.id, fullOrgEvent.showtimes[0].showtimeId, 'missing-sale'), // exists, in another organization
        path('missing-event', 'missing-show', 'missing-sale'), // exists nowhere
      ];
      const bodies: unknown[] = [];
      for (const target of targets) {
        for (const token of [partnerAdmin.token, f.superToken]) {
          for (const b of [body, { garbage: true }]) {
            const res = await api.request(method, target, { token, query: { organizationId: partnerId }, body: b });
            expect([target, res.status]).toEqual([target, 403]);
            bodies.push(res.body);
          }
        }
      }
      expect(bodies[0]).toMatchObject({
        success: false,
        error: 'ORG_MODE_RESTRICTED',
        errorCode: 'ORG_MODE_RESTRICTED',
      });
      for (const b of bodies) expect(b).toEqual(bodies[0]);
      // Nothing written: the seeded documents keep their ETags, and the partner has no new event.
      expect((await storedDocument(partnerId, seeded.eventId))?._etag).toBe(before?._etag);
      expect((await storedDocument(partnerId, seeded.saleId))?._etag).toBe(sale?._etag);
      const list = await api.get('events', {
        token: partnerAdmin.token,
        query: { organizationId: partnerId, limit: 200 },
      });
      expect(list.body.data.items.map((e: { id: string }) => e.id)).toEqual([seeded.eventId]);
    },
  );

  it('keeps the two external-sales GETs and the read routes open for a sellingPartner organization', async () => {
    const query = { organizationId: partnerId };
    const paths = [
      `management/events/${seeded.eventId}/external-sales`,
      `management/events/${seeded.eventId}/showtimes/${seeded.showtimeId}/external-sales`,
      'events',
      'events-active',
      'events-overview',
      `events/${seeded.eventId}`,
      `events/${seeded.eventId}/capacity-summary`,
    ];
    for (const path of paths) {
      const res = await api.get(path, { token: partnerAdmin.token, query });
      expect([path, res.status]).toEqual([path, 200]);
    }
    const sales = await api.get(paths[0], { token: partnerAdmin.token, query });
    expect(sales.body.data.items.map((s: { id: string }) => s.id)).toEqual([seeded.saleId]);
  });

  it('still checks the role first: a partner member gets the generic 403, not the mode', async () => {
    const member = await addPerson(api, f.superToken, partnerId, 'member', 'Pia Partner');
    const res = await api.put(`management/events/${seeded.eventId}`, {
      token: member.token,
      query: { organizationId: partnerId },
      body: { name: 'x' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('FORBIDDEN');
  });
});
