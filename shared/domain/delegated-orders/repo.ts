import { inPartition } from '../../store/query';
import type { OrderDoc, OrderStatus } from '../orders/model';

/**
 * The partner-side order lists: one paged query in the OWNER's partition, filtered on the attribution fields
 * (point reads and writes of single orders go through the orders repository).
 */
export interface DelegatedOrderFilter {
  eventId: string;
  partnerOrganizationId: string;
  /** The approval queue names the delegation; the orders list covers every order the partner sold. */
  delegationId?: string;
  showtimeId?: string;
  /** A member's own orders: those they are the buyer of record of. */
  buyerUserId?: string;
  statuses: OrderStatus[];
  /** ASC: the queue, oldest first (ties by id); DESC: newest first. */
  direction: 'ASC' | 'DESC';
}

export function pageDelegatedOrders(
  ownerOrganizationId: string,
  filter: DelegatedOrderFilter,
  page: { limit: number; continuationToken?: string },
) {
  return inPartition('orgs', ownerOrganizationId)
    .where("c.docType = 'order'")
    .where('NOT IS_DEFINED(c.deletedAt)')
    .where('c.eventId = @event', { '@event': filter.eventId })
    .where('c.soldByOrganizationId = @partner', { '@partner': filter.partnerOrganizationId })
    .whereIf(filter.delegationId, 'c.delegationId = @delegation', { '@delegation': filter.delegationId })
    .whereIf(filter.buyerUserId, 'c.buyerUserId = @buyer', { '@buyer': filter.buyerUserId })
    .whereIf(filter.showtimeId, 'c.showtimeId = @showtime', { '@showtime': filter.showtimeId })
    .whereIf(filter.statuses.length > 0, 'ARRAY_CONTAINS(@statuses, c.status)', { '@statuses': filter.statuses })
    .orderBy(`c.sortKey ${filter.direction}`)
    .page<OrderDoc>(page.limit, page.continuationToken);
}
