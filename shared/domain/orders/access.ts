import type { Principal } from '../users/principal';
import { roleAtLeast } from '../memberships/roles';
import { forbidden, notFound } from '../../errors';
import type { Stored } from '../../store/outcomes';
import { getOrder } from './repo';
import type { OrderDoc } from './model';

/** A live order of the organization; a soft-deleted or unknown one is 404 (the id says nothing either way). */
export async function loadOrder(organizationId: string, orderId: string): Promise<Stored<OrderDoc>> {
  const order = await getOrder(organizationId, orderId);
  if (!order || order.deletedAt) throw notFound('Order');
  return order;
}

export const isOwner = (order: OrderDoc, principal: Principal) => order.requestedBy === principal.userId;
export const isAtLeast = (principal: Principal, role: 'ticketManager' | 'admin') =>
  principal.isSuperAdmin || roleAtLeast(principal.role, role);

/** report-sold: the order's owner, an organization admin or a super admin. */
export function assertOwnerOrAdmin(order: OrderDoc, principal: Principal) {
  if (!isOwner(order, principal) && !isAtLeast(principal, 'admin')) {
    throw forbidden('Only the order owner or an admin can report sales on this order');
  }
}

/** return: the order's owner, or Ticket Manager+ (who also skip the date rule). */
export function assertOwnerOrManager(order: OrderDoc, principal: Principal) {
  if (!isOwner(order, principal) && !isAtLeast(principal, 'ticketManager')) {
    throw forbidden('Only the order owner or a ticket manager can record returns on this order');
  }
}
