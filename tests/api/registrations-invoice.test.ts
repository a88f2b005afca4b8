import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { q } from '../helpers/events';
import {
  partitionFingerprint,
  seedLegacyInvoicedRegistration,
  seedRegistrationAge,
  storedDocument,
} from '../helpers/seed';

/** PUT /api/management/registrations/{id}/invoice (docs/decisions/sales.md "Dashboard and invoicing", Registration fields). */
let api: TestHost;
let f: OrgFixture;
let event: { id: string; ticketTypes: { id: string }[] };
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  event = await createEvent(api, f);
});
afterAll(() => api.close());

const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));

async function register(quantity = 2) {
  const res = await api.post('registrations', {
    token: f.member.token,
    query: q(f),
    body: { eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity }] },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return res.body.data;
}
const invoice = (id: string, body?: unknown, who: Person = f.ticketManager) =>
  api.put(`management/registrations/${id}/invoice`, { token: who.token, query: q(f), body });

describe('PUT management/registrations/{id}/invoice', () => {
  it('marks it invoiced with the stable actor id and display name; a repeat changes nothing', async () => {
    const made = await register();
    expect(made).not.toHaveProperty('invoicedAt');
    const res = await invoice(made.id, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...made,
      invoicedAt: expect.any(String),
      invoicedById: f.ticketManager.id,
      invoicedByName: 'Tina Manager',
    });
    expect(Number.isNaN(Date.parse(res.body.data.invoicedAt))).toBe(false);
    // user with its role map (auth), registration read, replace
    expect(ops(res)).toBe(3);

    const before = await partitionFingerprint(f.orgId);
    const again = await invoice(made.id, { invoiced: true }, f.treasurer);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(res.body.data);
    expect(ops(again)).toBe(2); // no write
    expect(await partitionFingerprint(f.orgId)).toEqual(before);
  });

  it('{ invoiced: true } marks too; { invoiced: false } clears every invoice field, idempotently', async () => {
    const made = await register();
    const marked = await invoice(made.id, { invoiced: true }, f.admin);
    expect(marked.body.data).toMatchObject({ invoicedById: f.admin.id, invoicedByName: 'Ada Admin' });
    const cleared = await invoice(made.id, { invoiced: false });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toEqual(made);
    const stored = await storedDocument(f.orgId, made.id);
    for (const field of ['invoicedAt', 'invoicedById', 'invoicedByName', 'invoicedBy'])
      expect(stored).not.toHaveProperty(field);
    const before = await partitionFingerprint(f.orgId);
    expect((await invoice(made.id, { invoiced: false })).body.data).toEqual(made);
    expect(await partitionFingerprint(f.orgId)).toEqual(before);
  });

  it('shows a legacy display name from the old actor field as invoicedByName, and clearing removes it', async () => {
    const made = await register();
    await seedLegacyInvoicedRegistration(f.orgId, made.id, {
      invoicedAt: '2025-01-02T03:04:05.000Z',
      invoicedBy: 'Old Treasurer',
    });
    const res = await invoice(made.id, { invoiced: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...made,
      invoicedAt: '2025-01-02T03:04:05.000Z',
      invoicedByName: 'Old Treasurer',
    });
    expect(res.body.data).not.toHaveProperty('invoicedBy');
    expect(res.body.data).not.toHaveProperty('invoicedById');
    expect((await invoice(made.id, { invoiced: false })).body.data).toEqual(made);
    expect(await storedDocument(f.orgId, made.id)).not.toHaveProperty('invoicedBy');
    const fresh = await invoice(made.id, {});
    expect(fresh.body.data).toMatchObject({ invoicedById: f.ticketManager.id, invoicedByName: 'Tina Manager' });
  });

  it('is allowed after the one-hour edit window (invoicing is not an edit of the sale)', async () => {
    const made = await register();
    await seedRegistrationAge(f.orgId, made.id, 3 * 60 * 60 * 1000);
    expect(
      (await api.put(`registrations/${made.id}`, { token: f.admin.token, query: q(f), body: { note: 'x' } })).status,
    ).toBe(409);
    const res = await invoice(made.id, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ invoicedById: f.ticketManager.id });
  });

  it('answers 404 for a deleted, unknown or non-registration id', async () => {
    const made = await register();
    expect((await api.del(`registrations/${made.id}`, { token: f.admin.token, query: q(f) })).status).toBe(200);
    for (const id of [made.id, 'no-such-registration', event.id]) {
      const res = await invoice(id, {});
      expect([res.status, res.body.error]).toEqual([404, 'NOT_FOUND']);
    }
    expect(await storedDocument(f.orgId, made.id)).not.toHaveProperty('invoicedAt');
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const made = await register();
    const before = await partitionFingerprint(f.orgId);
    for (const body of [{ invoiced: 'yes' }, { invoiced: null }, { invoicedAt: '2025-01-01T00:00:00Z' }, [true]]) {
      const res = await invoice(made.id, body);
      expect([res.status, res.body.error]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect(await partitionFingerprint(f.orgId)).toEqual(before);
  });

  it('role matrix: member 403, outsider admin 403 (404 in their own organization), ticket manager+ pass', async () => {
    const made = await register();
    const before = await partitionFingerprint(f.orgId);
    for (const who of [f.member, f.outsider]) {
      const res = await invoice(made.id, {}, who);
      expect([res.status, res.body.error]).toEqual([403, 'FORBIDDEN']);
    }
    const own = await api.put(`management/registrations/${made.id}/invoice`, {
      token: f.outsider.token,
      query: { organizationId: f.outsider.orgId },
      body: {},
    });
    expect([own.status, own.body.error]).toEqual([404, 'NOT_FOUND']);
    expect(await partitionFingerprint(f.orgId)).toEqual(before);
    for (const who of [f.ticketManager, f.treasurer, f.admin]) {
      expect((await invoice(made.id, { invoiced: false }, who)).status).toBe(200);
      expect((await invoice(made.id, { invoiced: true }, who)).body.data.invoicedById).toBe(who.id);
    }
  });

  it('parallel marks of one registration all answer 200 with one consistent actor', async () => {
    const made = await register();
    const results = await Promise.all(
      [f.ticketManager, f.treasurer, f.admin, f.ticketManager, f.treasurer].map((who) => invoice(made.id, {}, who)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const stored = await storedDocument(f.orgId, made.id);
    for (const r of results) {
      expect(r.body.data).toMatchObject({ invoicedAt: stored.invoicedAt, invoicedById: stored.invoicedById });
    }
  });
});
