import type { AllocationItem } from './rules';

/** One allocation per (event, showtime or whole event, member): the deterministic id is the uniqueness rule. */
export interface AllocationDoc {
  id: string;
  docType: 'allocation';
  organizationId: string;
  eventId: string;
  showtimeId?: string;
  userId: string;
  items: AllocationItem[];
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  /** Touched by every order created under this allocation: the write that serializes parallel requests. */
  lastOrderAt?: string;
}

export const allocationId = (eventId: string, showtimeId: string | undefined, userId: string) =>
  `allocation-${eventId}-${showtimeId ?? 'all'}-${userId}`;
