import type { EarlyRequest } from '../api/early-answers';

/**
 * The queries of the reads a first screen makes, in one small module the entry can import without the application:
 * the data hooks (queries.ts, session-hooks.ts) ask exactly these, and the entry asks the same ones early
 * (api/early-answers.ts) for the page being opened, so the two cannot drift apart.
 */
export const PAGE_SIZE = 50;

export const meQueryOf = (organizationId: string | undefined) => (organizationId ? { organizationId } : {});
/** The active event with its capacity summary: one call for a page that shows both (home, direct sales). */
export const activeEventQueryOf = (organizationId: string) => ({ organizationId, withCapacity: true });
export const myOrdersQueryOf = (organizationId: string, status?: string, continuationToken?: string) => ({
  organizationId,
  limit: PAGE_SIZE,
  status,
  continuationToken,
});
/** A manager's order list: statuses (comma-separated), the event chosen, and whether its first page carries the events. */
export interface OrderList {
  status: string;
  eventId?: string;
  withEvents?: boolean;
}
/**
 * A page of a manager's order list (`GET /api/orders`, data/queries.ts ordersOptions): `withEvents` on its first page
 * also carries the events it can be filtered by.
 */
export const ordersQueryOf = (organizationId: string, list: OrderList, continuationToken?: string) => ({
  organizationId,
  limit: PAGE_SIZE,
  status: list.status,
  eventId: list.eventId,
  continuationToken,
  ...(list.withEvents && continuationToken === undefined ? { withEvents: true } : {}),
});
/** The event a manager's list shows: `?event=` in the URL, none meaning every event (pages/manager/EventFilter.tsx). */
export const chosenEventOf = (params: URLSearchParams): string | undefined => params.get('event') || undefined;
export const historyQueryOf = (organizationId: string, continuationToken?: string) => ({
  organizationId,
  limit: PAGE_SIZE,
  continuationToken,
});

/** The member's order tabs, named as the API's deep links name them (`/history?tab=…&orderId=…`, docs/decisions/transfers.md). */
export const ORDER_TABS = {
  active: { label: 'orders.tab.active', statuses: 'pending,approved' },
  delivered: { label: 'orders.tab.delivered', statuses: 'delivered,awaitingReconciliation' },
  settled: { label: 'orders.tab.settled', statuses: 'settled' },
  cancelled: { label: 'orders.tab.cancelled', statuses: 'cancelled' },
} as const;
export type OrderTab = keyof typeof ORDER_TABS;
export const orderTabOf = (param: string | null): OrderTab =>
  param !== null && param in ORDER_TABS ? (param as OrderTab) : 'active';

/** A read a first screen makes on load: the entry asks it early, the application has it before its first render. */
export type FirstRead =
  | { kind: 'me' }
  | { kind: 'activeEvent' }
  | { kind: 'myOrders'; status: string }
  | { kind: 'history' }
  | ({ kind: 'orders' } & OrderList);

/**
 * The pages a person opens without a session: app/App.tsx declares its routes outside RequireSession from these
 * (one list, so a page added there is known here), and they read nothing early.
 */
export const PATHS_WITHOUT_SESSION = {
  login: '/login',
  verify: '/auth/verify',
  join: '/join/:code',
  unsubscribe: '/reminders/unsubscribe',
} as const;
const withoutSession = (pathname: string) =>
  Object.values(PATHS_WITHOUT_SESSION).some((route) => pathname.startsWith(route.replace(/:[^/]+$/, '')));

/**
 * What a signed-in page reads on load, by path: the shell's `auth/me` with the organization on every one (the shell
 * draws the page only once it has answered: it carries the currency and time zone, app/Layout.tsx) and, on the
 * member's first screens (the pages of issue 33's Lighthouse audit) and the manager's queue (issue 36's web scenario),
 * the page's own first reads. Other pages ask for their own data themselves.
 */
export function firstScreenReads(pathname: string, search: string): FirstRead[] {
  switch (pathname) {
    case '/':
      return [{ kind: 'me' }, { kind: 'activeEvent' }];
    case '/history': {
      const tab = orderTabOf(new URLSearchParams(search).get('tab'));
      return [{ kind: 'me' }, { kind: 'myOrders', status: ORDER_TABS[tab].statuses }];
    }
    case '/sales':
      return [{ kind: 'me' }, { kind: 'activeEvent' }, { kind: 'history' }];
    case '/manage': {
      // As pages/manager/QueuePage.tsx asks: pending (carrying the events to filter by) and approved, of `?event=`.
      const eventId = chosenEventOf(new URLSearchParams(search));
      return [
        { kind: 'me' },
        { kind: 'orders', status: 'pending', eventId, withEvents: true },
        { kind: 'orders', status: 'approved', eventId },
      ];
    }
    default:
      return withoutSession(pathname) ? [] : [{ kind: 'me' }];
  }
}

/** The API request of a first read (its first page, for a list). */
export function requestOf(read: FirstRead, organizationId: string): EarlyRequest {
  switch (read.kind) {
    case 'me':
      return { path: '/api/auth/me', query: meQueryOf(organizationId) };
    case 'activeEvent':
      return { path: '/api/events-active', query: activeEventQueryOf(organizationId) };
    case 'myOrders':
      return { path: '/api/me/orders', query: myOrdersQueryOf(organizationId, read.status) };
    case 'history':
      return { path: '/api/me/history', query: historyQueryOf(organizationId) };
    case 'orders':
      return { path: '/api/orders', query: ordersQueryOf(organizationId, read) };
  }
}
