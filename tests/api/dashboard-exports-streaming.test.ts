import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import JSZip from 'jszip';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { giveFree, q, sellExternal, TWO_SHOWTIMES } from '../helpers/events';
import { orderApi } from '../helpers/orders';
import { injectStoreFault, type StoreOperation } from '../helpers/seed';
import { guardText } from '../../shared/csv/write';
import {
  DASHBOARD_CSV_COLUMNS,
  dashboardCsvRows,
  TREASURER_CSV_COLUMNS,
} from '../../shared/domain/dashboard/export-csv';
import { ticketApi } from '../helpers/tickets';
import { dashboardWorkbook } from '../../shared/domain/dashboard/export-excel';

/**
 * Issue 36: the dashboard exports stream as the sales pages are read. With pages of 3 documents the export reads
 * several pages; its first bytes leave before the last page is read (a probe holds that page's query), and the
 * files are byte for byte those the exports wrote before (the whole dashboard computed first, then written), apart
 * from the workbook container's timestamps.
 */
let api: TestHost;
let f: OrgFixture;
let event: any;
let stats: any;
/** What a treasurer's export adds (issues 34 and 35): the door figures and the receivables, as their routes answer. */
let owed: any;
const PAGE = 3;

beforeAll(async () => {
  api = await TestHost.start({ DASHBOARD_PAGE_SIZE: String(PAGE) });
  f = await setupOrganization(api);
  const o = orderApi(api, f);
  event = await createEvent(api, f, { name: 'Streamed =Gala', ...TWO_SHOWTIMES });
  const [S1, S2] = event.showtimes.map((s: { showtimeId: string }) => s.showtimeId);
  const memberOrders: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const who = i % 2 === 0 ? f.member : f.member2;
    const order = await o.delivered(who, event, [2, 1], { showtimeId: i % 2 === 0 ? S1 : S2 });
    if (who === f.member) memberOrders.push(order.id);
    await o.reportSold(who, order.id, { soldQuantity: 1 + (i % 3) });
  }
  await giveFree(api, f, event, 2, 1);
  await sellExternal(api, f, event, 4, 0);
  // The door and the money (issues 34, 35): all nine tickets of the first member's orders (6 reported sold) come
  // through the door, and a fully reported order of the second member is settled, invoiced and partly paid.
  const t = ticketApi(api, f);
  for (const orderId of memberOrders) {
    for (const ticket of await t.tickets(`orders/${orderId}`)) {
      const scan = await t.scan({ code: ticket.code, showtimeId: ticket.showtimeId });
      expect(scan.body.data.result).toBe('admitted');
    }
  }
  const settled = await o.delivered(f.member2, event, [1, 0], { showtimeId: S2 });
  await o.reportSold(f.member2, settled.id, { soldQuantity: 1 });
  expect((await o.post(`orders/${settled.id}/approve-reconciliation`, f.ticketManager)).status).toBe(200);
  const invoice = `management/members/${f.member2.id}/invoice/${event.id}`;
  expect((await api.put(invoice, { token: f.treasurer.token, query: q(f), body: { invoiced: true } })).status).toBe(
    200,
  );
  const payment = await api.post(`${invoice}/payments`, {
    token: f.treasurer.token,
    query: q(f),
    body: { amount: 10.5, paidOn: new Date().toISOString().slice(0, 10), note: '=cash' },
  });
  expect(payment.status).toBe(201);
  stats = (await api.get(`management/dashboard/${event.id}`, { token: f.ticketManager.token, query: q(f) })).body.data;
  expect(stats.totalTicketsSold).toBeGreaterThan(0);
  const read = (path: string) => api.get(path, { token: f.treasurer.token, query: q(f) });
  owed = {
    door: (await read(`management/events/${event.id}/door`)).body.data,
    receivables: (await read(`management/events/${event.id}/receivables`)).body.data,
  };
  expect(owed.door.members.find((m: any) => m.userId === f.member.id).unreported).toBeGreaterThan(0);
  expect(owed.receivables.items.map((r: any) => r.status)).toContain('partly_paid');
}, 120_000);
afterEach(() => injectStoreFault(undefined));
afterAll(() => api.close());

const exportUrl = (path: string) => {
  const url = new URL(`${api.url}/api/management/dashboard/${event.id}/${path}`);
  url.searchParams.set('organizationId', f.orgId);
  return url;
};
const headers = (token = f.ticketManager.token) => ({
  authorization: `Bearer ${token}`,
  'x-forwarded-for': '10.9.8.7',
});

async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * The CSV exactly as the export wrote it before issue 36: csv-stringify's own header over the computed rows; with
 * `withOwed`, a treasurer's: the door figures' and receivables' columns and sections too.
 */
function csvBefore(withOwed = false): Promise<Buffer> {
  const rows = [...dashboardCsvRows(stats, withOwed ? owed : undefined)].map((row) =>
    row.map((v) => (typeof v === 'string' ? guardText(v) : v)),
  );
  const writer = stringify({
    bom: true,
    header: true,
    columns: [...(withOwed ? TREASURER_CSV_COLUMNS : DASHBOARD_CSV_COLUMNS)],
    record_delimiter: 'windows',
    quoted_match: /[\r\n]/,
    cast: { boolean: String },
  });
  return drain(Readable.from(rows, { objectMode: true }).pipe(writer));
}

/** A workbook's entries, with the container's own timestamps (docProps/core.xml dates) taken out. */
async function entries(bytes: Buffer): Promise<Record<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const out: Record<string, string> = {};
  for (const name of Object.keys(zip.files).sort()) {
    const text = await zip.files[name]!.async('string');
    out[name] = text.replace(/<dcterms:(created|modified)[^>]*>[^<]*<\/dcterms:\1>/g, '<$1/>');
  }
  return out;
}

/** Holds the `n`th store query from now until `release` is called; counts the queries seen. */
function holdQuery(n: number) {
  let seen = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  injectStoreFault((op: StoreOperation) => {
    if (op.kind !== 'query') return false;
    seen += 1;
    if (seen !== n) return false;
    reached();
    return released.then(() => false);
  });
  return { release, held, seen: () => seen };
}

describe('dashboard exports stream page by page', () => {
  it.each([
    ['export', 'CSV'],
    ['export-excel', 'Excel'],
  ])('%s (%s): the first bytes leave while the second page is still being read', async (path) => {
    const probe = holdQuery(2);
    const response = await fetch(exportUrl(path), { headers: headers() });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await probe.held; // the second page's query is in flight and held
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(first.value!.length).toBeGreaterThan(0);
    if (path === 'export') {
      expect(Buffer.from(first.value!).toString('utf8')).toMatch(/^\uFEFFsection,id,name,/);
    } else {
      expect(Buffer.from(first.value!).subarray(0, 2).toString('latin1')).toBe('PK'); // a zip's first entry
    }
    probe.release();
    while (!(await reader.read()).done);
    // Pages of 3 documents: the event's 8 sales documents (6 orders, a free ticket, an external sale) take 3
    // queries, one page folded at a time: at most 3 documents are held at once, whatever the event's size.
    expect(probe.seen()).toBeGreaterThanOrEqual(Math.ceil(8 / PAGE));
  });

  it('CSV: the same bytes as the export computed whole before streaming', async () => {
    const res = await api.download(`management/dashboard/${event.id}/export`, {
      token: f.ticketManager.token,
      query: q(f),
    });
    expect(res.status).toBe(200);
    expect(res.bytes.equals(await csvBefore())).toBe(true);
  });

  it('Excel: the same workbook entries as the export computed whole (container timestamps aside)', async () => {
    const res = await api.download(`management/dashboard/${event.id}/export-excel`, {
      token: f.ticketManager.token,
      query: q(f),
    });
    expect(res.status).toBe(200);
    const before = await drain(dashboardWorkbook(stats));
    expect(await entries(res.bytes)).toEqual(await entries(before));
  });

  it('an unknown event is still a clean 404 before any byte of a file', async () => {
    const res = await api.download(`management/dashboard/nope-${event.id}/export`, {
      token: f.ticketManager.token,
      query: q(f),
    });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text).error).toBe('NOT_FOUND');
  });
});

/** Every store call of one export, from the request to the last byte (the auth read included). */
async function storeCallsOf(path: string, token: string) {
  const calls: StoreOperation[] = [];
  injectStoreFault((op) => {
    calls.push(op);
    return false;
  });
  const res = await fetch(exportUrl(path), { headers: headers(token) });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  injectStoreFault(undefined);
  return calls;
}

describe("a treasurer's export adds what the door saw and what each member owes (issues 34, 35)", () => {
  it('CSV: the same bytes as the export computed whole, with the door and receivables columns and sections', async () => {
    const res = await api.download(`management/dashboard/${event.id}/export`, {
      token: f.treasurer.token,
      query: q(f),
    });
    expect(res.status).toBe(200);
    expect(res.bytes.equals(await csvBefore(true))).toBe(true);
    const text = res.bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe(`\uFEFF${TREASURER_CSV_COLUMNS.join(',')}`);
    for (const section of ['doorShowtime', 'doorMember', 'receivable', 'receivablesTotal']) {
      expect(text).toContain(`\r\n${section},`);
    }
    // The ticket manager's file is the dashboard alone (the door figures and receivables are Treasurer+).
    const manager = await api.download(`management/dashboard/${event.id}/export`, {
      token: f.ticketManager.token,
      query: q(f),
    });
    expect(manager.bytes.toString('utf8')).not.toContain('\r\ndoorMember,');
  });

  it('Excel: the same workbook entries as the export computed whole, with the door and receivables sheets', async () => {
    const res = await api.download(`management/dashboard/${event.id}/export-excel`, {
      token: f.admin.token,
      query: q(f),
    });
    expect(res.status).toBe(200);
    const before = await drain(dashboardWorkbook({ stats, owed }));
    expect(await entries(res.bytes)).toEqual(await entries(before));
    const sheets = Object.keys(await entries(res.bytes)).filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n));
    expect(sheets).toHaveLength(8);
  });

  it.each([['export'], ['export-excel']])(
    '%s: one paged query more for the door and one for the receivables, nothing else',
    async (path) => {
      const manager = await storeCallsOf(path, f.ticketManager.token);
      const treasurer = await storeCallsOf(path, f.treasurer.token);
      const kinds = (calls: StoreOperation[]) => calls.map((c) => c.kind).sort();
      // The books fit one page here; the receivables are one query.
      expect(kinds(treasurer)).toEqual(kinds([...manager, { kind: 'query' }, { kind: 'query' }] as StoreOperation[]));
      expect(treasurer.filter((c) => c.kind !== 'query' && c.kind !== 'read')).toEqual([]);
    },
  );
});
