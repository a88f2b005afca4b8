import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { http, unwrap } from '../../api/instance';
import type { HistoryItem, ResponseData } from '../../api/types';
import { blobOf } from '../../data/download';
import { useOrganization } from '../../data/session-hooks';

export type MemberInvoice = ResponseData<'/api/me/invoices/{eventId}', 'get'>;

/** The longest page `GET /api/me/history` gives: a member's whole history is one call for nearly everyone. */
const HISTORY_PAGE = 200;

/**
 * The events the member has an issued invoice for: those of their history with an invoiced order or direct sale
 * (`invoicedAt`), newest first. The history is the member's own, one paged query; each event's invoice is then its
 * own call (`GET /api/me/invoices/{eventId}`), one per event the member was invoiced for.
 */
export function useInvoicedEvents() {
  const { organizationId } = useOrganization();
  const history = useInfiniteQuery({
    queryKey: [organizationId, 'history', 'invoiced'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        http.GET('/api/me/history', {
          params: { query: { organizationId, limit: HISTORY_PAGE, continuationToken: pageParam } },
        }),
      ),
    getNextPageParam: (last) => last.continuationToken,
    enabled: Boolean(organizationId),
  });
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  return { history, events: invoicedEventsOf(items) };
}

export function invoicedEventsOf(items: HistoryItem[]): { eventId: string; eventName: string }[] {
  const seen = new Map<string, { eventId: string; eventName: string }>();
  for (const item of items)
    if (item.invoicedAt && !seen.has(item.eventId))
      seen.set(item.eventId, { eventId: item.eventId, eventName: item.eventName });
  return [...seen.values()];
}

export function useMyInvoice(eventId: string) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'invoice', eventId],
    queryFn: () =>
      unwrap(http.GET('/api/me/invoices/{eventId}', { params: { path: { eventId }, query: { organizationId } } })),
    enabled: Boolean(organizationId),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/**
 * The invoice PDF through the typed client (a plain link cannot carry the bearer token): a blob and the server's
 * file name. A JSON error answer becomes an ApiError like any other call.
 */
export function fetchInvoicePdf(organizationId: string, eventId: string): Promise<{ blob: Blob; name: string }> {
  const call = http.GET('/api/me/invoices/{eventId}/pdf', {
    params: { path: { eventId }, query: { organizationId } },
    parseAs: 'blob',
  });
  return blobOf(call, `invoice-${eventId}.pdf`);
}
