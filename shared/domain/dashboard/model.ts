import type { DoorFiguresOfEvent } from '../ticket-views/figures';
import type { EventReceivables } from '../invoicing/receivables';
import type { EventDoc } from '../events/model';
import type { MemberInvoiceSummary } from '../invoicing/summary';

/**
 * DashboardStats (docs/decisions/sales.md), the answer of GET management/dashboard/{eventId}. Money is a number with at most
 * two decimals, summed in integer cents first; `totalRevenue` and every `revenue` are prices only, `totalFee`
 * fees only (docs/decisions/orders.md). Optional fields are absent when they have no value ("absent means 0").
 */
/**
 * What a Treasurer+ export adds to the dashboard: the door figures (GET …/events/{eventId}/door) and the receivables
 * (GET …/events/{eventId}/receivables), the same shapes as those routes answer.
 */
export interface MoneyOwed {
  door: DoorFiguresOfEvent;
  receivables: EventReceivables;
}

/** The content of a dashboard export: the dashboard, and for Treasurer+ what is owed. */
export interface DashboardExport {
  stats: DashboardStats;
  owed?: MoneyOwed;
}

export interface DashboardStats {
  organizationId: string;
  /** ISO 4217: the organization's currency, the unit of every amount here and in the exports. */
  currency: string;
  eventId: string;
  eventName: string;
  venueCapacity: number;
  totalTicketsSold: number;
  totalRevenue: number;
  totalFee: number;
  ticketsRemaining: number;
  activeSellers: number;
  salesByMember: MemberSales[];
  salesByTicketType: TicketTypeSales[];
  salesByShowtime: ShowtimeSales[];
  salesByPartnerOrganization: PartnerOrganizationSales[];
}

/** One ticket type of a member's sales; `ticketType` is the ticket type's name. */
export interface MemberTicketTypeSales {
  ticketType: string;
  quantity: number;
  revenue: number;
}

export interface MemberSales {
  userId: string;
  userName: string;
  ticketsSold: number;
  totalRevenue: number;
  /** Legacy copy of `invoiceSummary.allEligibleInvoiced`. */
  invoiced: boolean;
  invoiceSummary: MemberInvoiceSummary;
  breakdown: MemberTicketTypeSales[];
}

export interface TicketTypeSales {
  ticketTypeId: string;
  name: string;
  price: number;
  sold: number;
  revenue: number;
}

export interface ExternalSourceSales {
  source: string;
  quantity: number;
}

export interface ShowtimeSales {
  showtimeId: string;
  dateTime: string;
  label?: string;
  sold: number;
  partnerSold?: number;
  externalSold: number;
  totalSold: number;
  remaining: number;
  revenue: number;
  partnerRevenue?: number;
  externalBySource: ExternalSourceSales[];
}

/** The element of `salesByPartnerOrganization` (the spec leaves it to us; docs/decisions/sales.md). */
export interface PartnerOrganizationSales {
  organizationId: string;
  organizationName?: string;
  ticketsSold: number;
  revenue: number;
  fee: number;
}

/** The source named for a showtime's manual `externalSold` count in `externalBySource` (docs/decisions/sales.md). */
export const MANUAL_EXTERNAL_SOURCE = 'manual';

/** What the dashboard reads of the event: one point read gives all of it. */
export type DashboardEvent = Pick<
  EventDoc,
  'id' | 'organizationId' | 'name' | 'venueCapacity' | 'showtimes' | 'ticketTypes'
>;
