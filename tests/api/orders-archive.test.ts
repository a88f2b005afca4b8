import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import {
  injectStoreFault,
  seedDelegatedAttribution,
  seedInvoiceBasisGrandTotal,
  seedInvoicedOrder,
  seedLegacyArchivedOrder,
} from '../helpers/seed';

/** PATCH orders/{id}/archive: eligibility, blockers, the admin-only override and its evidence, legacy archives. */
let api: TestHost;
let f: OrgFixture;
let o: ReturnType<typeof orderApi>;
let event: any;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  o = orderApi(api, f);
  event = await createEvent(api, f, { venueCapacity: 1000 });
});
afterEach(() => injectStoreFault(undefined));
afterAll(() => api.close());

const archive = (who: Person | { token: string }, id: string, body: unknown) =>
  api.patch(`orders/${id}/archive`, { token: who.token, query: o.q, body });
const OVERRIDE = { archived: true, override: { confirmed: true } };

/**
 * Fields no route writes yet (invoicing, delegated attribution) or states only old data has (legacy archives,
 * a basis that no longer matches its order) come from the seed module.
 */
const invoice = (id: string) =>
  seedInvoicedOrder(f.orgId, id, { invoicedAt: new Date().toISOString(), invoicedBy: f.treasurer.id });
const breakBasis = (id: string) => seedInvoiceBasisGrandTotal(f.orgId, id, 999);

async function cancelled() {
  const order = await o.create(f.member, event, [1, 0]);
  return o.expectStatus(await o.post(`orders/${order.id}/cancel`, f.ticketManager, {}), 200, 'cancel');
}

async function settled() {
  const order = await o.delivered(f.member, event, [1, 0]);
  o.expectStatus(await o.reportSold(f.member, order.id, { soldQuantity: 1 }), 200, 'report-sold');
  return o.expectStatus(await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager), 200, 'settle');
}

describe('archive and unarchive one order', () => {
  it('archives a cancelled order for a ticket manager in four store calls, hides it from the default list, and repeats nothing', async () => {
    const order = await cancelled();
    const res = await archive(f.ticketManager, order.id, { archived: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: order.id, archived: true, archivedBy: f.ticketManager.id });
    expect(Date.parse(res.body.data.archivedAt)).toBeGreaterThan(0);
    expect(res.body.data).not.toHaveProperty('archiveOverride');
    expect(res.body.data).not.toHaveProperty('_etag');
    expect(Number(res.headers.get('x-store-ops'))).toBeLessThanOrEqual(4);

    const list = async (archived: string) =>
      (
        await api.get('orders', { token: f.ticketManager.token, query: { ...o.q, eventId: event.id, archived } })
      ).body.data.items.map((x: any) => x.id);
    expect(await list('false')).not.toContain(order.id);
    expect(await list('true')).toContain(order.id);

    const again = await archive(f.ticketManager, order.id, { archived: true });
    expect(again.status).toBe(200);
    expect(again.body.data.updatedAt).toBe(res.body.data.updatedAt);
    expect(again.body.data.archivedAt).toBe(res.body.data.archivedAt);
  });

  it('unarchives: archived false, archivedAt and archivedBy cleared; unarchiving again changes nothing', async () => {
    const order = await cancelled();
    await archive(f.ticketManager, order.id, { archived: true });
    const res = await archive(f.treasurer, order.id, { archived: false });
    expect(res.status).toBe(200);
    expect(res.body.data.archived).toBe(false);
    expect(res.body.data).not.toHaveProperty('archivedAt');
    expect(res.body.data).not.toHaveProperty('archivedBy');
    const again = await archive(f.treasurer, order.id, { archived: false });
    expect([again.status, again.body.data.updatedAt]).toEqual([200, res.body.data.updatedAt]);
  });

  it('archives a settled order once it is invoiced; without an invoice it is 409 INVOICE_REQUIRED', async () => {
    const order = await settled();
    const refused = await archive(f.ticketManager, order.id, { archived: true });
    expect([refused.status, refused.body.error, refused.body.errorCode]).toEqual([
      409,
      'INVOICE_REQUIRED',
      'INVOICE_REQUIRED',
    ]);
    expect(refused.body.data).toEqual({ blockers: ['invoicePrerequisite'] });
    expect((await o.get(order.id)).archived).toBeUndefined();
    await invoice(order.id);
    const res = await archive(f.ticketManager, order.id, { archived: true });
    expect([res.status, res.body.data.archived]).toEqual([200, true]);
  });

  it('archives a settled delegated order without an invoice, but not with an invalid basis', async () => {
    const order = await settled();
    await seedDelegatedAttribution(f.orgId, order.id, { soldByOrganizationId: 'partner-org', delegationId: 'd-1' });
    expect((await archive(f.ticketManager, order.id, { archived: true })).status).toBe(200);

    const broken = await settled();
    await seedDelegatedAttribution(f.orgId, broken.id, { soldByOrganizationId: 'partner-org' });
    await breakBasis(broken.id);
    const res = await archive(f.ticketManager, broken.id, { archived: true });
    expect([res.status, res.body.error]).toEqual([409, 'INVALID_INVOICE_BASIS']);
    expect(res.body.data).toEqual({ blockers: ['invalidInvoiceBasis'] });
  });

  it('answers INVALID_INVOICE_BASIS for an invalid basis, and also when the invoice is missing too, listing both', async () => {
    const invoiced = await settled();
    await invoice(invoiced.id);
    await breakBasis(invoiced.id);
    expect((await o.get(invoiced.id)).invoiceBasisValid).toBe(false);
    const one = await archive(f.ticketManager, invoiced.id, { archived: true });
    expect([one.status, one.body.error, one.body.data]).toEqual([
      409,
      'INVALID_INVOICE_BASIS',
      { blockers: ['invalidInvoiceBasis'] },
    ]);

    const both = await settled();
    await breakBasis(both.id);
    const res = await archive(f.admin, both.id, { archived: true });
    expect([res.status, res.body.error]).toEqual([409, 'INVALID_INVOICE_BASIS']);
    expect(res.body.data).toEqual({ blockers: ['invoicePrerequisite', 'invalidInvoiceBasis'] });
  });

  it('refuses orders that are not cancelled or settled with 409 INVALID_ORDER_STATE, even with an admin override', async () => {
    const pending = await o.create(f.member, event, [1, 0]);
    const approved = await o.create(f.member, event, [1, 0]);
    await o.approve(approved.id);
    const delivered = await o.delivered(f.member, event, [1, 0]);
    const awaiting = await o.delivered(f.member, event, [1, 0]);
    await o.reportSold(f.member, awaiting.id, { soldQuantity: 1 });
    for (const id of [pending.id, approved.id, delivered.id, awaiting.id]) {
      for (const body of [{ archived: true }, OVERRIDE]) {
        const res = await archive(f.admin, id, body);
        expect([id, res.status, res.body.error]).toEqual([id, 409, 'INVALID_ORDER_STATE']);
      }
      expect((await o.get(id)).archived).toBeUndefined();
    }
  });

  it('answers 404 for an unknown or soft-deleted order', async () => {
    expect((await archive(f.admin, 'no-such-order', { archived: true })).status).toBe(404);
    const order = await cancelled();
    expect((await api.del(`orders/${order.id}`, { token: f.ticketManager.token, query: o.q })).status).toBe(200);
    const res = await archive(f.admin, order.id, { archived: true });
    expect([res.status, res.body.error]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('admin override', () => {
  it('archives a blocked order for an admin and records actor, name, timestamps and the exact blockers', async () => {
    const order = await settled();
    await breakBasis(order.id);
    const res = await archive(f.admin, order.id, OVERRIDE);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ archived: true, archivedBy: f.admin.id });
    expect(data.archiveOverride).toEqual({
      overriddenBy: f.admin.id,
      overriddenByName: 'Ada Admin',
      overriddenAt: data.archivedAt,
      archivedAt: data.archivedAt,
      blockers: ['invoicePrerequisite', 'invalidInvoiceBasis'],
    });
  });

  it('keeps the evidence through unarchive, and gates a later archive again', async () => {
    const order = await settled();
    const archived = (await archive(f.admin, order.id, OVERRIDE)).body.data;
    expect(archived.archiveOverride.blockers).toEqual(['invoicePrerequisite']);
    const back = await archive(f.ticketManager, order.id, { archived: false });
    expect(back.status).toBe(200);
    expect(back.body.data.archived).toBe(false);
    expect(back.body.data.archiveOverride).toEqual(archived.archiveOverride);
    expect((await o.get(order.id)).archiveOverride).toEqual(archived.archiveOverride);
    const again = await archive(f.ticketManager, order.id, { archived: true });
    expect([again.status, again.body.error]).toEqual([409, 'INVOICE_REQUIRED']);
  });

  it('lets a super admin override; records no evidence when nothing was blocked', async () => {
    const blocked = await settled();
    const res = await archive({ token: f.superToken }, blocked.id, OVERRIDE);
    expect(res.status).toBe(200);
    expect(res.body.data.archiveOverride.blockers).toEqual(['invoicePrerequisite']);
    const free = await cancelled();
    const plain = await archive(f.admin, free.id, OVERRIDE);
    expect([plain.status, plain.body.data.archived]).toEqual([200, true]);
    expect(plain.body.data).not.toHaveProperty('archiveOverride');
  });

  it('refuses the override to treasurers and ticket managers with 403 ARCHIVE_OVERRIDE_FORBIDDEN, blocked or not', async () => {
    const blocked = await settled();
    const free = await cancelled();
    for (const who of [f.treasurer, f.ticketManager]) {
      for (const id of [blocked.id, free.id]) {
        const res = await archive(who, id, OVERRIDE);
        expect([res.status, res.body.error, res.body.errorCode]).toEqual([
          403,
          'ARCHIVE_OVERRIDE_FORBIDDEN',
          'ARCHIVE_OVERRIDE_FORBIDDEN',
        ]);
      }
    }
    expect((await o.get(blocked.id)).archived).toBeUndefined();
    expect((await o.get(free.id)).archived).toBeUndefined();
  });
});

describe('roles and bad input', () => {
  it('refuses members and other organizations with 403', async () => {
    const order = await cancelled();
    for (const who of [f.member, f.member2])
      expect((await archive(who, order.id, { archived: true })).status).toBe(403);
    const outsider = await api.patch(`orders/${order.id}/archive`, {
      token: f.outsider.token,
      query: o.q,
      body: { archived: true },
    });
    expect(outsider.status).toBe(403);
    const own = await api.patch(`orders/${order.id}/archive`, {
      token: f.outsider.token,
      query: { organizationId: f.outsider.orgId },
      body: OVERRIDE,
    });
    expect(own.status).toBe(404);
    expect((await o.get(order.id)).archived).toBeUndefined();
  });

  it('refuses malformed bodies with 400 and writes nothing', async () => {
    const order = await cancelled();
    const before = await o.get(order.id);
    const bodies: unknown[] = [
      {},
      { archived: 'yes' },
      { archived: null },
      { archived: true, extra: 1 },
      { archived: false, override: { confirmed: true } },
      { archived: true, override: { confirmed: false } },
      { archived: true, override: {} },
      { archived: true, override: true },
      [true],
    ];
    for (const body of bodies) {
      const res = await archive(f.admin, order.id, body);
      expect([JSON.stringify(body), res.status, res.body.error]).toEqual([
        JSON.stringify(body),
        400,
        'VALIDATION_ERROR',
      ]);
    }
    const raw = await api.patch(`orders/${order.id}/archive`, {
      token: f.admin.token,
      query: o.q,
      rawBody: '{"archived": tru',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    const missingOrg = await api.patch(`orders/${order.id}/archive`, {
      token: f.admin.token,
      body: { archived: true },
    });
    expect(missingOrg.status).toBe(400);
    expect(await o.get(order.id)).toEqual(before);
  });
});

describe('legacy archives and concurrency', () => {
  it('keeps a legacy archived order archived although it would be blocked now; the gating applies after unarchive', async () => {
    const order = await settled();
    await seedLegacyArchivedOrder(f.orgId, order.id, { archivedAt: '2024-01-01T00:00:00.000Z', archivedBy: 'legacy' });
    const res = await archive(f.ticketManager, order.id, { archived: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      archived: true,
      archivedAt: '2024-01-01T00:00:00.000Z',
      archivedBy: 'legacy',
    });
    const listed = await api.get('orders', {
      token: f.ticketManager.token,
      query: { ...o.q, eventId: event.id, archived: 'true' },
    });
    expect(listed.body.data.items.map((x: any) => x.id)).toContain(order.id);
    expect((await archive(f.ticketManager, order.id, { archived: false })).body.data.archived).toBe(false);
    const again = await archive(f.ticketManager, order.id, { archived: true });
    expect([again.status, again.body.error]).toEqual([409, 'INVOICE_REQUIRED']);
  });

  it('writes under the ETag: a change that lands between read and write is kept, and the archive is decided again', async () => {
    const order = await cancelled();
    let release!: (fail: boolean) => void;
    let held = false;
    injectStoreFault((op) => {
      if (held || op.kind !== 'replace' || op.id !== order.id) return false;
      held = true;
      return new Promise<boolean>((resolve) => (release = resolve));
    });
    const pending = archive(f.ticketManager, order.id, { archived: true });
    while (!held) await new Promise((r) => setTimeout(r, 5));
    const note = await api.patch(`orders/${order.id}/admin-note`, {
      token: f.ticketManager.token,
      query: o.q,
      body: { adminNote: 'written meanwhile' },
    });
    expect(note.status).toBe(200);
    release(false);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-store-ops'))).toBeGreaterThanOrEqual(5); // read, lost replace, read, replace
    const final = await o.get(order.id);
    expect(final).toMatchObject({ archived: true, adminNote: 'written meanwhile' });
  });
});
