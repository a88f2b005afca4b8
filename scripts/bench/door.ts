import { randomUUID } from 'node:crypto';
import { apiClient, type World } from './world';

/**
 * The door scenario (issue 34): 8 doors scanning 4,000 tickets of 40 delivered orders of one showtime, every
 * ticket scanned twice at once by two doors, so each scan races another for the same ticket. What it prints:
 * how many tickets the door kit counts admitted afterwards (exactly 4,000: each once), the store calls of a scan,
 * and the p99 beside the bare store replaying the recorded calls of one admitting scan (the ceiling).
 * `BENCH_ONLY=door` runs it alone (scripts/bench/run.ts); `BENCH_DOOR_TICKETS` makes the showtime smaller for a check.
 */
export const DOOR_TICKETS = Number(process.env.BENCH_DOOR_TICKETS ?? 4000);
/** Tickets an order delivers: the showtime's tickets come as orders of at most 100. */
const PER_ORDER = 100;
const RECORDED = 4; // tickets the ceiling's recording admits first (recordOne sends three and a warm-up)

export interface DoorWorld {
  eventId: string;
  showtimeId: string;
  codes: string[];
}

export async function prepareDoor(url: string, w: World): Promise<DoorWorld> {
  const api = apiClient(url);
  const q = { organizationId: w.orgId };
  const event = await api(
    'POST',
    'management/events',
    w.admin.token,
    {
      name: `Door ${randomUUID().slice(0, 6)}`,
      date: '2027-09-01T19:00:00.000Z',
      location: 'Bench Hall',
      venueCapacity: DOOR_TICKETS + 100,
      ticketTypes: [{ name: 'Adult', price: 20, fee: 0, sortOrder: 1 }],
    },
    q,
  );
  // Orders of 100 (40 for 4,000), then one of the 4 tickets the recording admits: every code is admitted once in the end.
  const quantities = [
    ...Array.from({ length: Math.ceil(DOOR_TICKETS / PER_ORDER) }, (_, i) =>
      Math.min(PER_ORDER, DOOR_TICKETS - i * PER_ORDER),
    ),
    RECORDED,
  ];
  const codes: string[] = [];
  for (const [i, quantity] of quantities.entries()) {
    const owner = w.members[i % w.members.length]!;
    const tickets = [{ ticketTypeId: event.ticketTypes[0].id, quantity }];
    const order = await api('POST', 'orders', owner.token, { eventId: event.id, tickets }, q);
    await api('POST', `orders/${order.id}/approve`, w.ticketManager.token, {}, q);
    await api('POST', `orders/${order.id}/deliver`, w.ticketManager.token, {}, q);
    const list = await api('GET', `orders/${order.id}/tickets`, w.ticketManager.token, undefined, q);
    codes.push(...(list.items as { code: string }[]).map((t) => t.code));
  }
  return { eventId: event.id, showtimeId: event.showtimes[0].showtimeId, codes };
}

/** The n-th scan: tickets in order, each twice in a row, so two of the eight doors race for it. */
export function doorScan(w: World, door: DoorWorld, n: number) {
  const code = n >= 2 * DOOR_TICKETS ? door.codes[DOOR_TICKETS + (n - 2 * DOOR_TICKETS)]! : door.codes[n >> 1]!;
  return {
    path: `check-ins?organizationId=${w.orgId}`,
    body: { code, showtimeId: door.showtimeId, nonce: randomUUID().replace(/-/g, '') },
    token: w.ticketManager.token,
  };
}

/** After the run: what the door kit counts (every ticket admitted exactly once, none left issued). */
export async function doorOutcome(url: string, w: World, door: DoorWorld) {
  const api = apiClient(url);
  const kit = await api('GET', `management/events/${door.eventId}/door-kit`, w.ticketManager.token, undefined, {
    organizationId: w.orgId,
    showtimeId: door.showtimeId,
  });
  const statuses: Record<string, number> = {};
  for (const status of Object.values(kit.tickets as Record<string, string>)) {
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return { admitted: kit.admitted as number, statuses, kitBytes: JSON.stringify(kit).length };
}
