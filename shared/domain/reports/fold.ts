import { fromCents } from '../vocabulary/money';
import { moneyOf } from '../sales/facts';
import type { SalesRecord } from '../sales/model';
import type {
  BoxOfficeRow,
  ChoirRow,
  EventRow,
  ManualExternalRow,
  MemberRow,
  ReportEvent,
  SalesReport,
  ShowtimeRow,
  TypeRow,
} from './model';
import { remainingOf } from '../events/capacity/rules';

/**
 * The one fold behind every report tab and the members and showtimes exports: records go in one at a time (as the
 * streamed query yields them), sums stay in integer cents, euros come out at the end. Only records of the
 * events given count (live events of the organization, or the one filtered), so every tab covers the same set.
 *
 * - tickets sold: a record's `soldTickets` (printed orders: the reported sold total; free tickets sell nothing),
 *   plus each showtime's manual external count (seats, no money);
 * - revenue and fees: only priced sold lines (prices apart from fees, docs/decisions/orders.md);
 * - remaining: per showtime max(0, venueCapacity − seats held − manual count), summed (docs/decisions/sales.md capacity model).
 */
interface Tally {
  tickets: number;
  revenueCents: number;
  feeCents: number;
}
const tally = (): Tally => ({ tickets: 0, revenueCents: 0, feeCents: 0 });
const money = (t: Tally) => ({ revenue: fromCents(t.revenueCents), fees: fromCents(t.feeCents) });

interface ShowtimeTally {
  member: number;
  partner: number;
  externalLedger: number;
  free: number;
  seats: number;
  revenueCents: number;
  feeCents: number;
}

export class SalesReportFold {
  private readonly events = new Map<string, ReportEvent>();
  private readonly members = new Map<string, Tally & { userName: string; nameAt: string }>();
  private readonly memberChannel = tally();
  private readonly partners = new Map<string, Tally & { name?: string }>();
  private readonly external = tally();
  private readonly showtimes = new Map<string, Map<string, ShowtimeTally>>();
  private readonly types = new Map<string, Map<string, Tally & { name: string }>>();
  private readonly boxoffice = new Map<string, Map<string, Tally & { sales: number }>>();

  constructor(
    events: ReportEvent[],
    private readonly organization: { id: string; name?: string },
  ) {
    for (const event of events) {
      this.events.set(event.id, event);
      this.showtimes.set(event.id, new Map());
      this.boxoffice.set(event.id, new Map());
      const types = new Map<string, Tally & { name: string }>();
      for (const type of [...event.ticketTypes].sort((a, b) => a.sortOrder - b.sortOrder)) {
        types.set(type.id, { ...tally(), name: type.name });
      }
      this.types.set(event.id, types);
    }
  }

  /** Whether a record belongs to the report (its event is one of the report's events). */
  covers(record: SalesRecord): boolean {
    return this.events.has(record.eventId);
  }

  add(record: SalesRecord): void {
    if (!this.covers(record)) return;
    const { revenueCents, feeCents } = moneyOf(record.lines);
    const showtime = this.showtimeTally(record.eventId, record.showtimeId);
    showtime.seats += record.seats;
    if (record.kind === 'freeTicket') {
      showtime.free += record.seats;
      return;
    }
    showtime.revenueCents += revenueCents;
    showtime.feeCents += feeCents;
    const sold = { tickets: record.soldTickets, revenueCents, feeCents };
    if (record.channel === 'member') {
      showtime.member += record.soldTickets;
      addTo(this.memberChannel, sold);
      this.addMember(record, sold);
    } else if (record.channel === 'partner') {
      showtime.partner += record.soldTickets;
      const id = record.partnerOrganizationId ?? '';
      const partner = this.partners.get(id) ?? { ...tally() };
      if (record.partnerOrganizationName !== undefined) partner.name = record.partnerOrganizationName;
      addTo(partner, sold);
      this.partners.set(id, partner);
    } else {
      showtime.externalLedger += record.soldTickets;
      addTo(this.external, sold);
      const sources = this.boxoffice.get(record.eventId)!;
      const source = sources.get(record.source ?? '') ?? { ...tally(), sales: 0 };
      source.sales += 1;
      addTo(source, sold);
      sources.set(record.source ?? '', source);
    }
    const types = this.types.get(record.eventId)!;
    for (const line of record.lines) {
      const type = types.get(line.ticketTypeId) ?? { ...tally(), name: line.ticketTypeName };
      addTo(type, {
        tickets: line.quantity,
        revenueCents: line.quantity * line.unitPriceCents,
        feeCents: line.quantity * line.feeCents,
      });
      types.set(line.ticketTypeId, type);
    }
  }

  private addMember(record: SalesRecord, sold: Tally) {
    const id = record.sellerId ?? '';
    const member = this.members.get(id) ?? { ...tally(), userName: record.sellerName ?? '', nameAt: '' };
    // The name a member's newest record carries: a later rename shows, older records keep their own copy.
    if (record.sellerName !== undefined && record.createdAt >= member.nameAt) {
      member.userName = record.sellerName;
      member.nameAt = record.createdAt;
    }
    addTo(member, sold);
    this.members.set(id, member);
  }

  private showtimeTally(eventId: string, showtimeId: string): ShowtimeTally {
    const showtimes = this.showtimes.get(eventId)!;
    let entry = showtimes.get(showtimeId);
    if (!entry) {
      entry = { member: 0, partner: 0, externalLedger: 0, free: 0, seats: 0, revenueCents: 0, feeCents: 0 };
      showtimes.set(showtimeId, entry);
    }
    return entry;
  }

  result(): SalesReport {
    const events = this.eventRows();
    const manual = this.manualRows();
    const manualQuantity = manual.reduce((sum, m) => sum + m.quantity, 0);
    const all = [this.memberChannel, ...this.partners.values(), this.external];
    const allTally = all.reduce((acc, t) => addTo(acc, t), tally());
    const memberRows: MemberRow[] = [...this.members.entries()]
      .map(([userId, m]) => ({ userId, userName: m.userName, ticketsSold: m.tickets, ...money(m) }))
      .filter((m) => m.ticketsSold > 0 || m.revenue !== 0 || m.fees !== 0)
      .sort((a, b) => a.userName.localeCompare(b.userName) || a.userId.localeCompare(b.userId));
    const typeRows = this.typeRows();
    const boxRows = this.boxOfficeRows();
    return {
      members: {
        rows: memberRows,
        totals: { ticketsSold: this.memberChannel.tickets, ...money(this.memberChannel) },
      },
      choirs: {
        rows: this.choirRows(manualQuantity),
        totals: { ticketsSold: allTally.tickets + manualQuantity, ...money(allTally) },
      },
      events: {
        rows: events,
        totals: {
          ticketsSold: sum(events, 'ticketsSold'),
          ...money(events.reduce((acc, e) => addTo(acc, centsOf(e)), tally())),
          capacity: sum(events, 'capacity'),
          remaining: sum(events, 'remaining'),
          freeTickets: sum(events, 'freeTickets'),
        },
      },
      types: {
        rows: typeRows,
        totals: {
          quantity: sum(typeRows, 'quantity'),
          ...money(typeRows.reduce((acc, t) => addTo(acc, centsOf(t)), tally())),
        },
      },
      boxoffice: {
        rows: boxRows,
        manual,
        totals: {
          quantity: this.external.tickets,
          manualQuantity,
          ticketsSold: this.external.tickets + manualQuantity,
          ...money(this.external),
        },
      },
    };
  }

  private choirRows(manualQuantity: number): ChoirRow[] {
    const own: ChoirRow = {
      channel: 'member',
      organizationId: this.organization.id,
      ...(this.organization.name !== undefined ? { organizationName: this.organization.name } : {}),
      ticketsSold: this.memberChannel.tickets,
      ...money(this.memberChannel),
    };
    const partners: ChoirRow[] = [...this.partners.entries()]
      .map(([organizationId, p]) => ({
        channel: 'partner' as const,
        organizationId,
        ...(p.name !== undefined ? { organizationName: p.name } : {}),
        ticketsSold: p.tickets,
        ...money(p),
      }))
      .sort((a, b) => (a.organizationName ?? a.organizationId).localeCompare(b.organizationName ?? b.organizationId));
    const external: ChoirRow = {
      channel: 'external',
      ticketsSold: this.external.tickets + manualQuantity,
      ...money(this.external),
    };
    return [own, ...partners, external];
  }

  private eventRows(): EventRow[] {
    return this.sortedEvents().map((event) => {
      const tallies = this.showtimes.get(event.id)!;
      const known = new Set(event.showtimes.map((s) => s.showtimeId));
      const showtimes: ShowtimeRow[] = [
        ...event.showtimes.map((s) => ({ showtime: s, id: s.showtimeId })),
        // A record on a showtime the event no longer lists still counts (it cannot normally exist: SHOWTIME_IN_USE).
        ...[...tallies.keys()].filter((id) => !known.has(id)).map((id) => ({ showtime: undefined, id })),
      ].map(({ showtime, id }) => {
        const t = tallies.get(id) ?? {
          member: 0,
          partner: 0,
          externalLedger: 0,
          free: 0,
          seats: 0,
          revenueCents: 0,
          feeCents: 0,
        };
        const manual = showtime?.externalSold ?? 0;
        const externalSold = t.externalLedger + manual;
        return {
          showtimeId: id,
          ...(showtime ? { dateTime: showtime.dateTime } : {}),
          ...(showtime?.label !== undefined ? { label: showtime.label } : {}),
          capacity: event.venueCapacity,
          memberSold: t.member,
          partnerSold: t.partner,
          externalSold,
          totalSold: t.member + t.partner + externalSold,
          freeTickets: t.free,
          remaining: remainingOf(event.venueCapacity, t.seats + manual),
          revenue: fromCents(t.revenueCents),
          fees: fromCents(t.feeCents),
        };
      });
      const cents = showtimes.reduce((acc, s) => addTo(acc, centsOf(s)), tally());
      return {
        eventId: event.id,
        eventName: event.name,
        date: event.date,
        ticketsSold: sum(showtimes, 'totalSold'),
        ...money(cents),
        capacity: sum(showtimes, 'capacity'),
        remaining: sum(showtimes, 'remaining'),
        freeTickets: sum(showtimes, 'freeTickets'),
        showtimes,
      };
    });
  }

  private typeRows(): TypeRow[] {
    return this.sortedEvents().flatMap((event) =>
      [...this.types.get(event.id)!.entries()].map(([ticketTypeId, t]) => ({
        eventId: event.id,
        eventName: event.name,
        ticketTypeId,
        ticketTypeName: t.name,
        quantity: t.tickets,
        ...money(t),
      })),
    );
  }

  private boxOfficeRows(): BoxOfficeRow[] {
    return this.sortedEvents().flatMap((event) =>
      [...this.boxoffice.get(event.id)!.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([source, t]) => ({
          eventId: event.id,
          eventName: event.name,
          source,
          sales: t.sales,
          quantity: t.tickets,
          ...money(t),
        })),
    );
  }

  private manualRows(): ManualExternalRow[] {
    return this.sortedEvents().flatMap((event) =>
      event.showtimes
        .filter((s) => (s.externalSold ?? 0) > 0)
        .map((s) => ({
          eventId: event.id,
          eventName: event.name,
          showtimeId: s.showtimeId,
          quantity: s.externalSold,
          ...(s.externalNote ? { note: s.externalNote } : {}),
        })),
    );
  }

  /** Events by date, then name and id, so every tab and export lists them alike. */
  sortedEvents(): ReportEvent[] {
    return [...this.events.values()].sort(
      (a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
    );
  }

  event(eventId: string): ReportEvent | undefined {
    return this.events.get(eventId);
  }
}

function addTo(target: Tally, add: Tally): Tally {
  target.tickets += add.tickets;
  target.revenueCents += add.revenueCents;
  target.feeCents += add.feeCents;
  return target;
}

/** Back to cents from a row's two-decimal euros (exact: every row was made from cents). */
const centsOf = (row: { revenue: number; fees: number }): Tally => ({
  tickets: 0,
  revenueCents: Math.round(row.revenue * 100),
  feeCents: Math.round(row.fees * 100),
});

const sum = <T, K extends keyof T>(rows: T[], key: K) => rows.reduce((acc, row) => acc + Number(row[key]), 0);
