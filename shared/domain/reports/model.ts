import type { EventDoc } from '../events/model';

/**
 * The reports (docs/decisions/sales.md "Reports"): one report tab per `type`, `all` for every tab at once, and the four CSV
 * exports. Every figure is summed from the sales read-model (shared/domain/sales), so the tabs, the exports, the
 * dashboard and a member's own stats agree to the ticket and the cent.
 */
export const REPORT_TYPES = ['members', 'choirs', 'events', 'types', 'boxoffice', 'all'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export type ReportSection = Exclude<ReportType, 'all'>;
export const REPORT_SECTIONS: readonly ReportSection[] = ['members', 'choirs', 'events', 'types', 'boxoffice'];

export const EXPORT_TYPES = ['transactions', 'members', 'showtimes', 'orders'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
export const EXPORT_FORMATS = ['csv'] as const;

/** What a report reads of an event: names, capacity, ticket types and the manual external counts. */
export type ReportEvent = Pick<EventDoc, 'id' | 'name' | 'date' | 'venueCapacity' | 'showtimes' | 'ticketTypes'>;

/** Money of the rows is in euros with at most two decimals, summed in cents. */
export interface MemberRow {
  userId: string;
  userName: string;
  ticketsSold: number;
  revenue: number;
  fees: number;
}

export interface ChoirRow {
  /** `member`: the organization's own members; `partner`: a selling-partner organization; `external`: box office. */
  channel: 'member' | 'partner' | 'external';
  /** Absent for the external channel, which is no organization. */
  organizationId?: string;
  organizationName?: string;
  ticketsSold: number;
  revenue: number;
  fees: number;
}

export interface ShowtimeRow {
  showtimeId: string;
  dateTime?: string;
  label?: string;
  capacity: number;
  memberSold: number;
  partnerSold: number;
  /** Manual count plus box-office ledger sales. */
  externalSold: number;
  totalSold: number;
  freeTickets: number;
  remaining: number;
  revenue: number;
  fees: number;
}

export interface EventRow {
  eventId: string;
  eventName: string;
  date: string;
  ticketsSold: number;
  revenue: number;
  fees: number;
  capacity: number;
  remaining: number;
  freeTickets: number;
  showtimes: ShowtimeRow[];
}

export interface TypeRow {
  eventId: string;
  eventName: string;
  ticketTypeId: string;
  ticketTypeName: string;
  quantity: number;
  revenue: number;
  fees: number;
}

export interface BoxOfficeRow {
  eventId: string;
  eventName: string;
  source: string;
  sales: number;
  quantity: number;
  revenue: number;
  fees: number;
}

export interface ManualExternalRow {
  eventId: string;
  eventName: string;
  showtimeId: string;
  quantity: number;
  note?: string;
}

export interface SalesTotals {
  ticketsSold: number;
  revenue: number;
  fees: number;
}

export interface SalesReport {
  members: { rows: MemberRow[]; totals: SalesTotals };
  choirs: { rows: ChoirRow[]; totals: SalesTotals };
  events: { rows: EventRow[]; totals: SalesTotals & { capacity: number; remaining: number; freeTickets: number } };
  types: { rows: TypeRow[]; totals: { quantity: number; revenue: number; fees: number } };
  boxoffice: {
    rows: BoxOfficeRow[];
    manual: ManualExternalRow[];
    totals: { quantity: number; manualQuantity: number; ticketsSold: number; revenue: number; fees: number };
  };
}
