import { containers } from '../../store/client';
import { readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';

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

export type CommitmentStatus = 'open' | 'closed' | 'converted';

/** An event with its showtimes and ticket types embedded: one point read gives everything a sale needs. */
export interface EventDoc {
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

export async function getEvent(organizationId: string, eventId: string): Promise<Stored<EventDoc> | undefined> {
  const doc = await readItem<EventDoc>(containers().orgs, organizationId, eventId);
  return doc?.docType === 'event' ? doc : undefined;
}

export function saveEvent(event: Stored<EventDoc>): Promise<Stored<EventDoc>> {
  return replaceItem(
    containers().orgs,
    event.organizationId,
    { ...event, updatedAt: new Date().toISOString() },
    event._etag,
  );
}

export const findShowtime = (event: EventDoc, showtimeId: string) =>
  event.showtimes.find((s) => s.showtimeId === showtimeId);
