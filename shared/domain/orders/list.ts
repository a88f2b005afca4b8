import type { SqlParameter } from '@azure/cosmos';
import type { Principal } from '../../auth/principal';
import { containers } from '../../store/client';
import { queryPage } from '../../store/pagination';
import type { OrderDoc } from './model';
import { loadOrder } from './access';
import { toOrderResponse } from './mapper';
import type { ListOrdersQuery } from './schemas';

/**
 * GET /api/orders and /api/me/orders: one partition, one paged query. `status=pending` alone is the manager
 * queue, oldest first with ties by id; everything else newest first. Archived orders are hidden by default.
 */
export async function listOrders(principal: Principal, organizationId: string, query: ListOrdersQuery) {
  const where = ['c.organizationId = @org', "c.docType = 'order'", 'NOT IS_DEFINED(c.deletedAt)'];
  const parameters: SqlParameter[] = [{ name: '@org', value: organizationId }];
  const filter = (clause: string, name: string, value: SqlParameter['value']) => {
    where.push(clause);
    parameters.push({ name, value });
  };
  if (query.eventId) filter('c.eventId = @event', '@event', query.eventId);
  if (query.showtimeId) filter('c.showtimeId = @showtime', '@showtime', query.showtimeId);
  if (query.requestedBy) filter('c.requestedBy = @user', '@user', query.requestedBy);
  const statuses = query.status ? [...new Set(query.status.split(','))] : [];
  if (statuses.length) filter('ARRAY_CONTAINS(@statuses, c.status)', '@statuses', statuses);
  if (query.archived === 'false') where.push('(NOT IS_DEFINED(c.archived) OR c.archived = false)');
  if (query.archived === 'true') where.push('c.archived = true');
  const pendingQueue = statuses.length === 1 && statuses[0] === 'pending';
  const order = pendingQueue ? 'ORDER BY c.sortKey ASC' : 'ORDER BY c.sortKey DESC';
  const page = await queryPage<OrderDoc>(
    containers().orgs,
    organizationId,
    { query: `SELECT * FROM c WHERE ${where.join(' AND ')} ${order}`, parameters },
    query.limit,
    query.continuationToken,
  );
  return {
    items: page.items.map((o) => toOrderResponse(o, principal)),
    ...(page.continuationToken ? { continuationToken: page.continuationToken } : {}),
  };
}

/** The caller's own orders: the same filters, always restricted to orders they requested. */
export function listMyOrders(principal: Principal, organizationId: string, query: ListOrdersQuery) {
  return listOrders(principal, organizationId, { ...query, requestedBy: principal.userId });
}

export async function getOrderById(principal: Principal, organizationId: string, orderId: string) {
  return toOrderResponse(await loadOrder(organizationId, orderId), principal);
}
