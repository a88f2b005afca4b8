/**
 * The sales read-model: every number of the dashboard, the reports, the exports and a member's own stats is
 * summed from the same `SalesRecord`s, built by one pure function (facts.ts) from the same documents, so the
 * figures agree to the ticket and the cent by construction.
 */

/** Who sold: a member of the organization, a selling-partner organization (document 02), or an outside channel. */
export const SALES_CHANNELS = ['member', 'partner', 'external'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

/** One priced sold line; money in integer cents. */
export interface SoldLineCents {
  ticketTypeId: string;
  ticketTypeName: string;
  quantity: number;
  unitPriceCents: number;
  feeCents: number;
}

/** The kinds of documents that hold seats or carry money. */
export type SalesRecordKind = 'order' | 'registration' | 'externalSale' | 'freeTicket';

/**
 * One live document as the sales figures read it.
 * - `seats`: what it holds on its showtime's capacity (the capacity model; the same field the counters sum).
 * - `soldTickets`: tickets it counts as sold (0 for free tickets: they reduce remaining but are not sales).
 * - `lines`: its priced sold lines (printed orders: only validated reported lines, docs/decisions/sales.md "Reports"; never the
 *   ordered totalAmount). Σ line quantities can be below `soldTickets` when a partial printed sale has no
 *   per-type detail yet: the tickets count, their money waits for the detail.
 */
export interface SalesRecord {
  kind: SalesRecordKind;
  id: string;
  eventId: string;
  eventName?: string;
  showtimeId: string;
  /** `undefined` for free tickets, which sell nothing. */
  channel?: SalesChannel;
  seats: number;
  soldTickets: number;
  lines: SoldLineCents[];
  /** Member channel: the seller (order requester or registration seller). */
  sellerId?: string;
  sellerName?: string;
  /** Partner channel: the selling organization. */
  partnerOrganizationId?: string;
  partnerOrganizationName?: string;
  /** External channel: the sale's source. */
  source?: string;
  /** Printed orders only. */
  status?: string;
  createdAt: string;
}

/** Revenue (prices only) and fees (fees only) of some lines, in integer cents. */
export interface MoneyCents {
  revenueCents: number;
  feeCents: number;
}
