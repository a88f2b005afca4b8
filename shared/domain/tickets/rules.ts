import { badRequest } from '../../errors';
import type { DoorResult, TicketEntry, TicketStatus } from './model';
import { formatSerial, parseSerial } from './serials';

/** The moves a ticket makes; each names the statuses it leaves from (docs/decisions/tickets.md). */
const MOVES = {
  return: ['issued'],
  admit: ['issued'],
  void: ['issued', 'returned', 'admitted'],
  move: ['issued'],
} as const satisfies Record<string, readonly TicketStatus[]>;
export type TicketMove = keyof typeof MOVES;

export const canMove = (status: TicketStatus, move: TicketMove) =>
  (MOVES[move] as readonly TicketStatus[]).includes(status);

/** Live tickets count against what the source holds: issued or already through the door. */
const isLive = (t: TicketEntry) => t.status === 'issued' || t.status === 'admitted';

export interface WantedLine {
  ticketTypeId: string;
  ticketTypeName: string;
  quantity: number;
}

/**
 * The tickets a source should hold after a write, from the tickets it held: per type, missing ones are issued
 * with the next free numbers (`firstFree` on), surplus ones voided, highest-numbered issued first (an admitted
 * ticket is never voided by an edit). `wanted` empty (a deletion) voids every issued or returned ticket.
 * Returns the new entries and how many numbers were taken.
 */
export function reconcileTickets(
  held: TicketEntry[],
  wanted: WantedLine[],
  firstFree: number,
  at: string,
): { tickets: TicketEntry[]; taken: number } {
  const tickets = held.map((t) => ({ ...t }));
  let next = firstFree;
  const wantedByType = new Map<string, number>();
  const names = new Map(wanted.map((l) => [l.ticketTypeId, l.ticketTypeName]));
  for (const line of wanted)
    wantedByType.set(line.ticketTypeId, (wantedByType.get(line.ticketTypeId) ?? 0) + line.quantity);
  const types = new Set([...wantedByType.keys(), ...tickets.map((t) => t.ticketTypeId)]);
  for (const ticketTypeId of types) {
    const want = wantedByType.get(ticketTypeId) ?? 0;
    const live = tickets.filter((t) => t.ticketTypeId === ticketTypeId && isLive(t));
    for (let i = live.length; i < want; i += 1) {
      tickets.push({
        number: next,
        ticketTypeId,
        ticketTypeName: names.get(ticketTypeId) ?? '',
        status: 'issued',
        changedAt: at,
      });
      next += 1;
    }
    const surplus = live.length - want;
    const voidable = live.filter((t) => t.status === 'issued').sort((a, b) => b.number - a.number);
    for (const t of voidable.slice(0, Math.max(0, surplus))) Object.assign(t, { status: 'void', changedAt: at });
    if (want === 0) {
      for (const t of tickets) {
        if (t.ticketTypeId === ticketTypeId && t.status === 'returned')
          Object.assign(t, { status: 'void', changedAt: at });
      }
    }
  }
  tickets.sort((a, b) => a.number - b.number);
  return { tickets, taken: next - firstFree };
}

/** How many live tickets of each type the wanted lines hold more than `held` (the numbers a write must take). */
export function numbersNeeded(held: TicketEntry[], wanted: WantedLine[]): number {
  let needed = 0;
  const byType = new Map<string, number>();
  for (const line of wanted) byType.set(line.ticketTypeId, (byType.get(line.ticketTypeId) ?? 0) + line.quantity);
  for (const [ticketTypeId, want] of byType) {
    const live = held.filter((t) => t.ticketTypeId === ticketTypeId && isLive(t)).length;
    needed += Math.max(0, want - live);
  }
  return needed;
}

/**
 * The tickets a return or a transfer names: the serials given (each must be an issued ticket of this book, of a
 * type and in the number per type the request moves), or by default the highest-numbered issued tickets of each
 * type. `path` names the body field in the 400.
 */
export function chooseTickets(
  held: TicketEntry[],
  perType: Map<string, number>,
  serials: string[] | undefined,
  path: string,
): TicketEntry[] {
  if (serials === undefined) {
    const chosen: TicketEntry[] = [];
    for (const [ticketTypeId, quantity] of perType) {
      const issued = held.filter((t) => t.ticketTypeId === ticketTypeId && t.status === 'issued');
      chosen.push(...issued.sort((a, b) => b.number - a.number).slice(0, quantity));
    }
    return chosen;
  }
  const chosen: TicketEntry[] = [];
  const seen = new Set<number>();
  for (const serial of serials) {
    const number = parseSerial(serial);
    const ticket = number === undefined ? undefined : held.find((t) => t.number === number);
    if (!ticket || !canMove(ticket.status, 'move') || seen.has(ticket.number)) {
      throw badRequest('A serial is not an issued ticket of this order', [{ path, message: serial }]);
    }
    seen.add(ticket.number);
    chosen.push(ticket);
  }
  const counted = new Map<string, number>();
  for (const t of chosen) counted.set(t.ticketTypeId, (counted.get(t.ticketTypeId) ?? 0) + 1);
  const matches =
    counted.size === [...perType.values()].filter((q) => q > 0).length &&
    [...counted].every(([type, n]) => perType.get(type) === n);
  if (!matches) {
    throw badRequest('The serials must name exactly the tickets of each type the request moves', [
      { path, message: 'count per ticket type does not match' },
    ]);
  }
  return chosen;
}

/** The chosen tickets marked returned (the door refuses them from now on). */
export function markReturned(held: TicketEntry[], chosen: TicketEntry[], at: string): TicketEntry[] {
  const numbers = new Set(chosen.map((t) => t.number));
  return held.map((t) => (numbers.has(t.number) ? { ...t, status: 'returned' as const, changedAt: at } : t));
}

/** A door's answer for a ticket in a given state, scanned for `showtimeId`. */
export function doorResult(ticket: TicketEntry | undefined, onShowtime: boolean, nonce: string): DoorResult {
  if (!ticket) return 'unknown';
  if (!onShowtime) return 'wrong_showtime';
  if (ticket.admittedNonce === nonce && ticket.admittedAt !== undefined) return 'admitted';
  if (ticket.status === 'issued') return 'admitted';
  if (ticket.status === 'admitted') return 'already_admitted';
  return ticket.status;
}

export const serialOf = (ticket: Pick<TicketEntry, 'number'>) => formatSerial(ticket.number);

/** Tickets by type, counted: figures and tests read this. */
export function countByStatus(tickets: TicketEntry[]): Record<TicketStatus, number> {
  const counts: Record<TicketStatus, number> = { issued: 0, returned: 0, admitted: 0, void: 0 };
  for (const t of tickets) counts[t.status] += 1;
  return counts;
}
