import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../api/instance';
import type { ResponseData } from '../../api/types';
import { PAGE_SIZE } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';

export type DelegatedEvent = ResponseData<
  '/api/organizations/{partnerOrganizationId}/delegated-events',
  'get'
>['items'][number];
export type SalesContext = ResponseData<
  '/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/sales-context',
  'get'
>;
export type DelegatedCatalog = ResponseData<
  '/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/catalog',
  'get'
>;
export type DelegatedOrder = ResponseData<
  '/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders/queue',
  'get'
>['items'][number];

/** The events the caller's organization sells for another organization (one call; any member). */
export function useDelegatedEvents(enabled = true) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'delegated-events'],
    queryFn: () =>
      unwrap(
        http.GET('/api/organizations/{partnerOrganizationId}/delegated-events', {
          params: { path: { partnerOrganizationId: organizationId } },
        }),
      ),
    enabled: Boolean(organizationId) && enabled,
    staleTime: 60_000,
  });
}

/** What any member orders from: ticket types and showtimes (sold out or not), one call. */
export function useCatalog(eventId: string) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'delegated-catalog', eventId],
    queryFn: () =>
      unwrap(
        http.GET('/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/catalog', {
          params: { path: { partnerOrganizationId: organizationId, eventId } },
        }),
      ),
    enabled: Boolean(organizationId),
    retry: false,
  });
}

/** The caller's own orders for the event through the partner, newest first, one paged call. */
export function useMyDelegatedOrders(eventId: string) {
  const { organizationId } = useOrganization();
  return useInfiniteQuery({
    queryKey: [organizationId, 'delegated-orders-mine', eventId],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        http.GET('/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders/mine', {
          params: {
            path: { partnerOrganizationId: organizationId, eventId },
            query: { limit: PAGE_SIZE, continuationToken: pageParam },
          },
        }),
      ),
    getNextPageParam: (last) => last.continuationToken,
    enabled: Boolean(organizationId),
  });
}

export function useSalesContext(eventId: string | undefined) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'sales-context', eventId],
    queryFn: () =>
      unwrap(
        http.GET('/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/sales-context', {
          params: { path: { partnerOrganizationId: organizationId, eventId: eventId! } },
        }),
      ),
    enabled: Boolean(organizationId && eventId),
  });
}

/** The delegation's queue in one status (pending oldest first, or approved), one paged call. */
export function useDelegatedQueue(eventId: string, status: 'pending' | 'approved') {
  const { organizationId } = useOrganization();
  return useInfiniteQuery({
    queryKey: [organizationId, 'delegated-queue', eventId, status],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        http.GET('/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders/queue', {
          params: {
            path: { partnerOrganizationId: organizationId, eventId },
            query: { status, limit: PAGE_SIZE, continuationToken: pageParam },
          },
        }),
      ),
    getNextPageParam: (last) => last.continuationToken,
  });
}

/** Every order the partner sold for the event (newest first), one call. */
export function useDelegatedOrders(eventId: string) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'delegated-orders', eventId],
    queryFn: () =>
      unwrap(
        http.GET('/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders', {
          params: { path: { partnerOrganizationId: organizationId, eventId } },
        }),
      ),
  });
}
