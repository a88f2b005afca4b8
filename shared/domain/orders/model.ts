import type { ProjectionLedgerFields } from '../events/capacity/model';
/** Every state of a printed-ticket order (docs/decisions/orders.md); the schemas, OpenAPI and the rules read this one list. */
export const ORDER_STATUSES = [
  'pending',
  'approved',
  'delivered',
  'awaitingReconciliation',
  'settled',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The groups of statuses the rules read, each named once (docs/decisions/orders.md): before delivery, tickets in
 * the member's hands (delivered, or reported and awaiting reconciliation), reported (delivered or later: the sold
 * count is known), reconciling or settled (every ticket is accounted for as sold or returned), nothing sold.
 */
export const BEFORE_DELIVERY_STATUSES = ['pending', 'approved'] as const satisfies readonly OrderStatus[];
export const IN_HANDS_STATUSES = ['delivered', 'awaitingReconciliation'] as const satisfies readonly OrderStatus[];
export const REPORTED_STATUSES = [...IN_HANDS_STATUSES, 'settled'] as const satisfies readonly OrderStatus[];
export const ACCOUNTED_STATUSES = ['awaitingReconciliation', 'settled'] as const satisfies readonly OrderStatus[];
export const UNSOLD_STATUSES = [...BEFORE_DELIVERY_STATUSES, 'cancelled'] as const satisfies readonly OrderStatus[];

/** Whether a status is one of a group (the groups are narrow tuples; any status may be asked about). */
export const isStatusIn = (group: readonly OrderStatus[], status: OrderStatus): boolean => group.includes(status);

/** One ordered ticket-type line; unit price and fee are copied from the ticket type when the order is made. */
export interface OrderLine {
  ticketTypeId: string;
  ticketTypeName: string;
  quantity: number;
  unitPrice: number;
  fee: number;
}

export interface TypeQuantity {
  ticketTypeId: string;
  soldQuantity: number;
}

export interface InvoiceBasisLine {
  ticketTypeId: string;
  ticketTypeName: string;
  quantity: number;
  unitPrice: number;
  fee: number;
  amount: number;
}

export interface InvoiceBasis {
  lines: InvoiceBasisLine[];
  grandTotal: number;
  totalFees: number;
  frozenAt: string;
}

/** A printed-ticket order (docs/decisions/orders.md TicketOrder). */
export interface OrderDoc extends ProjectionLedgerFields {
  id: string;
  docType: 'order';
  organizationId: string;
  eventId: string;
  eventName: string;
  /** Always resolved (the event's only showtime when the request named none), so capacity has a home. */
  showtimeId: string;
  showtimeDateTime?: string;
  showtimeLabel?: string;
  requestedBy: string;
  requestedByName: string;
  requestedByEmail: string;
  tickets: OrderLine[];
  totalQuantity: number;
  totalAmount: number;
  totalFees: number;
  status: OrderStatus;
  soldQuantity?: number;
  soldTypeQuantities?: TypeQuantity[];
  returnedQuantity?: number;
  returnedTypeQuantities?: { ticketTypeId: string; returnQuantity: number }[];
  /**
   * What this order holds on the showtime's capacity counter (its reported sold total). The ledger
   * recomputation of the capacity counters reads this field on every capacity-bearing document.
   */
  capacityQuantity: number;
  invoiceBasis?: InvoiceBasis;
  invoicedAt?: string;
  invoicedBy?: string;
  invoicedByName?: string;
  archived?: boolean;
  archivedAt?: string;
  archivedBy?: string;
  archiveOverride?: Record<string, unknown>;
  approvedBy?: string;
  approvedByName?: string;
  approvedAt?: string;
  deliveredBy?: string;
  deliveredByName?: string;
  deliveredAt?: string;
  cancelledBy?: string;
  cancelledByName?: string;
  cancelledAt?: string;
  reconciledBy?: string;
  reconciledByName?: string;
  reconciledAt?: string;
  cancelReason?: string;
  note?: string;
  adminNote?: string;
  adminNoteBy?: string;
  adminNoteByName?: string;
  adminNoteAt?: string;
  transferHistory?: Record<string, unknown>[];
  // Delegated-sales attribution (document 02); absent on the owner's direct orders.
  soldByOrganizationId?: string;
  soldByOrganizationName?: string;
  soldByUserId?: string;
  soldByUserName?: string;
  delegationId?: string;
  buyerUserId?: string;
  buyerUserName?: string;
  buyerUserEmail?: string;
  delegatedOrigin?: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  /**
   * `${createdAt}|${id}`: the list order (createdAt, then id) as one field, so one range index serves it on
   * Cosmos without a composite index (the embedded store refuses multi-field ORDER BY without one too).
   */
  sortKey?: string;
  deletedAt?: string;
  deletedBy?: string;
  deletedByName?: string;
}

/**
 * The joined key sorts as (createdAt, id) only if every createdAt has toISOString's one fixed length: a timestamp
 * without milliseconds or with an offset would shift the separator and sort by characters, not by instant. So
 * the instant is normalized first; ties of the same instant then fall to the id, ascending.
 */
export const orderSortKey = (order: Pick<OrderDoc, 'createdAt' | 'id'>) =>
  `${sortableInstant(order.createdAt)}|${order.id}`;

function sortableInstant(at: string): string {
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? at : new Date(ms).toISOString();
}
