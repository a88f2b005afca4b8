import { randomUUID } from 'node:crypto';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { seedRegistration, storedDocuments } from '../helpers/seed';
import { invoiceReference } from '../../shared/domain/invoicing/creditor-reference';
import { parseEpcPayload } from '../../shared/domain/invoicing/epc-qr';

// Each test runs whole order lifecycles and opens PDFs in a child process: slow on a busy machine.
jest.setTimeout(120_000);
/**
 * POST management/members/{userId}/invoice/{eventId}/payments and GET management/events/{eventId}/receivables
 * (Treasurer+): payments against an invoice and what each member owes.
 */
let api: TestHost;
let f: OrgFixture;
let q: { organizationId: string };
const PAYEE = { accountHolder: 'Choir Treasury', iban: 'DE89370400440532013000', paymentTermsDays: 10 };
const storeOps = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));

beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  q = { organizationId: f.orgId };
  const settings = await api.put('organization-settings', {
    token: f.admin.token,
    query: q,
    body: { currency: 'EUR', timeZone: 'UTC', payee: PAYEE },
  });
  expect(settings.status).toBe(200);
});
afterAll(() => api.close());

const newEvent = () => createEvent(api, f, { venueCapacity: 1000 });

/** A direct sale of `who`: quantity × 12.35, invoiced at `invoicedAt` when given. */
const sale = (event: any, who: Person, quantity: number, invoicedAt?: string) =>
  seedRegistration(f.orgId, {
    eventId: event.id,
    eventName: event.name,
    showtimeId: event.showtimes[0].showtimeId,
    sellerId: who.id,
    sellerName: who.name,
    tickets: [{ ticketTypeId: event.ticketTypes[0].id, ticketTypeName: 'Adult', quantity, unitPrice: 12.35, fee: 0 }],
    ...(invoicedAt ? { invoicedAt } : {}),
  });

const today = () => new Date().toISOString().slice(0, 10);
const pay = (userId: string, eventId: string, body: unknown, who: Person = f.treasurer, headers = {}) =>
  api.post(`management/members/${userId}/invoice/${eventId}/payments`, { token: who.token, query: q, body, headers });
const receivables = (eventId: string, who: Person = f.treasurer) =>
  api.get(`management/events/${eventId}/receivables`, { token: who.token, query: q });

describe('payments against an invoice', () => {
  it('records a payment in the form prices take and answers how the invoice stands', async () => {
    const event = await newEvent();
    await sale(event, f.member, 4, new Date().toISOString()); // 49.40
    const res = await pay(f.member.id, event.id, { amount: 19.4, paidOn: today(), note: 'Bank transfer' });
    expect(res.status).toBe(201);
    const reference = invoiceReference(f.orgId, event.id, f.member.id);
    expect(res.body.data).toEqual({
      payment: {
        id: expect.any(String),
        eventId: event.id,
        userId: f.member.id,
        amount: 19.4,
        paidOn: today(),
        note: 'Bank transfer',
        reference,
        recordedAt: expect.any(String),
        recordedBy: f.treasurer.id,
        recordedByName: 'Tom Treasurer',
      },
      invoice: {
        total: 49.4,
        paid: 19.4,
        outstanding: 30,
        status: 'partly_paid',
        dueDate: expect.any(String),
        reference,
      },
    });
    // auth + organization, event, user, one query + the create
    expect(storeOps(res)).toBeLessThanOrEqual(6);

    // The invoice and its QR now ask for what is outstanding.
    const invoice = (
      await api.get(`management/members/${f.member.id}/invoice/${event.id}`, { token: f.treasurer.token, query: q })
    ).body.data;
    expect(invoice).toMatchObject({ total: 49.4, paid: 19.4, outstanding: 30, status: 'partly_paid' });
    expect(parseEpcPayload(invoice.epcPayload).amountCents).toBe(3000);

    const rest = await pay(f.member.id, event.id, { amount: 30, paidOn: today() });
    expect(rest.body.data.invoice).toMatchObject({ paid: 49.4, outstanding: 0, status: 'paid' });
    const paidInvoice = (await api.get(`me/invoices/${event.id}`, { token: f.member.token, query: q })).body.data;
    expect(paidInvoice).toMatchObject({ outstanding: 0, status: 'paid' });
    expect(paidInvoice).not.toHaveProperty('epcPayload');
  });

  it('records one payment for one Idempotency-Key, even when the retries race', async () => {
    const event = await newEvent();
    await sale(event, f.member, 1, new Date().toISOString());
    const key = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        pay(f.member.id, event.id, { amount: 5, paidOn: today() }, f.treasurer, { 'Idempotency-Key': key }),
      ),
    );
    const ok = answers.filter((a) => a.status === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([201, 409]).toContain(a.status);
    expect(new Set(ok.map((a) => a.body.data.payment.id)).size).toBe(1);
    const payments = (await storedDocuments(f.orgId, 'invoicePayment')).filter((p: any) => p.eventId === event.id);
    expect(payments).toHaveLength(1);
  });

  it('refuses bad input with 400 and writes nothing; 404 without an invoice; Treasurer+', async () => {
    const event = await newEvent();
    await sale(event, f.member, 1, new Date().toISOString());
    await sale(event, f.member2, 1);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const bad: [unknown, string][] = [
      [{ amount: 0, paidOn: today() }, '/amount'],
      [{ amount: -1, paidOn: today() }, '/amount'],
      [{ amount: 1.005, paidOn: today() }, '/amount'],
      [{ amount: '5', paidOn: today() }, '/amount'],
      [{ paidOn: today() }, 'amount'],
      [{ amount: 5 }, 'paidOn'],
      [{ amount: 5, paidOn: '2026-02-30' }, '/paidOn'],
      [{ amount: 5, paidOn: tomorrow }, '/paidOn'],
      [{ amount: 5, paidOn: today(), extra: 1 }, 'extra'],
      [{ amount: 5, paidOn: today(), note: 'x'.repeat(501) }, '/note'],
    ];
    for (const [body, field] of bad) {
      const res = await pay(f.member.id, event.id, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
      expect(res.text).toContain(field);
    }
    const noInvoice = await pay(f.member2.id, event.id, { amount: 5, paidOn: today() });
    expect(noInvoice.status).toBe(404);
    expect(noInvoice.body).toMatchObject({ error: 'NOT_FOUND', message: 'Invoice not found' });
    for (const who of [f.ticketManager, f.member]) {
      const res = await pay(f.member.id, event.id, { amount: 5, paidOn: today() }, who);
      expect(res.status).toBe(403);
    }
    expect((await pay(f.member.id, 'no-such-event', { amount: 5, paidOn: today() })).status).toBe(404);
    const payments = (await storedDocuments(f.orgId, 'invoicePayment')).filter((p: any) => p.eventId === event.id);
    expect(payments).toEqual([]);
  });
});

describe('receivables of an event', () => {
  it('lists each member with invoiced, paid, outstanding and status, totals to the cent, in one query', async () => {
    const event = await newEvent();
    const long = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await sale(event, f.member, 3, new Date().toISOString()); // 37.05, paid 10
    await sale(event, f.member2, 1, long); // 12.35, due 30 days ago: overdue
    await sale(event, f.admin, 2); // 24.70, not invoiced
    await sale(event, f.ticketManager, 1, new Date().toISOString()); // 12.35, paid in full
    await pay(f.member.id, event.id, { amount: 10, paidOn: today() });
    await pay(f.ticketManager.id, event.id, { amount: 12.35, paidOn: today() });

    const res = await receivables(event.id);
    expect(res.status).toBe(200);
    const ref = (u: Person) => invoiceReference(f.orgId, event.id, u.id);
    const item = (u: Person, fields: Record<string, unknown>) => ({
      userId: u.id,
      name: u.name,
      reference: ref(u),
      ...fields,
    });
    expect(res.body.data).toEqual({
      eventId: event.id,
      currency: 'EUR',
      items: [
        item(f.admin, { invoiced: 0, paid: 0, outstanding: 0, status: 'not_invoiced' }),
        item(f.member2, {
          invoiced: 12.35,
          paid: 0,
          outstanding: 12.35,
          status: 'overdue',
          dueDate: expect.any(String),
        }),
        item(f.member, {
          invoiced: 37.05,
          paid: 10,
          outstanding: 27.05,
          status: 'partly_paid',
          dueDate: expect.any(String),
        }),
        item(f.ticketManager, {
          invoiced: 12.35,
          paid: 12.35,
          outstanding: 0,
          status: 'paid',
          dueDate: expect.any(String),
        }),
      ],
      totals: { invoiced: 61.75, paid: 22.35, outstanding: 39.4 },
    });
    // auth + organization, event and one query
    expect(storeOps(res)).toBeLessThanOrEqual(4);
    expect((await receivables(event.id, f.ticketManager)).status).toBe(403);
    expect((await receivables('no-such-event')).status).toBe(404);
    expect((await receivables('bad id!')).status).toBe(400);
  });
});
