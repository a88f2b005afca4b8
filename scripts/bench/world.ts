import { randomUUID } from 'node:crypto';
import { config } from '../../shared/config';
import { mapWithConcurrency } from '../../shared/csv/parse';
import { signToken } from '../../shared/domain/sign-in/jwt';
import { createMembership } from '../../shared/domain/memberships/repo';
import { newMembership, type Role } from '../../shared/domain/memberships/model';
import { grantInRoleMap } from '../../shared/domain/users/role-map';
import { orderSortKey } from '../../shared/domain/orders/model';
import { createOrGetUser } from '../../shared/domain/users/repo';
import { commitBatch } from '../../shared/store/batch';
import { containers } from '../../shared/store/client';
import { readItem } from '../../shared/store/operations';
import { checkCounters } from '../../shared/domain/events/capacity/drift';
import { getEvent } from '../../shared/domain/events/repo';
import { moneyOf } from '../../shared/domain/heal/heal';

/**
 * The bench's world, seeded in the host's own process: users, memberships and orders straight through the
 * repositories and transactional batches (fast); the organization, events, one order of each state (the
 * templates every bulk order is cloned from, so the bulk documents are exactly what the service writes),
 * registrations, free tickets, external sales and the Shared Event through the API, as a client would.
 */
export interface Member {
  id: string;
  token: string;
  role: Role;
}

export interface World {
  orgId: string;
  superToken: string;
  admin: Member;
  ticketManager: Member;
  members: Member[];
  event: { id: string; showtimeIds: string[]; adultId: string; childId: string };
  /** Delivered orders of 1,000 tickets, nothing reported, on showtime 1 (report-sold) with their owners. */
  reportable: { id: string; owner: number }[];
  /** Delivered orders of 1,000 tickets on showtime 2 (partial transfers) with their owners. */
  transferable: { id: string; owner: number }[];
  flash: { eventId: string; showtimeId: string; ticketTypeId: string };
  shared: { id: string; showtimeId: string; ticketTypeId: string; sellers: { orgId: string; token: string }[] };
  orderCount: number;
}

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function apiClient(baseUrl: string) {
  return async (
    method: string,
    path: string,
    token: string | undefined,
    body?: unknown,
    query: Record<string, string> = {},
  ): Promise<Doc> => {
    const url = new URL(`${baseUrl}/api/${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const res = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`seed ${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { data: Doc }).data;
  };
}

const tokenOf = (userId: string) => signToken({ sub: userId, ver: 0 }, config().jwtSecret!).token;

async function person(email: string, name: string, isSuperAdmin = false): Promise<{ id: string; token: string }> {
  const { user } = await createOrGetUser({ email, name, ...(isSuperAdmin ? { isSuperAdmin } : {}) });
  return { id: user.id, token: tokenOf(user.id) };
}

async function member(orgId: string, n: number, role: Role): Promise<Member> {
  const p = await person(`bench-${orgId.slice(0, 8)}-${n}@example.org`, `Member ${n}`);
  // As the member routes do: the membership, then the user's role map (role-map.ts).
  await grantInRoleMap(await createMembership(newMembership(orgId, p.id, role, true)));
  return { ...p, role };
}

/** `count` calls of `make`, `width` at a time (the service's own helper). */
const inParallel = <T>(count: number, width: number, make: (i: number) => Promise<T>): Promise<T[]> =>
  mapWithConcurrency(
    Array.from({ length: count }, (_, i) => i),
    width,
    make,
  );

const STRIP = ['_rid', '_self', '_etag', '_attachments', '_ts'];

/** Writes `count` clones of the templates in batches of 100, four batches at a time. */
async function writeOrders(orgId: string, docs: Doc[]) {
  for (let i = 0; i < docs.length; i += 400) {
    const slice = docs.slice(i, i + 400);
    const batches: Doc[][] = [];
    for (let j = 0; j < slice.length; j += 100) batches.push(slice.slice(j, j + 100));
    await Promise.all(
      batches.map((b) =>
        commitBatch(
          containers().orgs,
          orgId,
          b.map((doc) => ({ create: doc as { id: string } })),
        ),
      ),
    );
  }
}

export interface Templates {
  byStatus: Record<string, Doc>;
}

/** One order per state through the API; the stored documents are the clone templates. */
async function orderTemplates(
  call: ReturnType<typeof apiClient>,
  orgId: string,
  owner: Member,
  manager: Member,
  eventId: string,
  showtimeId: string,
  adultId: string,
): Promise<Templates> {
  const q = { organizationId: orgId };
  const create = () =>
    call('POST', 'orders', owner.token, { eventId, showtimeId, tickets: [{ ticketTypeId: adultId, quantity: 2 }] }, q);
  const step = (id: string, action: string, token = manager.token, body: unknown = {}) =>
    call('POST', `orders/${id}/${action}`, token, body, q);
  const pending = await create();
  const approved = await create();
  await step(approved.id, 'approve');
  const delivered = await create();
  await step(delivered.id, 'approve');
  await step(delivered.id, 'deliver');
  const awaiting = await create();
  await step(awaiting.id, 'approve');
  await step(awaiting.id, 'deliver');
  await step(awaiting.id, 'report-sold', owner.token, { soldQuantity: 2 });
  const settled = await create();
  await step(settled.id, 'approve');
  await step(settled.id, 'deliver');
  await step(settled.id, 'report-sold', owner.token, { soldQuantity: 2 });
  await step(settled.id, 'approve-reconciliation');
  const cancelled = await create();
  await step(cancelled.id, 'cancel', manager.token, {});
  const byStatus: Record<string, Doc> = {};
  for (const [status, o] of Object.entries({ pending, approved, delivered, awaiting, settled, cancelled })) {
    const doc = (await readItem<Doc>(containers().orgs, orgId, o.id as string))!;
    for (const k of STRIP) delete doc[k];
    byStatus[status] = doc;
  }
  return { byStatus };
}

/** A clone of a template for another owner, showtime and quantity (totals scaled to match). */
function cloneOrder(t: Doc, owner: Member, showtimeId: string, quantity: number, at: Date): Doc {
  const id = randomUUID();
  const createdAt = at.toISOString();
  const scale = quantity / (t.totalQuantity as number);
  const doc: Doc = {
    ...t,
    id,
    showtimeId,
    requestedBy: owner.id,
    requestedByName: `Member ${owner.id.slice(0, 4)}`,
    requestedByEmail: `${owner.id}@example.org`,
    tickets: (t.tickets as Doc[]).map((l) => ({ ...l, quantity })),
    totalQuantity: quantity,
    totalAmount: Math.round((t.totalAmount as number) * scale * 100) / 100,
    totalFees: Math.round((t.totalFees as number) * scale * 100) / 100,
    createdAt,
    updatedAt: createdAt,
  };
  doc.sortKey = orderSortKey({ createdAt, id });
  return doc;
}

/** `count` orders of the event spread over the states (and a pool of deliverable ones for the write scenarios). */
export async function seedOrders(
  orgId: string,
  templates: Templates,
  members: Member[],
  showtimeIds: string[],
  count: number,
  pools: { reportable: number; transferable: number } = { reportable: 0, transferable: 0 },
  /** Fields every clone takes instead of the template's (another event, another organization). */
  overrides: Doc = {},
) {
  const t = templates.byStatus;
  const retarget = (d: Doc) => ({ ...d, ...overrides });
  const start = Date.now() - count * 1000;
  const docs: Doc[] = [];
  const reportable: { id: string; owner: number }[] = [];
  const transferable: { id: string; owner: number }[] = [];
  const owners = members.length;
  for (let i = 0; i < pools.reportable; i++) {
    const owner = i % owners;
    const doc = cloneOrder(t.delivered, members[owner], showtimeIds[0], 1000, new Date(start + docs.length * 1000));
    reportable.push({ id: doc.id as string, owner });
    docs.push(retarget(doc));
  }
  for (let i = 0; i < pools.transferable; i++) {
    const owner = i % owners;
    const doc = cloneOrder(t.delivered, members[owner], showtimeIds[1], 1000, new Date(start + docs.length * 1000));
    transferable.push({ id: doc.id as string, owner });
    docs.push(retarget(doc));
  }
  // The rest: every state, round robin over the showtimes and members.
  const mix = ['pending', 'pending', 'approved', 'delivered', 'awaiting', 'settled', 'settled', 'cancelled'];
  for (let i = 0; docs.length < count; i++) {
    const status = mix[i % mix.length];
    const quantity = status === 'awaiting' || status === 'settled' ? 2 : 1 + (i % 4);
    const doc = cloneOrder(
      t[status],
      members[i % owners],
      showtimeIds[i % showtimeIds.length],
      status === 'awaiting' || status === 'settled' ? 2 : quantity,
      new Date(start + docs.length * 1000),
    );
    docs.push(retarget(doc));
  }
  await writeOrders(orgId, docs);
  return { reportable, transferable };
}

/** A fresh event with one showtime of 300 seats, for a flash sale. */
export async function seedFlashEvent(baseUrl: string, world: World): Promise<World['flash']> {
  const flashEvent = await apiClient(baseUrl)(
    'POST',
    'management/events',
    world.admin.token,
    {
      name: `Flash Night ${randomUUID().slice(0, 8)}`,
      date: '2027-06-01T18:00:00.000Z',
      venueCapacity: 300,
      ticketTypes: [{ name: 'Adult', price: 20, fee: 1, sortOrder: 1 }],
    },
    { organizationId: world.orgId },
  );
  return {
    eventId: flashEvent.id,
    showtimeId: flashEvent.showtimes[0].showtimeId,
    ticketTypeId: flashEvent.ticketTypes[0].id,
  };
}

export async function seedWorld(
  baseUrl: string,
  options: { orders: number; members: number; registrations: number },
): Promise<{ world: World; templates: Templates }> {
  const call = apiClient(baseUrl);
  const superAdmin = await person(`bench-super-${randomUUID()}@example.org`, 'Bench Super', true);
  const orgId = (await call('POST', 'organizations', superAdmin.token, { name: 'Bench choir' })).id as string;
  const q = { organizationId: orgId };
  const roleOf = (n: number): Role => (n === 0 ? 'admin' : n < 4 ? 'treasurer' : n < 12 ? 'ticketManager' : 'member');
  const members = await inParallel(options.members, 8, (n) => member(orgId, n, roleOf(n)));
  const admin = members[0];
  const ticketManager = members[4];
  const event = await call(
    'POST',
    'management/events',
    admin.token,
    {
      name: 'Bench Night',
      date: '2027-05-01T18:00:00.000Z',
      location: 'Town Hall',
      venueCapacity: 1_000_000,
      showtimes: [
        { dateTime: '2027-05-01T14:00:00.000Z', label: 'Matinee' },
        { dateTime: '2027-05-01T19:00:00.000Z', label: 'Evening' },
        { dateTime: '2027-05-02T19:00:00.000Z', label: 'Sunday' },
      ],
      ticketTypes: [
        { name: 'Adult', price: 25, fee: 1.5, sortOrder: 1 },
        { name: 'Child', price: 10, fee: 0.5, sortOrder: 2 },
      ],
    },
    q,
  );
  const showtimeIds = (event.showtimes as Doc[]).map((s) => s.showtimeId as string);
  const [adultId, childId] = (event.ticketTypes as Doc[]).map((t) => t.id as string);
  const templates = await orderTemplates(call, orgId, members[20], ticketManager, event.id, showtimeIds[2], adultId);
  const pools = await seedOrders(orgId, templates, members.slice(12), showtimeIds, options.orders, {
    reportable: Math.round(options.orders * 0.3),
    transferable: Math.round(options.orders * 0.1),
  });

  // Registrations (members), free tickets (ticket manager), external sales (ticket manager), through the API.
  await inParallel(options.registrations, 8, (i) =>
    call(
      'POST',
      'registrations',
      members[12 + (i % (members.length - 12))].token,
      {
        eventId: event.id,
        showtimeId: showtimeIds[i % 3],
        tickets: [{ ticketTypeId: i % 2 ? childId : adultId, quantity: 1 + (i % 3) }],
      },
      q,
    ),
  );
  await inParallel(Math.ceil(options.registrations / 6), 4, (i) =>
    call(
      'POST',
      `events/${event.id}/free-tickets`,
      ticketManager.token,
      { showtimeId: showtimeIds[i % 3], ticketTypeId: adultId, quantity: 1 + (i % 2), recipient: `Guest ${i}` },
      q,
    ),
  );
  await inParallel(Math.ceil(options.registrations / 6), 4, (i) =>
    call(
      'POST',
      `management/events/${event.id}/showtimes/${showtimeIds[i % 3]}/external-sales`,
      ticketManager.token,
      { tickets: [{ ticketTypeId: adultId, quantity: 1 + (i % 5) }], source: 'box office' },
      q,
    ),
  );

  // The flash sale: one showtime of 300 seats.
  const flashEvent = await call(
    'POST',
    'management/events',
    admin.token,
    {
      name: 'Flash Night',
      date: '2027-06-01T18:00:00.000Z',
      venueCapacity: 300,
      ticketTypes: [{ name: 'Adult', price: 20, fee: 1, sortOrder: 1 }],
    },
    q,
  );

  // A Shared Event pooled between this organization and two more, each selling on its projection se-{id}.
  const others = await Promise.all(
    ['Bench harbour choir', 'Bench hill choir'].map(async (name) => {
      const id = (await call('POST', 'organizations', superAdmin.token, { name })).id as string;
      return { orgId: id, admin: await member(id, 0, 'admin') };
    }),
  );
  const se = await call(
    'POST',
    'shared-events',
    admin.token,
    {
      name: 'Bench Festival',
      location: 'Harbour Hall',
      date: '2027-07-01T18:00:00.000Z',
      showtimes: [{ dateTime: '2027-07-01T19:00:00.000Z' }],
      ticketTypeTemplates: [{ name: 'Adult', price: 30, fee: 2 }],
      capacityPolicy: 'pool',
      sharedCapacity: { perShowtime: 1_000_000 },
      invitedOrganizationIds: others.map((o) => o.orgId),
    },
    q,
  );
  for (const o of others) {
    await call('POST', `shared-events/${se.id}/participants/${o.orgId}/accept`, o.admin.token);
  }
  // Another organization's orders in the same store (issue 28): as many as this one's, in its own partition, so
  // a query that read the container instead of its partition would read twice the documents.
  const neighbour = others[0];
  const neighbourEvent = await call(
    'POST',
    'management/events',
    neighbour.admin.token,
    {
      name: 'Neighbour Night',
      date: '2027-05-01T18:00:00.000Z',
      venueCapacity: 1_000_000,
      ticketTypes: [{ name: 'Adult', price: 25, fee: 1.5, sortOrder: 1 }],
    },
    { organizationId: neighbour.orgId },
  );
  await seedOrders(
    neighbour.orgId,
    templates,
    [neighbour.admin],
    [neighbourEvent.showtimes[0].showtimeId as string],
    options.orders,
    undefined,
    { organizationId: neighbour.orgId, eventId: neighbourEvent.id },
  );
  await call('PATCH', `shared-events/${se.id}/lifecycle`, admin.token, { status: 'open' }, q);
  // The clones were written beside the counters: the heal timer's recompute brings the counters (seats, revenue
  // and fees) in line with them, as on a live organization, so the overview shows the money they hold.
  for (const [org, id] of [
    [orgId, event.id],
    [neighbour.orgId, neighbourEvent.id],
  ] as [string, string][]) {
    const doc = await getEvent(org, id);
    if (doc) await checkCounters(doc, { repair: true, quietMs: 0, moneyOf });
  }

  const world: World = {
    orgId,
    superToken: superAdmin.token,
    admin,
    ticketManager,
    members,
    event: { id: event.id, showtimeIds, adultId, childId },
    reportable: pools.reportable.map((r) => ({ ...r, owner: r.owner + 12 })),
    transferable: pools.transferable.map((r) => ({ ...r, owner: r.owner + 12 })),
    flash: {
      eventId: flashEvent.id,
      showtimeId: flashEvent.showtimes[0].showtimeId,
      ticketTypeId: flashEvent.ticketTypes[0].id,
    },
    shared: {
      id: se.id,
      showtimeId: se.showtimes[0].showtimeId,
      ticketTypeId: se.ticketTypeTemplates[0].id,
      sellers: [{ orgId, token: admin.token }, ...others.map((o) => ({ orgId: o.orgId, token: o.admin.token }))],
    },
    orderCount: options.orders,
  };
  return { world, templates };
}

/** A further event of the organization with `count` orders (growth): same templates, same states. */
export async function seedGrowthEvent(baseUrl: string, world: World, templates: Templates, count: number) {
  const call = apiClient(baseUrl);
  const event = await call(
    'POST',
    'management/events',
    world.admin.token,
    {
      name: `Growth ${count}`,
      date: '2027-08-01T18:00:00.000Z',
      venueCapacity: 1_000_000,
      ticketTypes: [{ name: 'Adult', price: 25, fee: 1.5, sortOrder: 1 }],
    },
    { organizationId: world.orgId },
  );
  const base = templates.byStatus;
  // Templates name the main event's ticket type; the growth event's own is swapped in.
  const typeId = event.ticketTypes[0].id as string;
  const retyped: Templates = {
    byStatus: Object.fromEntries(
      Object.entries(base).map(([k, t]) => [
        k,
        {
          ...t,
          eventName: event.name,
          tickets: (t.tickets as Doc[]).map((l) => ({ ...l, ticketTypeId: typeId })),
          ...(t.invoiceBasis
            ? {
                invoiceBasis: {
                  ...t.invoiceBasis,
                  lines: (t.invoiceBasis.lines as Doc[]).map((l) => ({ ...l, ticketTypeId: typeId })),
                },
              }
            : {}),
        },
      ]),
    ),
  };
  await seedOrders(
    world.orgId,
    retyped,
    world.members.slice(12),
    [event.showtimes[0].showtimeId as string],
    count,
    undefined,
    { eventId: event.id },
  );
  return event.id as string;
}
