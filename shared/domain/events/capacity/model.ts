import type { EventDoc } from '../model';

/** The channels a showtime's seats are sold through (docs/decisions/events.md). */
export type CapacityChannel = 'orders' | 'registrations' | 'external' | 'free';

export type ChannelCounts = Record<CapacityChannel, number>;

/**
 * One counter document per showtime, in the organization's partition, moved by every capacity-taking write
 * with a conditional patch (`sold + delta <= capacity` evaluated by the store), so no two concurrent writes can
 * pass capacity. Field names are lower-case single words: the embedded store's patch predicates only handle those.
 */
export interface CapacityCounterDoc extends ChannelCounts {
  id: string;
  docType: 'capacityCounter';
  organizationId: string;
  eventId: string;
  showtimeId: string;
  capacity: number;
  sold: number;
  /** Mirror of the event's `salesLocked`, so report-sold can refuse a locked event without reading it. */
  locked: boolean;
  /**
   * The showtime's revenue and fees in integer cents, moved in the same batch as every ledger write that changes
   * them (money.ts). They count only when `moneykept` is true: set on counters created empty with their event
   * and by the heal timer's recompute from the ledger; a counter from before (or rebuilt from the ledger without
   * money) lacks it, and its showtime's money is read from the ledger until the timer fills it in.
   */
  revenue?: number;
  fees?: number;
  moneykept?: boolean;
  updatedAt: string;
}

/** The ledger document types whose `capacityQuantity` the counters sum (soft-deleted ones count for nothing). */
export const LEDGER_DOC_TYPES = ['order', 'registration', 'externalSale', 'freeTicket'] as const;
export type LedgerDocType = (typeof LEDGER_DOC_TYPES)[number];

/** Enough of an event to address its counters; the full document is loaded only to rebuild a missing counter. */
export type EventRef = Pick<EventDoc, 'id' | 'organizationId'> & Partial<EventDoc>;

/**
 * Fields of a ledger document written on a Shared Event projection (never returned by the API): the Shared
 * Event its seats belong to, and the recent capacity operations it carries (the timer's roll-forward evidence).
 */
export interface ProjectionLedgerFields {
  sharedEventId?: string;
  capacityOps?: string[];
}

/** The Shared Event a projection's seats belong to (its link names it); undefined for an ordinary event. */
export const sharedEventIdOf = (event: EventRef): string | undefined => {
  const id = (event.sharedEventLink as { sharedEventId?: unknown } | undefined)?.sharedEventId;
  return typeof id === 'string' ? id : undefined;
};

export const counterId = (eventId: string, showtimeId: string) => `capacity-${eventId}-${showtimeId}`;

/** What a ledger document written on a projection records so later writes find the Shared Event without the event. */
export const projectionStamp = (event: EventRef): { sharedEventId?: string } => {
  const sharedEventId = sharedEventIdOf(event);
  return sharedEventId === undefined ? {} : { sharedEventId };
};

/** The EventRef of a ledger document: its event, organization and, when sold on a projection, its Shared Event. */
export const eventRefOf = (doc: { eventId: string; organizationId: string; sharedEventId?: string }): EventRef => ({
  id: doc.eventId,
  organizationId: doc.organizationId,
  ...(doc.sharedEventId !== undefined ? { sharedEventLink: { sharedEventId: doc.sharedEventId } } : {}),
});
