import { ApiError } from '../api/client';
import { STATUS_LABEL } from './format';

/** Plain words for the codes a person meets; anything else shows the server's own message. */
const PLAIN: Record<string, (e: ApiError) => string> = {
  CAPACITY_EXCEEDED: (e) =>
    typeof e.data?.availableCapacity === 'number'
      ? `Not enough seats left: only ${e.data.availableCapacity} remain for this showtime, and this needs ${String(
          e.data.requestedDelta ?? 'more',
        )}.`
      : 'This showtime is sold out or its capacity is frozen for now.',
  RATE_LIMITED: (e) => `Too many attempts. Try again in ${e.retryAfterSeconds ?? 60} seconds.`,
  REGISTRATION_LOCKED: () => 'This sale is older than one hour and can no longer be changed.',
  SALES_LOCKED: () => 'Sales for this event are closed.',
  ALLOCATION_EXCEEDED: (e) => `This is more than your allocation allows. ${e.message}`,
  TRANSFER_EXCEEDS_OUTSTANDING: (e) =>
    `Only ${String(e.data?.availableQuantity ?? 'fewer')} tickets are still outstanding on this order.`,
  TRANSFER_BLOCKED_NO_OUTSTANDING: () => 'No tickets are left to move on this order.',
  TRANSFER_REQUEST_ID_REUSED: () => 'This transfer was already made with other details. Start a new transfer.',
  DELEGATED_MEMBER_ORDERING_UNAVAILABLE: () =>
    'Members cannot request tickets for themselves here yet. Ask your ticket manager for tickets.',
  DELEGATED_MEMBER_CATALOG_UNAVAILABLE: () =>
    'Ticket types and showtimes are not shown to members here yet. Ask your ticket manager for tickets.',
  INVALID_ORDER_STATE: (e) => {
    const status = /state (\w+)/.exec(e.message)?.[1];
    const label = status ? (STATUS_LABEL[status] ?? status) : undefined;
    return `The order has moved on${label ? ` (it is ${label.toLowerCase()} now)` : ''}, so this step no longer applies to it. The list now shows it as it is.`;
  },
  IDEMPOTENCY_KEY_ANSWER_LOST: () =>
    'It was saved, but the answer was lost on the way. The list shows it now: do not enter it again.',
  IDEMPOTENCY_KEY_IN_PROGRESS: () => 'It is still being saved. Wait a moment, then look at the list.',
  NETWORK_ERROR: () => 'The service could not be reached. Check the connection and try again.',
  UNAUTHORIZED: () => 'Your session has ended. Please log in again.',
  FORBIDDEN: () => 'You do not have permission to do this here.',
  NOT_FOUND: (e) => `Not found. ${e.message}`,
};

export function plainMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : 'Something went wrong.';
  if (error.status === 429) return PLAIN.RATE_LIMITED(error);
  const plain = PLAIN[error.code] ?? PLAIN[error.error];
  return plain ? plain(error) : error.message;
}
