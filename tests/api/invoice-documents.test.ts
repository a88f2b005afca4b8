import { isValidIBAN } from 'ibantools';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import { readPdf } from '../helpers/pdf';
import { seedOrgDocumentFields, seedRegistration } from '../helpers/seed';
import { isValidCreditorReference, formatCreditorReference } from '../../shared/domain/invoicing/creditor-reference';
import { parseEpcPayload } from '../../shared/domain/invoicing/epc-qr';

// Each test runs whole order lifecycles and opens PDFs in a child process: slow on a busy machine.
jest.setTimeout(120_000);
/**
 * The member invoice as a document: GET management/members/{userId}/invoice/{eventId}[/pdf] (Treasurer+) and
 * GET me/invoices/{eventId}[/pdf] (the member). The PDF is opened (pdfjs) and its QR decoded (jsqr).
 */
let api: TestHost;
let f: OrgFixture;
let o: ReturnType<typeof orderApi>;
const IBAN = 'FI2112345600000785';
const PAYEE = {
  accountHolder: 'Choir Treasury',
  iban: IBAN,
  bic: 'NDEAFIHH',
  address: 'Main St 1, Helsinki',
  paymentTermsDays: 14,
};

beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  o = orderApi(api, f);
});
afterAll(() => api.close());

const settingsWith = (settings: Record<string, unknown>) =>
  seedOrgDocumentFields(f.orgId, f.orgId, { settings: { currency: 'EUR', timeZone: 'Europe/Helsinki', ...settings } });

const newEvent = () =>
  createEvent(api, f, {
    venueCapacity: 1000,
    ticketTypes: [
      { name: 'Adult', price: 12.35, fee: 1.5, sortOrder: 1 },
      { name: 'Child', price: 0.1, fee: 0, sortOrder: 2 },
    ],
  });

async function settled(event: any, who: Person, quantities: number[]) {
  const order = await o.delivered(who, event, quantities);
  const sold = quantities.reduce((a, b) => a + b, 0);
  o.expectStatus(await o.reportSold(who, order.id, { soldQuantity: sold }), 200, 'report-sold');
  return o.expectStatus(await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager), 200, 'settle');
}

/** Adult 3 + 1 (orders) + 2 (a direct sale) at 12.35, Child 7 at 0.10: 74.10 + 0.70 = 74.80. */
async function invoicedEvent(who: Person = f.member) {
  const event = await newEvent();
  await settled(event, who, [3, 7]);
  await settled(event, who, [1, 0]);
  await seedRegistration(f.orgId, {
    eventId: event.id,
    eventName: event.name,
    showtimeId: event.showtimes[0].showtimeId,
    sellerId: who.id,
    sellerName: who.name,
    tickets: [
      { ticketTypeId: event.ticketTypes[0].id, ticketTypeName: 'Adult', quantity: 2, unitPrice: 12.35, fee: 1.5 },
    ],
  });
  const issued = await api.put(`management/members/${who.id}/invoice/${event.id}`, {
    token: f.ticketManager.token,
    query: o.q,
    body: { invoiced: true },
  });
  expect(issued.status).toBe(200);
  expect(issued.body.data.invoiceEmailed).toBe(true);
  return { event, invoiceAmount: issued.body.data.invoiceSummary.invoiceAmount as number };
}

const documentOf = (userId: string, eventId: string, who: Person = f.treasurer) =>
  api.get(`management/members/${userId}/invoice/${eventId}`, { token: who.token, query: o.q });
const pdfOf = (userId: string, eventId: string, who: Person = f.treasurer) =>
  api.download(`management/members/${userId}/invoice/${eventId}/pdf`, { token: who.token, query: o.q });

describe('the invoice document and its PDF', () => {
  it('prints the same lines and total as the invoice API, and a QR a banking app can pay with', async () => {
    await settingsWith({ payee: PAYEE });
    const { event, invoiceAmount } = await invoicedEvent();

    const res = await documentOf(f.member.id, event.id);
    expect(res.status).toBe(200);
    const invoice = res.body.data;
    expect(invoice).toMatchObject({
      organizationId: f.orgId,
      eventId: event.id,
      eventName: event.name,
      userId: f.member.id,
      memberName: 'Mia Member',
      currency: 'EUR',
      lines: [
        { ticketTypeId: event.ticketTypes[0].id, ticketTypeName: 'Adult', quantity: 6, unitPrice: 12.35, amount: 74.1 },
        { ticketTypeId: event.ticketTypes[1].id, ticketTypeName: 'Child', quantity: 7, unitPrice: 0.1, amount: 0.7 },
      ],
      total: 74.8,
      paid: 0,
      outstanding: 74.8,
      status: 'unpaid',
      payee: PAYEE,
    });
    expect(invoice.total).toBe(invoiceAmount);
    expect(isValidCreditorReference(invoice.reference)).toBe(true);
    // due: the issue day in Helsinki plus 14 days
    const issueDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(
      new Date(invoice.issuedAt),
    );
    const due = new Date(`${issueDay}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 14);
    expect(invoice.dueDate).toBe(due.toISOString().slice(0, 10));
    // auth + organization, event, user and one query
    expect(Number(res.headers.get('x-store-ops'))).toBeLessThanOrEqual(5);

    const file = await pdfOf(f.member.id, event.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain(`invoice-${invoice.reference}.pdf`);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const read = await readPdf(file.bytes);
    expect(read.pages).toHaveLength(1);
    const text = read.pages[0].text;
    const joined = text.join('\n');
    for (const line of invoice.lines) {
      const at = text.indexOf(line.ticketTypeName);
      expect(at).toBeGreaterThan(-1);
      expect(text.slice(at, at + 4)).toEqual([
        line.ticketTypeName,
        String(line.quantity),
        `€${line.unitPrice.toFixed(2)}`,
        `€${line.amount.toFixed(2)}`,
      ]);
    }
    expect(text[text.indexOf('Total') + 1]).toBe('€74.80');
    expect(joined).toContain('Mia Member');
    expect(joined).toContain(event.name);
    expect(joined).toContain(`Due date: ${invoice.dueDate}`);
    expect(joined).toContain(`Reference: ${formatCreditorReference(invoice.reference)}`);
    expect(joined).toContain('IBAN FI21 1234 5600 0007 85');

    expect(read.pages[0].qrCodes).toHaveLength(1);
    const epc = parseEpcPayload(read.pages[0].qrCodes[0]);
    expect(epc).toEqual({
      version: '002',
      bic: 'NDEAFIHH',
      name: 'Choir Treasury',
      iban: IBAN,
      currency: 'EUR',
      amountCents: 7480,
      reference: invoice.reference,
    });
    expect(read.pages[0].qrCodes[0]).toBe(invoice.epcPayload);
    expect(isValidIBAN(epc.iban)).toBe(true);
    expect(isValidCreditorReference(epc.reference)).toBe(true);

    // Issuing e-mailed the member this very PDF as an attachment.
    const mail = api.lastEmailTo(f.member.email) as any;
    expect(mail.subject).toBe(`Invoice – ${invoice.organizationName}: ${event.name}`);
    expect(mail.text).toContain('Total: €74.80');
    expect(mail.text).toContain(`Due date: ${invoice.dueDate}`);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment).toMatchObject({ name: `invoice-${invoice.reference}.pdf`, contentType: 'application/pdf' });
    const attached = Buffer.from(attachment.contentInBase64, 'base64');
    expect(attachment.size).toBe(attached.length);
    const attachedPdf = (await readPdf(attached)).pages[0];
    expect(attachedPdf.text[attachedPdf.text.indexOf('Total') + 1]).toBe('€74.80');
    expect(attachedPdf.qrCodes).toEqual([invoice.epcPayload]);

    // The member reads the same invoice; the reference is one per organization, event and member.
    const mine = await api.get(`me/invoices/${event.id}`, { token: f.member.token, query: o.q });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual(invoice);
    const myPdf = await api.download(`me/invoices/${event.id}/pdf`, { token: f.member.token, query: o.q });
    expect(myPdf.status).toBe(200);
    expect((await readPdf(myPdf.bytes)).pages[0].qrCodes).toEqual([invoice.epcPayload]);
  });

  it('prints no QR when the currency is not the euro or no IBAN is set, and keeps the rest', async () => {
    const { event } = await invoicedEvent();
    await settingsWith({ currency: 'SEK', payee: PAYEE });
    const sek = await documentOf(f.member.id, event.id);
    expect(sek.body.data).toMatchObject({ currency: 'SEK', total: 74.8, payee: PAYEE });
    expect(sek.body.data).not.toHaveProperty('epcPayload');
    const sekPdf = (await readPdf((await pdfOf(f.member.id, event.id)).bytes)).pages[0];
    expect(sekPdf.qrCodes).toEqual([]);
    expect(sekPdf.text[sekPdf.text.indexOf('Total') + 1]).toBe('SEK 74.80');

    await settingsWith({});
    const none = await documentOf(f.member.id, event.id);
    expect(none.body.data).not.toHaveProperty('payee');
    expect(none.body.data).not.toHaveProperty('epcPayload');
    const nonePdf = (await readPdf((await pdfOf(f.member.id, event.id)).bytes)).pages[0];
    expect(nonePdf.qrCodes).toEqual([]);
    expect(nonePdf.text[nonePdf.text.indexOf('Total') + 1]).toBe('€74.80');
  });

  it('names every refusal: role, nothing invoiced, unknown event, bad ids, another member', async () => {
    await settingsWith({ payee: PAYEE });
    const { event } = await invoicedEvent();
    for (const who of [f.ticketManager, f.member]) {
      const res = await pdfOf(f.member.id, event.id, who);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.text)).toMatchObject({ success: false, error: 'FORBIDDEN' });
    }
    expect((await pdfOf(f.member.id, event.id, f.admin)).status).toBe(200);

    const nothing = await documentOf(f.member2.id, event.id);
    expect(nothing.status).toBe(404);
    expect(nothing.body).toMatchObject({ success: false, error: 'NOT_FOUND', message: 'Invoice not found' });
    const notMine = await api.download(`me/invoices/${event.id}/pdf`, { token: f.member2.token, query: o.q });
    expect(notMine.status).toBe(404);

    const unknown = await documentOf(f.member.id, 'no-such-event');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Event not found');
    const badId = await pdfOf(f.member.id, 'bad id!');
    expect(badId.status).toBe(400);

    const outsider = await api.get(`management/members/${f.member.id}/invoice/${event.id}`, {
      token: f.outsider.token,
      query: o.q,
    });
    expect(outsider.status).toBe(403);
  });
});
