import { fromCents } from '../vocabulary/money';
import { InvoiceSummaryTally, type InvoiceStanding } from '../invoicing/summary';
import type { SalesRecord } from '../sales/model';
import type { MemberSales, TicketTypeSales } from './model';
import { byLatest, compareText, type Named } from './naming';

interface MemberTally {
  name: Named;
  ticketsSold: number;
  revenueCents: number;
  /** Per ticket type id: quantity and revenue of the member's priced sold lines. */
  byType: Map<string, { name: string; quantity: number; revenueCents: number }>;
  /** The invoice summary's running counts: a few numbers per member, not a standing per record. */
  invoicing: InvoiceSummaryTally;
}

/**
 * `salesByMember`: the member channel only (registrations and the organization's own printed orders, never
 * partner-sold orders). A member is listed with at least one sold ticket or at least one record that matters to
 * invoicing (eligible, unresolved or invalid-basis), so a member whose tickets are all still in their hands shows
 * the `awaitingSettlement` warning. `totalRevenue` is prices only, like `totalRevenue` of the event.
 */
export class MemberFold {
  private readonly members = new Map<string, MemberTally>();

  private tally(record: SalesRecord): MemberTally {
    const id = record.sellerId!;
    const current = this.members.get(id);
    const name = { value: record.sellerName ?? '', at: record.createdAt };
    if (current) {
      current.name = byLatest(current.name, name);
      return current;
    }
    const created: MemberTally = {
      name,
      ticketsSold: 0,
      revenueCents: 0,
      byType: new Map(),
      invoicing: new InvoiceSummaryTally(),
    };
    this.members.set(id, created);
    return created;
  }

  /** Every member-channel record, on any showtime: the invoice summary reads all of the member's records. */
  addStanding(record: SalesRecord, standing: InvoiceStanding | undefined): void {
    const tally = this.tally(record);
    if (standing) tally.invoicing.add(standing);
  }

  /** A member-channel record on one of the event's showtimes: its sold tickets and priced lines. */
  addSale(record: SalesRecord): void {
    const tally = this.tally(record);
    tally.ticketsSold += record.soldTickets;
    for (const line of record.lines) {
      const revenueCents = line.quantity * line.unitPriceCents;
      tally.revenueCents += revenueCents;
      const type = tally.byType.get(line.ticketTypeId) ?? { name: line.ticketTypeName, quantity: 0, revenueCents: 0 };
      type.quantity += line.quantity;
      type.revenueCents += revenueCents;
      tally.byType.set(line.ticketTypeId, type);
    }
  }

  /**
   * Most tickets sold first, then by name and id. `breakdown` follows the order of `salesByTicketType` and names
   * each type as it does (the event's current name; a removed type by its recorded name); only types the member
   * sold appear.
   */
  result(types: TicketTypeSales[]): MemberSales[] {
    const position = new Map(types.map((t, i) => [t.ticketTypeId, i]));
    const nameOf = new Map(types.map((t) => [t.ticketTypeId, t.name]));
    return [...this.members.entries()]
      .filter(([, m]) => m.ticketsSold > 0 || m.invoicing.counted > 0)
      .map(([userId, m]) => {
        const invoiceSummary = m.invoicing.summary();
        const breakdown = [...m.byType.entries()]
          .filter(([, t]) => t.quantity > 0)
          .sort(([a], [b]) => (position.get(a) ?? Infinity) - (position.get(b) ?? Infinity) || compareText(a, b))
          .map(([id, t]) => ({
            ticketType: nameOf.get(id) ?? t.name,
            quantity: t.quantity,
            revenue: fromCents(t.revenueCents),
          }));
        return {
          userId,
          userName: m.name.value,
          ticketsSold: m.ticketsSold,
          totalRevenue: fromCents(m.revenueCents),
          invoiced: invoiceSummary.allEligibleInvoiced,
          invoiceSummary,
          breakdown,
        };
      })
      .sort(
        (a, b) =>
          b.ticketsSold - a.ticketsSold || compareText(a.userName, b.userName) || compareText(a.userId, b.userId),
      );
  }
}
