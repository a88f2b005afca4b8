import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import { readPdf } from '../helpers/pdf';
import { ticketApi } from '../helpers/tickets';

let api: TestHost;
let f: OrgFixture;
let o: ReturnType<typeof orderApi>;
let t: ReturnType<typeof ticketApi>;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  o = orderApi(api, f);
  t = ticketApi(api, f);
}, 180_000);
afterAll(() => api.close());

describe('ticket PDFs', () => {
  it('an order sheet is an A4 PDF whose every QR decodes back to its ticket code, with serial, event, place and price', async () => {
    const event = await createEvent(api, f, { venueCapacity: 50, name: 'Winter Gala' });
    const order = await o.delivered(f.member, event, [11, 1]);
    await o.ret(f.ticketManager, order.id, {
      returnQuantity: 1,
      returnTypeQuantities: [{ ticketTypeId: event.ticketTypes[1].id, returnQuantity: 1 }],
    });
    const items = await t.tickets(`orders/${order.id}`);
    const issued = items.filter((i) => i.status === 'issued');
    expect(issued).toHaveLength(11);
    const res = await api.download(`orders/${order.id}/tickets.pdf`, { token: f.member.token, query: t.q });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await readPdf(res.bytes);
    expect(pdf.pages).toHaveLength(2); // ten a sheet
    const codes = pdf.pages.flatMap((p) => p.codes);
    expect(codes).toEqual(issued.map((i) => i.code));
    const text = pdf.pages.map((p) => p.text.join('\n')).join('\n');
    for (const i of issued) expect(text).toContain(i.serial);
    expect(text).not.toContain(items.find((i) => i.status === 'returned')!.serial);
    expect(text).toContain('Winter Gala');
    expect(text).toContain('Town Hall');
    expect(text).toContain('€25.00');

    const perPage = await api.download(`orders/${order.id}/tickets.pdf`, {
      token: f.ticketManager.token,
      query: { ...t.q, layout: 'perPage' },
    });
    expect((await readPdf(perPage.bytes)).pages.map((p) => p.codes)).toEqual(issued.map((i) => [i.code]));
    expect((await api.download(`orders/${order.id}/tickets.pdf`, { token: f.member2.token, query: t.q })).status).toBe(
      403,
    );
    const bad = await api.download(`orders/${order.id}/tickets.pdf`, {
      token: f.member.token,
      query: { ...t.q, layout: 'x' },
    });
    expect(bad.status).toBe(400);
  }, 180_000);

  it("a showtime's whole stock prints in one file for the print shop, every source in serial order", async () => {
    const event = await createEvent(api, f, { venueCapacity: 50 });
    const a = await o.delivered(f.member, event, [2, 0]);
    const b = await o.delivered(f.member2, event, [1, 1]);
    const expected = [...(await t.tickets(`orders/${a.id}`)), ...(await t.tickets(`orders/${b.id}`))];
    const showtimeId = event.showtimes[0].showtimeId;
    const path = `management/events/${event.id}/tickets.pdf`;
    const res = await api.download(path, { token: f.ticketManager.token, query: { ...t.q, showtimeId } });
    expect(res.status).toBe(200);
    expect((await readPdf(res.bytes)).pages.flatMap((p) => p.codes)).toEqual(expected.map((i) => i.code));
    expect((await api.download(path, { token: f.member.token, query: { ...t.q, showtimeId } })).status).toBe(403);
    expect(
      (await api.download(path, { token: f.ticketManager.token, query: { ...t.q, showtimeId: 'nope' } })).status,
    ).toBe(400);
  }, 180_000);
});
