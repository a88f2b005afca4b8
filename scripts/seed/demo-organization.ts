import { seedClient, type SeedClient, type SeedClientOptions } from './api-client';

/**
 * `npm run seed`: one demo organization built through the HTTP API of a running host, so every document is one a
 * person could have made (the same checks, capacity takes and sales records). Running it again finds the
 * organization by name and only prints the logins again: a host kept with LOCAL_DATA_FILE never gets a copy.
 */
export const DEMO_ORGANIZATION_NAME = 'Demo Choir';

export type DemoRole = 'admin' | 'ticketManager' | 'treasurer' | 'member';

export interface DemoPerson {
  name: string;
  email: string;
  role: DemoRole;
}

/** Fixed addresses (example.org is reserved, nothing is ever delivered there): the logins stay the same each run. */
export const DEMO_PEOPLE: readonly DemoPerson[] = [
  { name: 'Ada Admin', email: 'ada.admin@example.org', role: 'admin' },
  { name: 'Tina Ticketmanager', email: 'tina.tickets@example.org', role: 'ticketManager' },
  { name: 'Tom Treasurer', email: 'tom.treasurer@example.org', role: 'treasurer' },
  { name: 'Mia Member', email: 'mia.member@example.org', role: 'member' },
  { name: 'Max Member', email: 'max.member@example.org', role: 'member' },
  { name: 'Noor Member', email: 'noor.member@example.org', role: 'member' },
];

export interface SeedOptions extends SeedClientOptions {
  /** An address in the host's SUPER_ADMIN_EMAILS: only a super admin creates organizations. */
  superAdminEmail: string;
  organizationName?: string;
}

export interface SeedResult {
  created: boolean;
  organizationId: string;
  organizationName: string;
  eventId?: string;
  /** Order id by the state it was left in (created runs only). */
  orders?: Record<DemoOrderState, string>;
  people: readonly DemoPerson[];
}

export type DemoOrderState =
  'pending' | 'approved' | 'delivered' | 'partlyReported' | 'awaitingReconciliation' | 'settled' | 'cancelled';

interface Event {
  id: string;
  showtimes: { showtimeId: string }[];
  ticketTypes: { id: string }[];
}

export async function seedDemoOrganization(options: SeedOptions): Promise<SeedResult> {
  const api = seedClient(options);
  const organizationName = options.organizationName ?? DEMO_ORGANIZATION_NAME;
  const superToken = await api.login(options.superAdminEmail);
  const existing = await findOrganization(api, superToken, organizationName);
  if (existing) return { created: false, organizationId: existing, organizationName, people: DEMO_PEOPLE };

  const org = await api.call<{ id: string }>('POST', 'organizations', 'create the organization', {
    token: superToken,
    body: { name: organizationName, description: 'Demo data from npm run seed', type: 'choir' },
  });
  for (const person of DEMO_PEOPLE) {
    await api.call('POST', `organizations/${org.id}/members`, `add ${person.name}`, {
      token: superToken,
      body: { email: person.email, name: person.name, role: person.role },
    });
  }
  const event = await createDemoEvent(api, superToken, org.id);
  const tina = await api.login(emailOf('ticketManager'));
  const mia = await api.login(DEMO_PEOPLE[3].email);
  const max = await api.login(DEMO_PEOPLE[4].email);
  const orders = await createOrdersInEveryState(api, org.id, event, { tina, mia, max });
  await createOtherSales(api, org.id, event, { tina, mia, max, admin: superToken });
  return { created: true, organizationId: org.id, organizationName, eventId: event.id, orders, people: DEMO_PEOPLE };
}

const emailOf = (role: DemoRole) => DEMO_PEOPLE.find((p) => p.role === role)!.email;

/** The organization of that name, if a live one exists (the super admin's list, page by page). */
async function findOrganization(api: SeedClient, token: string, name: string): Promise<string | undefined> {
  let continuationToken: string | undefined;
  do {
    const page = await api.call<{ items: { id: string; name: string }[]; continuationToken?: string }>(
      'GET',
      'organizations',
      'list organizations',
      { token, query: { limit: 100, continuationToken } },
    );
    const found = page.items.find((o) => o.name === name);
    if (found) return found.id;
    continuationToken = page.continuationToken;
  } while (continuationToken);
  return undefined;
}

/** Four weeks ahead, so the event is upcoming whenever the seed runs; a matinee and an evening showtime. */
function createDemoEvent(api: SeedClient, token: string, organizationId: string): Promise<Event> {
  const day = new Date(Date.now() + 28 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  return api.call<Event>('POST', 'management/events', 'create the event', {
    token,
    query: { organizationId },
    body: {
      name: 'Spring Concert',
      date: `${day}T19:00:00.000Z`,
      location: 'Town Hall',
      venueCapacity: 120,
      showtimes: [
        { dateTime: `${day}T14:00:00.000Z`, label: 'Matinee' },
        { dateTime: `${day}T19:00:00.000Z`, label: 'Evening' },
      ],
      ticketTypes: [
        { name: 'Adult', price: 25, fee: 1.5, boxofficePrice: 28, boxofficeFee: 1, sortOrder: 1 },
        { name: 'Child', price: 10, fee: 0.5, sortOrder: 2 },
      ],
    },
  });
}

/** One printed-ticket order left in each state of the lifecycle (and a delivered one partly reported). */
async function createOrdersInEveryState(
  api: SeedClient,
  organizationId: string,
  event: Event,
  who: { tina: string; mia: string; max: string },
): Promise<Record<DemoOrderState, string>> {
  const query = { organizationId };
  const [adult, child] = event.ticketTypes.map((t) => t.id);
  const [matinee, evening] = event.showtimes.map((s) => s.showtimeId);
  const order = async (token: string, showtimeId: string, adults: number, children: number, note?: string) => {
    const tickets = [
      { ticketTypeId: adult, quantity: adults },
      { ticketTypeId: child, quantity: children },
    ].filter((t) => t.quantity > 0);
    const body = { eventId: event.id, showtimeId, tickets, ...(note ? { note } : {}) };
    return (await api.call<{ id: string }>('POST', 'orders', 'create an order', { token, query, body })).id;
  };
  const step = (id: string, move: string, token = who.tina, body: unknown = {}) =>
    api.call('POST', `orders/${id}/${move}`, `${move} order ${id}`, { token, query, body });
  const delivered = async (token: string, showtimeId: string, adults: number, children: number) => {
    const id = await order(token, showtimeId, adults, children);
    await step(id, 'approve');
    await step(id, 'deliver');
    return id;
  };
  const sold = (id: string, token: string, a: number, c: number) =>
    step(id, 'report-sold', token, {
      soldQuantity: a + c,
      soldTypeQuantities: [
        { ticketTypeId: adult, soldQuantity: a },
        { ticketTypeId: child, soldQuantity: c },
      ].filter((t) => t.soldQuantity > 0),
    });

  const pending = await order(who.mia, matinee, 2, 0, 'For my neighbours');
  const approved = await order(who.max, evening, 1, 1);
  await step(approved, 'approve');
  const deliveredId = await delivered(who.mia, matinee, 4, 0);
  const partlyReported = await delivered(who.max, evening, 5, 2);
  await sold(partlyReported, who.max, 2, 1);
  const awaitingReconciliation = await delivered(who.mia, matinee, 3, 2);
  await sold(awaitingReconciliation, who.mia, 3, 1);
  // Before the showtime only the ticket office takes tickets back (a member may return only after it has passed).
  await step(awaitingReconciliation, 'return', who.tina, {
    returnQuantity: 1,
    returnTypeQuantities: [{ ticketTypeId: child, returnQuantity: 1 }],
  });
  const settled = await delivered(who.max, evening, 2, 2);
  await sold(settled, who.max, 2, 2);
  await step(settled, 'approve-reconciliation');
  const cancelled = await order(who.mia, matinee, 0, 2);
  await step(cancelled, 'cancel', who.tina, { reason: 'Ordered twice by mistake' });
  return {
    pending,
    approved,
    delivered: deliveredId,
    partlyReported,
    awaitingReconciliation,
    settled,
    cancelled,
  };
}

/** Registrations, free tickets, external ledger sales and a manual external count. */
async function createOtherSales(
  api: SeedClient,
  organizationId: string,
  event: Event,
  who: { tina: string; mia: string; max: string; admin: string },
) {
  const query = { organizationId };
  const [adult, child] = event.ticketTypes.map((t) => t.id);
  const [matinee, evening] = event.showtimes.map((s) => s.showtimeId);
  const register = (token: string, showtimeId: string, ticketTypeId: string, quantity: number) =>
    api.call('POST', 'registrations', 'register', {
      token,
      query,
      body: { eventId: event.id, showtimeId, tickets: [{ ticketTypeId, quantity }] },
    });
  await register(who.mia, matinee, child, 2);
  await register(who.max, evening, adult, 2);

  const free = (showtimeId: string, quantity: number, recipient: string) =>
    api.call('POST', `events/${event.id}/free-tickets`, 'give free tickets', {
      token: who.tina,
      query,
      body: { showtimeId, ticketTypeId: adult, quantity, recipient },
    });
  await free(matinee, 4, 'Local press');
  await free(evening, 2, "Soloists' families");

  const external = (showtimeId: string, ticketTypeId: string, quantity: number, source: string) =>
    api.call('POST', `management/events/${event.id}/showtimes/${showtimeId}/external-sales`, 'record a sale', {
      token: who.tina,
      query,
      body: { tickets: [{ ticketTypeId, quantity }], source },
    });
  await external(evening, adult, 6, 'box office');
  await external(matinee, child, 3, 'web shop');
  await api.call('PUT', `management/events/${event.id}/showtimes/${matinee}/external`, 'set the external count', {
    token: who.admin,
    query,
    body: { externalSold: 5, externalNote: 'Door list' },
  });
}
