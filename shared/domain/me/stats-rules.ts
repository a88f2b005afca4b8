import { fromCents } from '../vocabulary/money';
import { moneyOf } from '../sales/facts';
import type { SalesRecord } from '../sales/model';

/** A member's sale as MyStats reads it: the SalesRecord, plus the showtime's names from its document. */
export type MySale = SalesRecord & { showtimeDateTime?: string; showtimeLabel?: string };

/** Whether a record is the member's own sale: the member channel, sold by them (never a partner-sold order). */
export const isOwnSale = (record: SalesRecord, userId: string) =>
  record.channel === 'member' && record.sellerId === userId;

interface Tally {
  ticketsSold: number;
  revenueCents: number;
}
const tally = (): Tally => ({ ticketsSold: 0, revenueCents: 0 });

/**
 * MyStats (docs/decisions/sales.md) from the member's own SalesRecords, the same records the dashboard's salesByMember sums:
 * tickets count `soldTickets`, revenue is Σ quantity × unit price of the priced sold lines (never fees), in
 * integer cents until the output. Records that sold nothing (a pending order) do not appear. `byTicketType`
 * quantities count priced lines only, so a partial printed sale reported without per-type detail counts in
 * `totalTicketsSold` but not in `byTicketType` until its detail exists (as on the dashboard).
 * Sorted: events by name then id, showtimes by event name then date then id, ticket types by name then id.
 */
export function myStatsOf(sales: MySale[]) {
  const total = tally();
  const events = new Map<string, Tally & { eventId: string; eventName: string }>();
  const showtimes = new Map<
    string,
    Tally & {
      eventId: string;
      eventName: string;
      showtimeId: string;
      showtimeDateTime?: string;
      showtimeLabel?: string;
    }
  >();
  const types = new Map<
    string,
    { ticketTypeId: string; ticketTypeName: string; quantity: number; revenueCents: number }
  >();
  for (const sale of sales) {
    const { revenueCents } = moneyOf(sale.lines);
    if (sale.soldTickets === 0 && revenueCents === 0 && sale.lines.length === 0) continue;
    const eventName = sale.eventName ?? '';
    const add = (t: Tally) => {
      t.ticketsSold += sale.soldTickets;
      t.revenueCents += revenueCents;
    };
    add(total);
    const event = events.get(sale.eventId) ?? { eventId: sale.eventId, eventName, ...tally() };
    events.set(sale.eventId, event);
    add(event);
    const key = `${sale.eventId}|${sale.showtimeId}`;
    const showtime = showtimes.get(key) ?? {
      eventId: sale.eventId,
      eventName,
      showtimeId: sale.showtimeId,
      ...(sale.showtimeDateTime !== undefined ? { showtimeDateTime: sale.showtimeDateTime } : {}),
      ...(sale.showtimeLabel !== undefined ? { showtimeLabel: sale.showtimeLabel } : {}),
      ...tally(),
    };
    showtimes.set(key, showtime);
    add(showtime);
    for (const line of sale.lines) {
      const type = types.get(line.ticketTypeId) ?? {
        ticketTypeId: line.ticketTypeId,
        ticketTypeName: line.ticketTypeName,
        quantity: 0,
        revenueCents: 0,
      };
      types.set(line.ticketTypeId, type);
      type.quantity += line.quantity;
      type.revenueCents += line.quantity * line.unitPriceCents;
    }
  }
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    totalTicketsSold: total.ticketsSold,
    totalRevenue: fromCents(total.revenueCents),
    byShowtime: [...showtimes.values()]
      .sort(
        (a, b) =>
          byText(a.eventName, b.eventName) ||
          byText(a.eventId, b.eventId) ||
          byText(a.showtimeDateTime ?? '', b.showtimeDateTime ?? '') ||
          byText(a.showtimeId, b.showtimeId),
      )
      .map(({ revenueCents, ...s }) => ({ ...s, revenue: fromCents(revenueCents) })),
    byTicketType: [...types.values()]
      .sort((a, b) => byText(a.ticketTypeName, b.ticketTypeName) || byText(a.ticketTypeId, b.ticketTypeId))
      .map(({ revenueCents, ...t }) => ({ ...t, revenue: fromCents(revenueCents) })),
    eventBreakdown: [...events.values()]
      .sort((a, b) => byText(a.eventName, b.eventName) || byText(a.eventId, b.eventId))
      .map(({ revenueCents, ...e }) => ({ ...e, revenue: fromCents(revenueCents) })),
  };
}

export type MyStats = ReturnType<typeof myStatsOf>;
