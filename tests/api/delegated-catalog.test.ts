import { TestHost } from '../helpers/harness';
import { createEvent } from '../helpers/fixtures';
import { giveFree, TWO_SHOWTIMES } from '../helpers/events';
import { partitionFingerprint, seedDelegationStatus, storedDocument } from '../helpers/seed';
import { delegatedEvent, delegatedWorld, partnerApi, storeOps, type DelegatedWorld } from '../helpers/delegated-orders';

/**
 * The member catalog and a member's own orders (docs/decisions/delegated-orders.md, "Member catalog" and "A member's
 * own orders"): any approved partner member reads what to order from and their own orders; authority is the owner's
 * live delegation, never the partner's index.
 */
let api: TestHost;
let w: DelegatedWorld;
let d: ReturnType<typeof partnerApi>;
beforeAll(async () => {
  api = await TestHost.start();
  w = await delegatedWorld(api);
  d = partnerApi(api, w);
});
afterAll(() => api.close());

describe('GET .../catalog', () => {
  it('gives a plain member the event, ticket types and showtimes, with no capacity figure', async () => {
    expect((await giveFree(api, w.f, w.event, 7)).status).toBe(201);
    const res = await d.get(w.p.member, '/catalog');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      eventId: w.event.id,
      eventName: 'Spring Concert',
      date: w.event.date,
      location: 'Town Hall',
      ownerOrganizationName: 'Owner choir',
      active: true,
      salesLocked: false,
      ticketTypes: [
        { id: w.event.ticketTypes[0].id, name: 'Adult', price: 25, fee: 1.5 },
        { id: w.event.ticketTypes[1].id, name: 'Child', price: 10, fee: 0.5 },
      ],
      showtimes: [
        { showtimeId: w.event.showtimes[0].showtimeId, dateTime: w.event.showtimes[0].dateTime, soldOut: false },
      ],
    });
    // Nothing of the owner's partition id, the seat counts or the delegation's internals.
    expect(res.text).not.toContain(w.f.orgId);
    expect(res.text).not.toMatch(/remaining|venueCapacity|delegationId|\b93\b/);
    // Scope: user (its role map grants), partner organization, owner's event; then the counters query.
    expect(storeOps(res)).toBe(4);
  });

  it('answers every approved member of the partner, whatever the role', async () => {
    for (const who of [w.p.member, w.p.member2, w.p.ticketManager, w.p.treasurer, w.p.admin]) {
      expect((await d.get(who, '/catalog')).status).toBe(200);
    }
  });

  it('says which showtime is sold out, by label, without saying how many seats are left', async () => {
    const other = await delegatedEvent(api, w, { venueCapacity: 5, ...TWO_SHOWTIMES });
    expect((await giveFree(api, w.f, other.event, 5, 1)).status).toBe(201);
    const res = await partnerApi(api, other).get(w.p.member, '/catalog');
    expect(res.status).toBe(200);
    expect(res.body.data.showtimes).toEqual([
      {
        showtimeId: other.event.showtimes[0].showtimeId,
        dateTime: '2027-05-01T14:00:00.000Z',
        label: 'Matinee',
        soldOut: false,
      },
      {
        showtimeId: other.event.showtimes[1].showtimeId,
        dateTime: '2027-05-01T19:00:00.000Z',
        label: 'Evening',
        soldOut: true,
      },
    ]);
  });

  it('shows a locked event as locked', async () => {
    const other = await delegatedEvent(api, w);
    const lock = await api.put(`management/events/${other.event.id}/lock`, {
      token: w.f.admin.token,
      query: { organizationId: w.f.orgId },
      body: { salesLocked: true },
    });
    expect(lock.status).toBe(200);
    const res = await partnerApi(api, other).get(w.p.member, '/catalog');
    expect(res.body.data).toMatchObject({ active: true, salesLocked: true });
  });

  it('refuses a stranger to the partner and an owner member (403), no token (401)', async () => {
    for (const who of [w.p.outsider, w.f.admin, w.f.member]) {
      const res = await d.get(who, '/catalog');
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 403, error: 'FORBIDDEN' });
      expect(res.text).not.toContain('Adult');
    }
    expect((await api.get(d.path('/catalog'))).status).toBe(401);
  });

  it('answers 404 for an event not delegated to the partner, and 400 for malformed ids', async () => {
    const undelegated = await createEvent(api, w.f, { name: 'Private Gala' });
    const res = await api.get(`organizations/${w.p.orgId}/delegated-events/${undelegated.id}/catalog`, {
      token: w.p.member.token,
    });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Private Gala');
    for (const path of [
      `organizations/${w.p.orgId}/delegated-events/bad id!/catalog`,
      `organizations/${'x'.repeat(200)}/delegated-events/${w.event.id}/catalog`,
    ]) {
      const bad = await api.get(path, { token: w.p.member.token });
      expect({ path, status: bad.status, error: bad.body.error }).toEqual({
        path,
        status: 400,
        error: 'VALIDATION_ERROR',
      });
    }
  });

  it("refuses (403) once the owner's live delegation is revoked, though the partner's index still says active", async () => {
    const revoked = await delegatedEvent(api, w);
    const o = partnerApi(api, revoked);
    expect((await o.get(w.p.member, '/catalog')).status).toBe(200);
    await seedDelegationStatus(w.f.orgId, revoked.event.id, revoked.delegationId, 'revoked');
    const partnerOrg = await storedDocument(w.p.orgId, w.p.orgId);
    expect(partnerOrg.delegatedEventSales).toContainEqual(
      expect.objectContaining({ eventId: revoked.event.id, status: 'active' }),
    );
    for (const suffix of ['/catalog', '/orders/mine']) {
      const res = await o.get(w.p.member, suffix);
      expect({ suffix, status: res.status, error: res.body.error }).toEqual({
        suffix,
        status: 403,
        error: 'FORBIDDEN',
      });
    }
  });
});

describe('GET .../orders/mine', () => {
  it("lists only the caller's own orders for the event, newest first, in the partner projection", async () => {
    const mine = await d.selfOrder(w.p.member2, [1, 0]);
    const later = await d.selfOrder(w.p.member2, [0, 2]);
    const theirs = await d.selfOrder(w.p.member, [1, 0]);
    expect([mine.status, later.status, theirs.status]).toEqual([201, 201, 201]);
    await d.move('approve', later.body.data.id);
    const res = await d.get(w.p.member2, '/orders/mine');
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([
      [later.body.data.id, 'approved'],
      [mine.body.data.id, 'pending'],
    ]);
    expect(res.body.data.items[1]).toMatchObject({ buyerUserId: w.p.member2.id, totalQuantity: 1 });
    expect(res.text).not.toContain(w.f.orgId);
    expect(storeOps(res)).toBe(4);
  });

  it('filters by status and pages', async () => {
    const pending = await d.get(w.p.member2, '/orders/mine', { status: 'pending' });
    expect(pending.body.data.items.every((o: { status: string }) => o.status === 'pending')).toBe(true);
    expect(pending.body.data.items.length).toBeGreaterThan(0);
    const first = await d.get(w.p.member2, '/orders/mine', { limit: 1 });
    expect(first.body.data.items).toHaveLength(1);
    const next = await d.get(w.p.member2, '/orders/mine', {
      limit: 1,
      continuationToken: first.body.data.continuationToken,
    });
    expect(next.status).toBe(200);
    expect(next.body.data.items[0].id).not.toBe(first.body.data.items[0].id);
  });

  it('refuses bad filters (400) and strangers (403), and writes nothing', async () => {
    const before = await partitionFingerprint(w.f.orgId);
    const queries: Record<string, string | number>[] = [
      { status: 'sold' },
      { limit: 0 },
      { continuationToken: 'forged' },
      { requestedBy: w.p.member.id },
    ];
    for (const query of queries) {
      expect({ query, status: (await d.get(w.p.member2, '/orders/mine', query)).status }).toEqual({
        query,
        status: 400,
      });
    }
    expect((await d.get(w.p.outsider, '/orders/mine')).status).toBe(403);
    expect((await d.get(w.f.member, '/orders/mine')).status).toBe(403);
    expect(await partitionFingerprint(w.f.orgId)).toEqual(before);
  });

  it('is empty for a member who ordered nothing', async () => {
    const res = await d.get(w.p.treasurer, '/orders/mine', { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ items: [] });
  });
});
