import type { Principal } from '../users/principal';
import type { OrderStatus } from './model';
import { pageOrders } from './repo';
import { loadOrder } from './access';
import { toOrderResponse } from './mapper';
import type { ListOrdersQuery } from './schemas';
import { eventChoices } from '../events/repo';

/**
 * GET /api/orders and /api/me/orders: one partition, one paged query. `status=pending` alone is the manager
 * queue, oldest first with ties by id; everything else newest first. Archived orders are hidden by default.
 */
/** As many events as the client's own event list asks for (GET /api/events, limit 100). */
const EVENT_CHOICES = 100;

export async function listOrders(principal: Principal, organizationId: string, query: ListOrdersQuery) {
  // The schema admits only known statuses, comma-separated.
  const statuses = query.status ? [...new Set(query.status.split(','))] : [];
  const pendingQueue = statuses.length === 1 && statuses[0] === 'pending';
  const [page, events] = await Promise.all([
    pageOrders(
      organizationId,
      {
        eventId: query.eventId || undefined,
        showtimeId: query.showtimeId || undefined,
        requestedBy: query.requestedBy || undefined,
        statuses: statuses as OrderStatus[],
        archived: query.archived,
        direction: pendingQueue ? 'ASC' : 'DESC',
      },
      query,
    ),
    // The event filter's choices beside the list (one query more, only when asked): docs/decisions/web-client.md.
    query.withEvents ? eventChoices(organizationId, EVENT_CHOICES) : undefined,
  ]);
  return {
    items: page.items.map((o) => toOrderResponse(o, principal)),
    ...(page.continuationToken ? { continuationToken: page.continuationToken } : {}),
    ...(events ? { events } : {}),
  };
}

/** The caller's own orders: the same filters, always restricted to orders they requested. */
export function listMyOrders(principal: Principal, organizationId: string, query: ListOrdersQuery) {
  return listOrders(principal, organizationId, { ...query, requestedBy: principal.userId, withEvents: false });
}

export async function getOrderById(principal: Principal, organizationId: string, orderId: string) {
  return toOrderResponse(await loadOrder(organizationId, orderId), principal);
}
