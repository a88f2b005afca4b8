import { DEFAULT_CURRENCY } from '../organization-settings/model';
import { fromCents } from '../vocabulary/money';
import { orderStanding, registrationStanding, type InvoiceStanding } from '../invoicing/summary';
import { moneyOf, salesRecordOf, type SalesSourceDoc } from '../sales/facts';
import type { SalesRecord } from '../sales/model';
import { MemberFold } from './members';
import {
  MANUAL_EXTERNAL_SOURCE,
  type DashboardEvent,
  type DashboardStats,
  type PartnerOrganizationSales,
  type ShowtimeSales,
  type TicketTypeSales,
} from './model';
import { byLatest, compareText, type Named } from './naming';
import { remainingOf } from '../events/capacity/rules';

interface ShowtimeTally {
  memberSold: number;
  partnerSold: number;
  ledgerExternalSold: number;
  /** Every seat held on the showtime's capacity, free tickets included (the manual count is added at the end). */
  seats: number;
  revenueCents: number;
  partnerRevenueCents: number;
  bySource: Map<string, number>;
}

interface TypeTally {
  name: Named;
  /** Latest recorded unit price: the price of a type no longer on the event. */
  price: Named<number>;
  sold: number;
  revenueCents: number;
}

interface PartnerTally {
  name?: Named;
  ticketsSold: number;
  revenueCents: number;
  feeCents: number;
}

/**
 * The dashboard as a fold: `addDoc` takes the event's sales documents one at a time (a streamed query page by
 * page), keeping only running sums per showtime, ticket type, member and partner, so memory and time grow with
 * the number of distinct members and types, not with orders. Every figure comes from the sales read-model
 * (`salesRecordOf`), in integer cents until `result()`.
 *
 * Records on a showtime the event no longer has (the API refuses to delete a showtime in use, so only old data)
 * count in no figure, like the capacity counters; their invoice standing still counts for the member.
 */
export class DashboardFold {
  private readonly showtimes = new Map<string, ShowtimeTally>();
  private readonly types = new Map<string, TypeTally>();
  private readonly partners = new Map<string, PartnerTally>();
  private readonly members = new MemberFold();
  private feeCents = 0;

  constructor(private readonly event: DashboardEvent) {
    for (const s of event.showtimes) {
      this.showtimes.set(s.showtimeId, {
        memberSold: 0,
        partnerSold: 0,
        ledgerExternalSold: 0,
        seats: 0,
        revenueCents: 0,
        partnerRevenueCents: 0,
        bySource: new Map(),
      });
    }
  }

  /** One document as the sales query projects it: its sales record and, member channel, its invoice standing. */
  addDoc(doc: SalesSourceDoc): void {
    const record = salesRecordOf(doc);
    if (!record) return;
    this.add(record, standingOf(doc));
  }

  add(record: SalesRecord, standing?: InvoiceStanding): void {
    if (record.channel === 'member' && record.sellerId !== undefined) {
      this.members.addStanding(record, standing);
    }
    const showtime = this.showtimes.get(record.showtimeId);
    if (!showtime) return;
    const money = moneyOf(record.lines);
    showtime.seats += record.seats;
    showtime.revenueCents += money.revenueCents;
    this.feeCents += money.feeCents;
    for (const line of record.lines) this.addTypeLine(line, record.createdAt);
    if (record.channel === 'member') {
      showtime.memberSold += record.soldTickets;
      this.members.addSale(record);
    } else if (record.channel === 'partner') {
      showtime.partnerSold += record.soldTickets;
      showtime.partnerRevenueCents += money.revenueCents;
      this.addPartner(record, money.revenueCents, money.feeCents);
    } else if (record.channel === 'external') {
      showtime.ledgerExternalSold += record.soldTickets;
      const source = record.source ?? '';
      showtime.bySource.set(source, (showtime.bySource.get(source) ?? 0) + record.soldTickets);
    }
  }

  private addTypeLine(line: SalesRecord['lines'][number], at: string) {
    const tally = this.types.get(line.ticketTypeId) ?? {
      name: { value: line.ticketTypeName, at },
      price: { value: line.unitPriceCents, at },
      sold: 0,
      revenueCents: 0,
    };
    tally.name = byLatest(tally.name, { value: line.ticketTypeName, at });
    tally.price = byLatest(tally.price, { value: line.unitPriceCents, at });
    tally.sold += line.quantity;
    tally.revenueCents += line.quantity * line.unitPriceCents;
    this.types.set(line.ticketTypeId, tally);
  }

  private addPartner(record: SalesRecord, revenueCents: number, feeCents: number) {
    const id = record.partnerOrganizationId ?? '';
    const tally = this.partners.get(id) ?? { ticketsSold: 0, revenueCents: 0, feeCents: 0 };
    if (record.partnerOrganizationName !== undefined) {
      tally.name = byLatest(tally.name, { value: record.partnerOrganizationName, at: record.createdAt });
    }
    tally.ticketsSold += record.soldTickets;
    tally.revenueCents += revenueCents;
    tally.feeCents += feeCents;
    this.partners.set(id, tally);
  }

  /** `shared`: a Shared Event projection's availability per showtime, which its `remaining` states instead. */
  result(shared?: ReadonlyMap<string, { remaining: number }>): Omit<DashboardStats, 'currency'> {
    const salesByShowtime = this.event.showtimes.map((s) => {
      const sales = this.showtimeSales(s, this.showtimes.get(s.showtimeId)!);
      const available = shared?.get(s.showtimeId);
      return available ? { ...sales, remaining: available.remaining } : sales;
    });
    const salesByTicketType = this.ticketTypeSales();
    const salesByMember = this.members.result(salesByTicketType);
    const revenueCents = [...this.showtimes.values()].reduce((sum, s) => sum + s.revenueCents, 0);
    return {
      organizationId: this.event.organizationId,
      eventId: this.event.id,
      eventName: this.event.name,
      venueCapacity: this.event.venueCapacity,
      totalTicketsSold: salesByShowtime.reduce((sum, s) => sum + s.totalSold, 0),
      totalRevenue: fromCents(revenueCents),
      totalFee: fromCents(this.feeCents),
      ticketsRemaining: salesByShowtime.reduce((sum, s) => sum + s.remaining, 0),
      activeSellers: salesByMember.filter((m) => m.ticketsSold > 0).length,
      salesByMember,
      salesByTicketType,
      salesByShowtime,
      salesByPartnerOrganization: this.partnerSales(),
    };
  }

  private showtimeSales(showtime: DashboardEvent['showtimes'][number], tally: ShowtimeTally): ShowtimeSales {
    const manual = showtime.externalSold ?? 0;
    const externalSold = manual + tally.ledgerExternalSold;
    const bySource = [...tally.bySource.entries()]
      .sort(([a], [b]) => compareText(a, b))
      .map(([source, quantity]) => ({ source, quantity }));
    if (manual !== 0) bySource.push({ source: MANUAL_EXTERNAL_SOURCE, quantity: manual });
    return {
      showtimeId: showtime.showtimeId,
      dateTime: showtime.dateTime,
      ...(showtime.label !== undefined ? { label: showtime.label } : {}),
      sold: tally.memberSold,
      ...(tally.partnerSold !== 0 ? { partnerSold: tally.partnerSold } : {}),
      externalSold,
      totalSold: tally.memberSold + tally.partnerSold + externalSold,
      remaining: remainingOf(this.event.venueCapacity, tally.seats + manual),
      revenue: fromCents(tally.revenueCents),
      ...(tally.partnerRevenueCents !== 0 ? { partnerRevenue: fromCents(tally.partnerRevenueCents) } : {}),
      externalBySource: bySource,
    };
  }

  /** Every ticket type of the event by sortOrder (then name), then types only the sales still name, by name. */
  private ticketTypeSales(): TicketTypeSales[] {
    const current = [...this.event.ticketTypes]
      .sort((a, b) => a.sortOrder - b.sortOrder || compareText(a.name, b.name) || compareText(a.id, b.id))
      .map((type) => {
        const tally = this.types.get(type.id);
        return {
          ticketTypeId: type.id,
          name: type.name,
          price: type.price,
          sold: tally?.sold ?? 0,
          revenue: fromCents(tally?.revenueCents ?? 0),
        };
      });
    const known = new Set(this.event.ticketTypes.map((t) => t.id));
    const gone = [...this.types.entries()]
      .filter(([id]) => !known.has(id))
      .map(([id, tally]) => ({
        ticketTypeId: id,
        name: tally.name.value,
        price: fromCents(tally.price.value),
        sold: tally.sold,
        revenue: fromCents(tally.revenueCents),
      }))
      .sort((a, b) => compareText(a.name, b.name) || compareText(a.ticketTypeId, b.ticketTypeId));
    return [...current, ...gone];
  }

  private partnerSales(): PartnerOrganizationSales[] {
    return [...this.partners.entries()]
      .map(([organizationId, tally]) => ({
        organizationId,
        ...(tally.name !== undefined ? { organizationName: tally.name.value } : {}),
        ticketsSold: tally.ticketsSold,
        revenue: fromCents(tally.revenueCents),
        fee: fromCents(tally.feeCents),
      }))
      .sort(
        (a, b) =>
          compareText(a.organizationName ?? a.organizationId, b.organizationName ?? b.organizationId) ||
          compareText(a.organizationId, b.organizationId),
      );
  }
}

/** How a member-channel document stands for invoicing (docs/decisions/sales.md MemberInvoiceSummary rules). */
function standingOf(doc: SalesSourceDoc): InvoiceStanding | undefined {
  if (doc.docType === 'order') return orderStanding(doc as Parameters<typeof orderStanding>[0]);
  if (doc.docType === 'registration') return registrationStanding(doc as Parameters<typeof registrationStanding>[0]);
  return undefined;
}

/** The dashboard of one event from its sales documents (pure: the service feeds it the streamed pages). */
export function buildDashboard(
  event: DashboardEvent,
  docs: Iterable<SalesSourceDoc>,
  currency = DEFAULT_CURRENCY,
): DashboardStats {
  const fold = new DashboardFold(event);
  for (const doc of docs) fold.addDoc(doc);
  return { ...fold.result(), currency };
}
