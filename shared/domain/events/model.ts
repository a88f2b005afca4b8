import type { ProjectionLedgerFields } from './capacity/model';
export interface Showtime {
  showtimeId: string;
  dateTime: string;
  label?: string;
  /** Manual count of tickets sold outside the service; feeds capacity like the external ledger. */
  externalSold: number;
  externalNote?: string;
}

export interface TicketType {
  id: string;
  eventId: string;
  organizationId: string;
  name: string;
  price: number;
  fee: number;
  boxofficePrice?: number;
  boxofficeFee?: number;
  sortOrder: number;
}

/** The commitment round of an event (docs/decisions/orders.md); `null`/absent means it was never opened. */
export const COMMITMENT_STATUSES = ['open', 'closed', 'converted'] as const;
export type CommitmentStatus = (typeof COMMITMENT_STATUSES)[number];

/** An event with its showtimes and ticket types embedded: one point read gives everything a sale needs. */
export interface EventDoc extends ProjectionLedgerFields {
  id: string;
  docType: 'event';
  organizationId: string;
  name: string;
  date: string;
  location?: string;
  description?: string;
  venueCapacity: number;
  active: boolean;
  salesLocked?: boolean;
  enableQuotas: boolean;
  showtimes: Showtime[];
  ticketTypes: TicketType[];
  commitmentStatus?: CommitmentStatus;
  commitmentDeadline?: string;
  salesDelegations?: unknown[];
  /** Set on a participant's projection of a Shared Event (document 02). */
  sharedEventLink?: Record<string, unknown>;
  createdAt: string;
  createdBy?: string;
  updatedAt: string;
  deletedAt?: string;
  deletedBy?: string;
}

export const findShowtime = (event: EventDoc, showtimeId: string) =>
  event.showtimes.find((s) => s.showtimeId === showtimeId);
