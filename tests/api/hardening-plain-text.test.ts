import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { storedDocumentsContaining } from '../helpers/seed';

/**
 * Issue 22: one rule for every free-text field of every route (shared/domain/vocabulary/plain-text.ts): C0 and C1 control
 * characters and unpaired surrogates are refused with 400 naming the field; multi-line text (descriptions, notes,
 * reasons) may hold line breaks and tabs. Nothing of a refused request is stored.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

const MARK = 'plaintextprobe';

describe('control characters and unpaired surrogates', () => {
  it.each([
    ['ANSI escape', `${MARK}\u0001\u0007\u001b[31m`],
    ['lone high surrogate', `${MARK}\ud800x`],
    ['lone low surrogate', `${MARK}\udc00`],
    ['C1 next line', `${MARK}\u0085`],
    ['DEL', `${MARK}\u007f`],
    ['line break in a name', `${MARK}\nsecond line`],
    ['tab in a name', `${MARK}\tcolumn`],
  ])('POST organizations with a name holding %s: 400 naming /name, nothing stored', async (_label, name) => {
    const res = await api.post('organizations', { token: f.superToken, body: { name } });
    expect([res.status, res.body.error]).toEqual([400, 'VALIDATION_ERROR']);
    expect(res.body.details).toEqual([expect.objectContaining({ path: '/name' })]);
    expect(await storedDocumentsContaining(MARK)).toEqual([]);
  });

  it('multi-line text takes line breaks and tabs, but no other control character', async () => {
    const ok = await api.post('organizations', {
      token: f.superToken,
      body: { name: 'Multi-line choir', description: 'First line\r\nSecond\tline' },
    });
    expect(ok.status).toBe(201);
    const bad = await api.post('organizations', {
      token: f.superToken,
      body: { name: 'Bell choir', description: 'Ring\u0007' },
    });
    expect([bad.status, bad.body.details?.[0]?.path]).toEqual([400, '/description']);
  });

  it('holds on other routes too: an order note, a registration buyer name, nested ticket type names', async () => {
    const event = await createEvent(api, f);
    const q = { organizationId: f.orgId };
    const tickets = [{ ticketTypeId: event.ticketTypes[0].id, quantity: 1 }];
    const note = await api.post('orders', {
      token: f.member.token,
      query: q,
      body: { eventId: event.id, tickets, note: 'call me\u0000' },
    });
    expect([note.status, note.body.details?.[0]?.path]).toEqual([400, '/note']);
    const buyer = await api.post('registrations', {
      token: f.member.token,
      query: q,
      body: { eventId: event.id, tickets, buyerName: 'Eve\ud83d' },
    });
    expect([buyer.status, buyer.body.details?.[0]?.path]).toEqual([400, '/buyerName']);
    const nested = await api.post('management/events', {
      token: f.admin.token,
      query: q,
      body: {
        name: 'Nested',
        date: '2027-05-01T18:00:00.000Z',
        venueCapacity: 10,
        ticketTypes: [{ name: 'Adult\u009b', price: 1 }],
      },
    });
    expect([nested.status, nested.body.details?.[0]?.path]).toEqual([400, '/ticketTypes/0/name']);
    // A well-formed emoji (a surrogate pair) is text like any other.
    const emoji = await api.post('registrations', {
      token: f.member.token,
      query: q,
      body: { eventId: event.id, tickets, buyerName: 'Eve 🎶' },
    });
    expect(emoji.status).toBe(201);
  });
});
