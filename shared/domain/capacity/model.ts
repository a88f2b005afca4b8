import type { EventDoc } from '../events/model';

/** The channels a showtime's seats are sold through (01-core §2). */
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
  updatedAt: string;
}

/** The ledger document types whose `capacityQuantity` the counters sum (soft-deleted ones count for nothing). */
export const LEDGER_DOC_TYPES = ['order', 'registration', 'externalSale', 'freeTicket'] as const;
export type LedgerDocType = (typeof LEDGER_DOC_TYPES)[number];

/** Enough of an event to address its counters; the full document is loaded only to rebuild a missing counter. */
export type EventRef = Pick<EventDoc, 'id' | 'organizationId'> & Partial<EventDoc>;

export const counterId = (eventId: string, showtimeId: string) => `capacity-${eventId}-${showtimeId}`;
