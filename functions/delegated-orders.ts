import { partnerScope } from '../shared/auth/scope';
import type { PartnerGrant } from '../shared/domain/delegations/partner-access';
import type { Role } from '../shared/domain/memberships/model';
import { config } from '../shared/config';
import { unavailable, type ErrorCode } from '../shared/errors';
import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import type { HandlerInput } from '../shared/http/route';
import type { Schema } from '../shared/domain/vocabulary/validation';
import { createOnBehalfOrder, createSelfServiceOrder } from '../shared/domain/delegated-orders/create';
import { delegatedCatalog } from '../shared/domain/delegated-orders/catalog';
import {
  delegatedOrders,
  delegatedQueue,
  delegatedSalesContext,
  myDelegatedOrders,
} from '../shared/domain/delegated-orders/list';
import { reportDelegatedReturn, reportDelegatedSold } from '../shared/domain/delegated-orders/reporting';
import {
  delegatedCatalogResponse,
  myDelegatedOrdersQuery,
  onBehalfOrderBody,
  partnerOrderPage,
  partnerOrderResponse,
  partnerOrdersQuery,
  queueQuery,
  salesContextResponse,
  selfOrderBody,
} from '../shared/domain/delegated-orders/schemas';
import {
  approveAndDeliverDelegatedOrder,
  approveDelegatedOrder,
  cancelDelegatedOrder,
  deliverDelegatedOrder,
} from '../shared/domain/delegated-orders/transitions';
import { cancelBody, reportSoldBody, returnBody } from '../shared/domain/orders/schemas';

/**
 * Delegated sales, partner side (docs/decisions/delegated-orders.md): `/api/organizations/{partnerOrganizationId}/delegated-events/
 * {eventId}/...`. Authority comes from the partner scope, which re-reads the owner's LIVE delegation on every
 * request (a revoke blocks everything at once); never restricted by organization mode.
 */
const tags = ['delegated-sales'];
const base = 'organizations/{partnerOrganizationId}/delegated-events/{eventId}';
const scope = (role: Role) => partnerScope({ partnerParam: 'partnerOrganizationId', eventParam: 'eventId', role });

interface PartnerRoute {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  role: Role;
  summary: string;
  body?: Schema;
  query?: Schema;
  response: Schema;
  errors?: ErrorCode[];
  successStatus?: number;
  deprecated?: boolean;
  idempotent?: true | 'claim';
  keyRecordIn?: 'eventOwner';
  gate?: () => void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  run: (input: HandlerInput<any, any>, grant: PartnerGrant) => Promise<unknown>;
}

const partnerRoute = ({ path, role, run, ...route }: PartnerRoute) =>
  defineRoute({
    ...route,
    route: `${base}${path}`,
    scope: scope(role),
    tags,
    ...(route.method === 'POST' && !route.body ? { body: emptyBody } : {}),
    handler: (input) => run(input, input.grant),
  });

const STATE: ErrorCode[] = ['INVALID_ORDER_STATE'];
const LIFECYCLE: ErrorCode[] = ['INVALID_LIFECYCLE_STATE'];

partnerRoute({
  name: 'delegated-sales-context',
  method: 'GET',
  path: '/sales-context',
  role: 'ticketManager',
  summary: 'What a seller needs: ticket types, showtimes and per showtime { showtimeId, venueCapacity, remaining }',
  response: salesContextResponse,
  run: (_input, grant) => delegatedSalesContext(grant),
});

partnerRoute({
  name: 'delegated-catalog',
  method: 'GET',
  path: '/catalog',
  role: 'member',
  summary:
    'What a partner member orders from: event, ticket types and showtimes (sold out or not, no seat counts); 503 when the catalog is off',
  response: delegatedCatalogResponse,
  errors: ['DELEGATED_MEMBER_CATALOG_UNAVAILABLE'],
  gate: () => {
    if (!config().delegatedMemberCatalogEnabled) {
      throw unavailable(
        'The catalog of delegated events is switched off for members',
        'DELEGATED_MEMBER_CATALOG_UNAVAILABLE',
      );
    }
  },
  run: (_input, grant) => delegatedCatalog(grant),
});

partnerRoute({
  name: 'delegated-orders-create-self',
  method: 'POST',
  // The key record rides along in the order's create, in the owner's partition (docs/decisions/api-contract.md).
  idempotent: true,
  keyRecordIn: 'eventOwner',
  path: '/orders/self',
  role: 'member',
  summary: "A partner member's own order (pending, in the owner's event); 503 when member ordering is off",
  body: selfOrderBody,
  response: partnerOrderResponse,
  successStatus: 201,
  errors: ['DELEGATED_MEMBER_ORDERING_UNAVAILABLE', 'SALES_LOCKED'],
  gate: () => {
    if (!config().delegatedMemberOrderingEnabled) {
      throw unavailable(
        'Member ordering for delegated events is switched off',
        'DELEGATED_MEMBER_ORDERING_UNAVAILABLE',
      );
    }
  },
  run: async ({ principal, body }, grant) => created(await createSelfServiceOrder(principal, grant, body)),
});

partnerRoute({
  name: 'delegated-orders-queue',
  method: 'GET',
  path: '/orders/queue',
  role: 'ticketManager',
  summary: "The approval queue of this delegation's orders: status pending (default) or approved, oldest first",
  query: queueQuery,
  response: partnerOrderPage,
  run: ({ query }, grant) => delegatedQueue(grant, query),
});

const moves = [
  ['approve', 'Approve a pending member order', approveDelegatedOrder],
  ['deliver', 'Mark an approved member order delivered (sold 0, returned 0)', deliverDelegatedOrder],
  ['approve-and-deliver', 'Pending to delivered in one step', approveAndDeliverDelegatedOrder],
] as const;
for (const [path, summary, run] of moves) {
  partnerRoute({
    name: `delegated-orders-${path}`,
    method: 'POST',
    path: `/orders/{orderId}/${path}`,
    role: 'ticketManager',
    summary,
    response: partnerOrderResponse,
    errors: STATE,
    run: ({ principal, params }, grant) => run(principal, grant, params.orderId),
  });
}

partnerRoute({
  name: 'delegated-orders-cancel',
  method: 'POST',
  path: '/orders/{orderId}/cancel',
  role: 'member',
  summary: 'Cancel a pending order (its buyer, or Ticket Manager+); approved or delivered: owner routes only',
  body: cancelBody,
  response: partnerOrderResponse,
  errors: STATE,
  run: ({ principal, params, body }, grant) => cancelDelegatedOrder(principal, grant, params.orderId, body),
});

partnerRoute({
  name: 'delegated-orders-list',
  method: 'GET',
  path: '/orders',
  role: 'ticketManager',
  summary: 'Orders sold by the partner for this event (transferred-away ones left out), newest first',
  query: partnerOrdersQuery,
  response: partnerOrderPage,
  run: ({ query }, grant) => delegatedOrders(grant, query),
});

partnerRoute({
  name: 'delegated-orders-mine',
  method: 'GET',
  path: '/orders/mine',
  role: 'member',
  summary: "The caller's own orders for this event through the partner (buyer of record), newest first",
  query: myDelegatedOrdersQuery,
  response: partnerOrderPage,
  run: ({ principal, query }, grant) => myDelegatedOrders(principal, grant, query),
});

partnerRoute({
  name: 'delegated-orders-report-sold',
  method: 'POST',
  path: '/orders/{orderId}/report-sold',
  role: 'member',
  summary: 'Record the cumulative sold total (buyer or Ticket Manager+); the same atomic capacity gate as owners',
  body: reportSoldBody,
  response: partnerOrderResponse,
  errors: [...LIFECYCLE, 'CAPACITY_EXCEEDED', 'SALES_LOCKED'],
  run: ({ principal, params, body }, grant) => reportDelegatedSold(principal, grant, params.orderId, body),
});

partnerRoute({
  name: 'delegated-orders-report-returned',
  method: 'POST',
  path: '/orders/{orderId}/report-returned',
  role: 'member',
  summary: 'Record an incremental return (buyer after the showtime, or Ticket Manager+ at any time)',
  body: returnBody,
  response: partnerOrderResponse,
  errors: LIFECYCLE,
  run: ({ principal, params, body }, grant) => reportDelegatedReturn(principal, grant, params.orderId, body),
});

partnerRoute({
  name: 'delegated-orders-create-on-behalf',
  method: 'POST',
  idempotent: true,
  keyRecordIn: 'eventOwner',
  path: '/orders',
  role: 'ticketManager',
  summary: 'DEPRECATED: record a delivered order (sold 0, returned 0) for an approved partner member',
  body: onBehalfOrderBody,
  response: partnerOrderResponse,
  successStatus: 201,
  deprecated: true,
  errors: ['CAPACITY_EXCEEDED', 'SALES_LOCKED'],
  run: async ({ principal, body }, grant) => created(await createOnBehalfOrder(principal, grant, body)),
});
