import { BEFORE_DELIVERY_STATUSES } from '../orders/model';

/**
 * Delegated orders (document 02, partner side) are ordinary TicketOrders in the OWNER's partition that carry the
 * attribution fields; this area only adds the partner's routes, rules and projection over them.
 */

/** The statuses the partner's approval queue can be filtered by (02 "queue: filter pending or approved"). */
/** The partner's queue: its orders before delivery (orders/model.ts BEFORE_DELIVERY_STATUSES). */
export const QUEUE_STATUSES = BEFORE_DELIVERY_STATUSES;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** Where a partner route acts: the owner's partition, the event, the partner and its live delegation. */
export interface DelegatedContext {
  ownerOrganizationId: string;
  eventId: string;
  partnerOrganizationId: string;
  partnerOrganizationName: string;
  delegationId: string;
}

/** A person as the attribution fields record them: id and the display name and e-mail at that moment. */
export interface PersonStamp {
  id: string;
  name: string;
  email: string;
}

/** The permissions of the fixed bundle (docs/decisions/delegated-orders.md) that partner routes check. */
export type DelegationPermission = 'canCreateSales' | 'canReportSoldReturned' | 'canApproveOwnMemberOrders';
