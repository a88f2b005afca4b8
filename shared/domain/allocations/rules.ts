/**
 * Allocation arithmetic (docs/decisions/orders.md "Allocations", docs/decisions/orders.md). `used` is derived from the member's orders
 * (every non-cancelled, non-deleted order in the allocation's scope), never stored, so it follows orders as they
 * are created, cancelled, deleted or transferred without a second write that could drift.
 */
export interface AllocationItem {
  ticketTypeId: string;
  ticketTypeName: string;
  allocated: number;
}

export interface AllocationLike {
  eventId: string;
  showtimeId?: string;
  userId: string;
  items: AllocationItem[];
}

export interface OrderForQuota {
  eventId: string;
  showtimeId: string;
  requestedBy: string;
  status: string;
  deletedAt?: string;
  tickets: { ticketTypeId: string; quantity: number }[];
}

/** Whether an order counts against an allocation: same event and member, inside its showtime when it has one. */
export const inScope = (allocation: AllocationLike, order: OrderForQuota) =>
  order.eventId === allocation.eventId &&
  order.requestedBy === allocation.userId &&
  (!allocation.showtimeId || allocation.showtimeId === order.showtimeId) &&
  order.status !== 'cancelled' &&
  !order.deletedAt;

/** Ordered quantity per ticket type of the orders inside the allocation's scope. */
export function usedByType(allocation: AllocationLike, orders: OrderForQuota[]): Map<string, number> {
  const used = new Map<string, number>();
  for (const order of orders.filter((o) => inScope(allocation, o))) {
    for (const line of order.tickets) used.set(line.ticketTypeId, (used.get(line.ticketTypeId) ?? 0) + line.quantity);
  }
  return used;
}

export function itemsWithUsed(allocation: AllocationLike, orders: OrderForQuota[]) {
  const used = usedByType(allocation, orders);
  return allocation.items.map((i) => ({ ...i, used: used.get(i.ticketTypeId) ?? 0 }));
}

export interface QuotaViolation {
  ticketTypeId: string;
  allocated: number;
  used: number;
  requested: number;
}

/**
 * The first ticket type where existing use plus this request passes an applicable allocation. A member with no
 * applicable allocation has an allocation of 0; a ticket type missing from an allocation is allocated 0.
 */
export function quotaViolation(
  applicable: AllocationLike[],
  existing: OrderForQuota[],
  request: OrderForQuota,
): QuotaViolation | undefined {
  const scopes: AllocationLike[] = applicable.length
    ? applicable
    : [{ eventId: request.eventId, userId: request.requestedBy, items: [] }];
  for (const allocation of scopes) {
    const used = usedByType(allocation, existing);
    for (const line of request.tickets) {
      const allocated = allocation.items.find((i) => i.ticketTypeId === line.ticketTypeId)?.allocated ?? 0;
      const already = used.get(line.ticketTypeId) ?? 0;
      if (already + line.quantity > allocated) {
        return { ticketTypeId: line.ticketTypeId, allocated, used: already, requested: line.quantity };
      }
    }
  }
  return undefined;
}

/** Totals for the members overview: allocated and used over every item. */
export function allocationSummary(items: { allocated: number; used: number }[]) {
  const allocated = items.reduce((s, i) => s + i.allocated, 0);
  const used = items.reduce((s, i) => s + i.used, 0);
  return { allocated, used, remaining: Math.max(0, allocated - used) };
}
