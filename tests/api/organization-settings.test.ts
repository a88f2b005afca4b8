import { TestHost } from '../helpers/harness';
import { createEvent, createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { storeFingerprint, storeDiff } from '../helpers/route-world';
import { seedOrgDocumentFields, seedRegistration } from '../helpers/seed';

/** GET/PUT /api/organization-settings (issues 33 and 35; docs/decisions/organization-settings.md). */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));
const q = (orgId: string) => ({ organizationId: orgId });
const getSettings = (orgId: string, token: string) => api.get('organization-settings', { token, query: q(orgId) });
const putSettings = (orgId: string, token: string, body: unknown) =>
  api.put('organization-settings', { token, query: q(orgId), body });

const VALID_IBAN = 'DE89370400440532013000';

async function freshOrganization() {
  const orgId = await createOrganization(api, f.superToken, { name: 'Settings choir' });
  return orgId;
}

describe('GET /api/organization-settings', () => {
  it('answers the defaults for an organization that set nothing: EUR, en, reminders, no time zone, no payee', async () => {
    const res = await getSettings(f.orgId, f.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      organizationId: f.orgId,
      currency: 'EUR',
      defaultLocale: 'en',
      reminders: { enabled: true, daysAfterShowtime: 2, repeatEveryDays: 7, maxReminders: 3 },
      currencyLocked: false,
    });
    // Absent until an admin sets them: never null.
    expect(res.body.data).not.toHaveProperty('timeZone');
    expect(res.body.data).not.toHaveProperty('payee');
  });

  it('costs the organization read and one TOP 1 query (plus authentication)', async () => {
    const res = await getSettings(f.orgId, f.admin.token);
    expect(res.status).toBe(200);
    expect(ops(res)).toBe(3);
  });

  it.each([
    ['treasurer', () => f.treasurer.token],
    ['ticket manager', () => f.ticketManager.token],
    ['member', () => f.member.token],
    ['admin of another organization', () => f.outsider.token],
  ])('refuses a %s with 403', async (_who, token) => {
    const res = await getSettings(f.orgId, token());
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('FORBIDDEN');
  });

  it('lets a super admin read them; 401 without a token; 400 without organizationId', async () => {
    expect((await getSettings(f.orgId, f.superToken)).status).toBe(200);
    expect((await api.get('organization-settings', { query: q(f.orgId) })).status).toBe(401);
    const missing = await api.get('organization-settings', { token: f.admin.token });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('VALIDATION_ERROR');
  });

  it('answers 404 for a soft-deleted organization to a super admin', async () => {
    const orgId = await freshOrganization();
    expect((await api.del(`organizations/${orgId}`, { token: f.superToken })).status).toBe(200);
    const res = await getSettings(orgId, f.superToken);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('NOT_FOUND');
  });
});

describe('PUT /api/organization-settings', () => {
  it('sets every field, normalizes IBAN, BIC and time zone, and answers what GET answers', async () => {
    const orgId = await freshOrganization();
    const res = await putSettings(orgId, f.superToken, {
      currency: 'SEK',
      timeZone: 'europe/stockholm',
      defaultLocale: 'fi',
      reminders: { enabled: false, daysAfterShowtime: 3, repeatEveryDays: 5, maxReminders: 2 },
      payee: {
        accountHolder: '  Kammarkören  ',
        iban: 'de89 3704 0044 0532 0130 00',
        bic: 'deutdeff',
        address: 'Storgatan 1, Stockholm',
        paymentTermsDays: 30,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      organizationId: orgId,
      currency: 'SEK',
      timeZone: 'Europe/Stockholm',
      defaultLocale: 'fi',
      reminders: { enabled: false, daysAfterShowtime: 3, repeatEveryDays: 5, maxReminders: 2 },
      payee: {
        accountHolder: 'Kammarkören',
        iban: VALID_IBAN,
        bic: 'DEUTDEFF',
        address: 'Storgatan 1, Stockholm',
        paymentTermsDays: 30,
      },
      currencyLocked: false,
      updatedBy: expect.any(String),
      updatedAt: expect.any(String),
    });
    const read = await getSettings(orgId, f.superToken);
    expect(read.body.data).toEqual(res.body.data);
  });

  it('merges by field: a field not sent stays; reminders fields not sent take their defaults; null clears', async () => {
    const orgId = await freshOrganization();
    await putSettings(orgId, f.superToken, {
      timeZone: 'Europe/Helsinki',
      payee: { accountHolder: 'Choir', iban: VALID_IBAN },
      reminders: { enabled: false, maxReminders: 5 },
    });
    const res = await putSettings(orgId, f.superToken, { defaultLocale: 'de' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      currency: 'EUR',
      timeZone: 'Europe/Helsinki',
      defaultLocale: 'de',
      reminders: { enabled: false, daysAfterShowtime: 2, repeatEveryDays: 7, maxReminders: 5 },
      // paymentTermsDays defaults to 14.
      payee: { accountHolder: 'Choir', iban: VALID_IBAN, paymentTermsDays: 14 },
    });
    expect(res.body.data.payee).not.toHaveProperty('bic');
    const cleared = await putSettings(orgId, f.superToken, { timeZone: null, payee: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).not.toHaveProperty('timeZone');
    expect(cleared.body.data).not.toHaveProperty('payee');
    expect(cleared.body.data.defaultLocale).toBe('de');
  });

  it('costs the organization read, one query and one replace (plus authentication)', async () => {
    const res = await putSettings(f.orgId, f.admin.token, { defaultLocale: 'en' });
    expect(res.status).toBe(200);
    expect(ops(res)).toBe(4);
  });

  it('shows currency, time zone and language to every member in GET /api/auth/me', async () => {
    const orgId = await freshOrganization();
    const member = await api.post(`organizations/${orgId}/members`, {
      token: f.superToken,
      body: { email: f.member.email, role: 'member' },
    });
    expect(member.status).toBe(201);
    await putSettings(orgId, f.superToken, { currency: 'CHF', timeZone: 'Europe/Zurich', defaultLocale: 'de' });
    const me = await api.get('auth/me', { token: f.member.token });
    expect(me.status).toBe(200);
    const entry = me.body.data.memberships.find((m: { organizationId: string }) => m.organizationId === orgId);
    expect(entry).toMatchObject({ currency: 'CHF', timeZone: 'Europe/Zurich', defaultLocale: 'de' });
    const home = me.body.data.memberships.find((m: { organizationId: string }) => m.organizationId === f.orgId);
    expect(home).toMatchObject({ currency: 'EUR', defaultLocale: 'en' });
    expect(home).not.toHaveProperty('timeZone');
  });

  describe('the currency lock', () => {
    it('counts a recorded payment as money: its sale deleted since, the currency still cannot change', async () => {
      const orgId = await freshOrganization();
      const admin = await api.post(`organizations/${orgId}/members`, {
        token: f.superToken,
        body: { email: f.admin.email, role: 'admin' },
      });
      expect(admin.status).toBe(201);
      const event = await createEvent(api, { ...f, orgId });
      const sold = await seedRegistration(orgId, {
        eventId: event.id,
        showtimeId: event.showtimes[0].showtimeId,
        sellerId: f.admin.id,
        sellerName: f.admin.name,
        tickets: [
          { ticketTypeId: event.ticketTypes[0].id, ticketTypeName: 'Adult', quantity: 2, unitPrice: 10, fee: 0 },
        ],
        invoicedAt: new Date().toISOString(),
      });
      const paid = await api.post(`management/members/${f.admin.id}/invoice/${event.id}/payments`, {
        token: f.admin.token,
        query: q(orgId),
        body: { amount: 20, paidOn: new Date().toISOString().slice(0, 10) },
      });
      expect(paid.status).toBe(201);
      // The sale goes (deleted after it was paid); the payment stays, and with it the currency.
      await seedOrgDocumentFields(orgId, sold.id, { deletedAt: new Date().toISOString() });
      expect((await getSettings(orgId, f.admin.token)).body.data.currencyLocked).toBe(true);
      const refused = await putSettings(orgId, f.admin.token, { currency: 'SEK' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ errorCode: 'CURRENCY_LOCKED' });
    });

    it('lets the currency change while the organization has no sales, then refuses with 409 CURRENCY_LOCKED', async () => {
      const orgId = await freshOrganization();
      const admin = await api.post(`organizations/${orgId}/members`, {
        token: f.superToken,
        body: { email: f.admin.email, role: 'admin' },
      });
      expect(admin.status).toBe(201);
      const fo = { ...f, orgId };
      const event = await createEvent(api, fo);
      // An event and an unsold order are no money yet.
      const order = await api.post('orders', {
        token: f.admin.token,
        query: q(orgId),
        body: { eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 2 }] },
      });
      expect(order.status).toBe(201);
      const early = await putSettings(orgId, f.admin.token, { currency: 'NOK' });
      expect(early.status).toBe(200);
      expect(early.body.data).toMatchObject({ currency: 'NOK', currencyLocked: false });

      const sale = await api.post('registrations', {
        token: f.admin.token,
        query: q(orgId),
        body: { eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 1 }] },
      });
      expect(sale.status).toBe(201);
      expect((await getSettings(orgId, f.admin.token)).body.data.currencyLocked).toBe(true);

      const before = await storeFingerprint();
      const refused = await putSettings(orgId, f.admin.token, { currency: 'EUR', defaultLocale: 'fi' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        success: false,
        error: 'CURRENCY_LOCKED',
        errorCode: 'CURRENCY_LOCKED',
        data: { currency: 'NOK' },
      });
      expect(storeDiff(before, await storeFingerprint())).toEqual([]);

      // Sending the currency in force is no change: the rest of the body applies.
      const same = await putSettings(orgId, f.admin.token, { currency: 'NOK', defaultLocale: 'fi' });
      expect(same.status).toBe(200);
      expect(same.body.data).toMatchObject({ currency: 'NOK', defaultLocale: 'fi', currencyLocked: true });
    });
  });

  describe('bad input: 400 naming the field, nothing written', () => {
    it.each([
      [
        'an IBAN with a wrong checksum',
        { payee: { accountHolder: 'A', iban: 'DE89370400440532013001' } },
        'payee.iban',
      ],
      ['an IBAN of a wrong length', { payee: { accountHolder: 'A', iban: 'DE8937040044053201' } }, 'payee.iban'],
      [
        'a BIC with an unknown country',
        { payee: { accountHolder: 'A', iban: VALID_IBAN, bic: 'DEUTXXFF' } },
        'payee.bic',
      ],
      ['a blank account holder', { payee: { accountHolder: '   ', iban: VALID_IBAN } }, 'payee.accountHolder'],
      ['an unknown currency', { currency: 'XYZ' }, 'currency'],
      ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
    ])('refuses %s', async (_label, body, field) => {
      const before = await storeFingerprint();
      const res = await putSettings(f.orgId, f.admin.token, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR', data: { field } });
      expect(res.body.details).toEqual([{ path: `/${field.replace('.', '/')}`, message: expect.any(String) }]);
      expect(storeDiff(before, await storeFingerprint())).toEqual([]);
    });

    it.each([
      ['an empty body', {}],
      ['a lower-case currency', { currency: 'eur' }],
      ['an unsupported language', { defaultLocale: 'sv' }],
      ['a reminder delay below zero', { reminders: { daysAfterShowtime: -1 } }],
      ['no repeat interval', { reminders: { repeatEveryDays: 0 } }],
      ['an unknown field', { organizationId: 'x' }],
      ['a payee without IBAN', { payee: { accountHolder: 'A' } }],
      ['a null currency', { currency: null }],
    ])('refuses %s by the schema', async (_label, body) => {
      const res = await putSettings(f.orgId, f.admin.token, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
    });

    it.each([
      ['treasurer', () => f.treasurer.token],
      ['member', () => f.member.token],
      ['admin of another organization', () => f.outsider.token],
    ])('refuses a %s with 403', async (_who, token) => {
      const res = await putSettings(f.orgId, token(), { defaultLocale: 'de' });
      expect(res.status).toBe(403);
    });
  });

  it('keeps every change of parallel writers (ETag retry): no update is lost', async () => {
    const orgId = await freshOrganization();
    const results = await Promise.all([
      putSettings(orgId, f.superToken, { defaultLocale: 'fi' }),
      putSettings(orgId, f.superToken, { timeZone: 'Europe/Berlin' }),
      putSettings(orgId, f.superToken, { reminders: { enabled: false } }),
      putSettings(orgId, f.superToken, { payee: { accountHolder: 'Choir', iban: VALID_IBAN } }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const read = (await getSettings(orgId, f.superToken)).body.data;
    expect(read).toMatchObject({
      defaultLocale: 'fi',
      timeZone: 'Europe/Berlin',
      reminders: { enabled: false },
      payee: { iban: VALID_IBAN },
    });
  });
});
