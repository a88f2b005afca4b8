import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../api/instance';
import type { OrderStatus } from '../api/types';
import {
  activeEventQueryOf,
  type FirstRead,
  historyQueryOf,
  myOrdersQueryOf,
  type OrderList,
  ordersQueryOf,
  PAGE_SIZE,
} from './first-screen';
import { useCurrentMutation } from './current-mutation';
import { queryClient } from './query-client';
import { meQuery, useOrganization } from './session-hooks';

/**
 * Every read the pages share, keyed by organization first so that switching organization or acting invalidates
 * by prefix. Each page uses a few of these: its API calls are this fixed set (lists one paged call each).
 */
export { PAGE_SIZE };

export const notificationsQuery = (organizationId: string) => ({
  queryKey: [organizationId, 'notifications'],
  queryFn: () => unwrap(http.GET('/api/notifications', { params: { query: { organizationId } } })),
});

/**
 * The active event, asked with its capacity summary (`withCapacity`): the summary goes into the capacity query's
 * cache, so a page showing both (the member's home, direct sales) makes one call, not two in a row.
 */
export const activeEventOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [organizationId, 'active-event'],
    queryFn: async () => {
      const event = await unwrap(
        http.GET('/api/events-active', { params: { query: activeEventQueryOf(organizationId) } }),
      );
      if (event?.capacity) queryClient.setQueryData([organizationId, 'capacity', event.id], event.capacity);
      return event;
    },
    enabled: Boolean(organizationId),
  });

export function useActiveEvent() {
  const { organizationId } = useOrganization();
  return useQuery(activeEventOptions(organizationId));
}

export function useCapacity(eventId: string | undefined) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'capacity', eventId],
    queryFn: () =>
      unwrap(
        http.GET('/api/events/{eventId}/capacity-summary', {
          params: { path: { eventId: eventId! }, query: { organizationId } },
        }),
      ),
    enabled: Boolean(organizationId && eventId),
  });
}

/** The caller's own orders, optionally by status (comma-separated), one paged call. */
export const myOrdersOptions = (organizationId: string, status?: string) =>
  infiniteQueryOptions({
    queryKey: [organizationId, 'orders', 'mine', status ?? 'all'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(http.GET('/api/me/orders', { params: { query: myOrdersQueryOf(organizationId, status, pageParam) } })),
    getNextPageParam: (last) => last.continuationToken,
    enabled: Boolean(organizationId),
  });

export function useMyOrders(status?: string) {
  const { organizationId } = useOrganization();
  return useInfiniteQuery(myOrdersOptions(organizationId, status));
}

/**
 * The organization's orders in some statuses (manager lists), one paged call. `pending` alone is oldest first.
 * `withEvents`: the first page also carries the events the list can be filtered by (`events`), so a page with an
 * event filter needs no `GET /api/events` of its own (manager/EventFilter.tsx, `carriedEvents`).
 */
export const ordersOptions = (organizationId: string, list: OrderList) =>
  infiniteQueryOptions({
    queryKey: [
      organizationId,
      'orders',
      'all',
      list.status,
      list.eventId ?? '',
      ...(list.withEvents ? ['with-events'] : []),
    ],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(http.GET('/api/orders', { params: { query: ordersQueryOf(organizationId, list, pageParam) } })),
    getNextPageParam: (last) => last.continuationToken,
    enabled: Boolean(organizationId),
  });

export function useOrders(statuses: OrderStatus[], eventId?: string, options: { withEvents?: boolean } = {}) {
  const { organizationId } = useOrganization();
  return useInfiniteQuery(ordersOptions(organizationId, { status: statuses.join(','), eventId, ...options }));
}

export const historyOptions = (organizationId: string) =>
  infiniteQueryOptions({
    queryKey: [organizationId, 'history'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(http.GET('/api/me/history', { params: { query: historyQueryOf(organizationId, pageParam) } })),
    getNextPageParam: (last) => last.continuationToken,
    enabled: Boolean(organizationId),
  });

export function useHistory() {
  const { organizationId } = useOrganization();
  return useInfiniteQuery(historyOptions(organizationId));
}

/** The organization's approved people (transfer recipients), one paged call. */
export function useMembers(eventId: string | undefined) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'members', eventId],
    queryFn: () =>
      unwrap(
        http.GET('/api/allocations/members', { params: { query: { organizationId, eventId: eventId!, limit: 200 } } }),
      ),
    enabled: Boolean(organizationId && eventId),
  });
}

/**
 * A write: runs, then refreshes everything of the organization (a sale moves orders, capacity and stats at once;
 * refetching only what is on screen is cheap). Errors stay on the mutation for the page to show; never thrown.
 */
export function useAction<TInput, TResult>(run: (input: TInput, organizationId: string) => Promise<TResult>) {
  const { organizationId } = useOrganization();
  const queryClient = useQueryClient();
  // `run` reads the page's state: the render's latest is used (current-mutation.ts says why).
  // Not awaited: the caller's own onSuccess must run before the refetch can unmount its component (an order that
  // leaves a list), or TanStack Query would drop that callback.
  return useCurrentMutation((input: TInput) => run(input, organizationId), {
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [organizationId] });
      // The shell's unread count rides on /api/auth/me: it is refreshed as the notification list was.
      void queryClient.invalidateQueries({ queryKey: ['me', organizationId] });
    },
  });
}

export const pagesOf = <T>(data: { pages: { items: T[] }[] } | undefined): T[] =>
  data?.pages.flatMap((p) => p.items) ?? [];

/**
 * Reads what the opened page shows first (data/first-screen.ts) into the cache before the first render, so that
 * render shows the page with its data, not a loading state and then a second render: the answers the entry asked
 * early are taken here. Settles when every read has (a refusal is kept in the cache for the page to show).
 */
export function readFirstScreen(reads: FirstRead[], organizationId: string): Promise<unknown> {
  // The same kinds as first-screen.ts's requestOf (that module stays free of the application for the entry); the
  // declared return type makes a kind added there fail to compile here until it is read.
  const read = (first: FirstRead): Promise<void> => {
    switch (first.kind) {
      case 'me':
        return queryClient.prefetchQuery(meQuery(organizationId));
      case 'activeEvent':
        return queryClient.prefetchQuery(activeEventOptions(organizationId));
      case 'myOrders':
        return queryClient.prefetchInfiniteQuery(myOrdersOptions(organizationId, first.status));
      case 'history':
        return queryClient.prefetchInfiniteQuery(historyOptions(organizationId));
      case 'orders':
        return queryClient.prefetchInfiniteQuery(ordersOptions(organizationId, first));
    }
  };
  return Promise.all(reads.map(read));
}
