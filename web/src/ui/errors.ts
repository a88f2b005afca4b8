import { ApiError } from '../api/client';
import { i18next } from '../i18n';
import { formatNumber, statusLabel } from './format';

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values);

/** Plain words for the codes a person meets, in their language; anything else shows the server's own message. */
const PLAIN: Record<string, (e: ApiError) => string> = {
  CAPACITY_EXCEEDED: (e) =>
    typeof e.data?.availableCapacity === 'number'
      ? t('errors.capacityExceeded', {
          count: e.data.availableCapacity,
          available: formatNumber(e.data.availableCapacity),
          requested: typeof e.data.requestedDelta === 'number' ? formatNumber(e.data.requestedDelta) : '—',
        })
      : t('errors.soldOut'),
  RATE_LIMITED: (e) => t('errors.rateLimited', { count: e.retryAfterSeconds ?? 60 }),
  REGISTRATION_LOCKED: () => t('errors.registrationLocked'),
  SALES_LOCKED: () => t('errors.salesLocked'),
  ALLOCATION_EXCEEDED: (e) => t('errors.allocationExceeded', { message: e.message }),
  TRANSFER_EXCEEDS_OUTSTANDING: (e) =>
    typeof e.data?.availableQuantity === 'number'
      ? t('errors.transferExceedsOutstanding', { count: e.data.availableQuantity })
      : t('errors.transferExceedsOutstandingFewer'),
  TRANSFER_BLOCKED_NO_OUTSTANDING: () => t('errors.transferNoOutstanding'),
  TRANSFER_REQUEST_ID_REUSED: () => t('errors.transferReused'),
  DELEGATED_MEMBER_ORDERING_UNAVAILABLE: () => t('errors.delegatedOrdering'),
  DELEGATED_MEMBER_CATALOG_UNAVAILABLE: () => t('errors.delegatedCatalog'),
  INVALID_ORDER_STATE: (e) => {
    const status = /state (\w+)/.exec(e.message)?.[1];
    return status ? t('errors.orderMovedTo', { status: statusLabel(status) }) : t('errors.orderMoved');
  },
  IDEMPOTENCY_KEY_ANSWER_LOST: () => t('errors.answerLost'),
  IDEMPOTENCY_KEY_IN_PROGRESS: () => t('errors.inProgress'),
  NETWORK_ERROR: () => t('errors.network'),
  UNAUTHORIZED: () => t('errors.unauthorized'),
  FORBIDDEN: () => t('errors.forbidden'),
  NOT_FOUND: (e) => t('errors.notFound', { message: e.message }),
};

export function plainMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : t('errors.unknown');
  if (error.status === 429) return PLAIN.RATE_LIMITED(error);
  const plain = PLAIN[error.code] ?? PLAIN[error.error];
  return plain ? plain(error) : error.message;
}
