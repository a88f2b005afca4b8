import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import { createOrder } from '../shared/domain/orders/create';
import { forceRecordSold } from '../shared/domain/orders/force-record-sold';
import { getOrderById, listMyOrders, listOrders } from '../shared/domain/orders/list';
import { approveReconciliation, type ApproveReconciliationBody } from '../shared/domain/orders/reconciliation';
import { object } from '../shared/domain/vocabulary/schema-parts';

const approveReconciliationBody = object({
  confirm: { type: 'boolean', description: 'Settle although more tickets were admitted than reported sold' },
});
import { reportSold } from '../shared/domain/orders/report-sold';
import { recordReturn } from '../shared/domain/orders/returns';
import { deletedResponse, managerOrderPage, orderPage, orderResponse } from '../shared/domain/orders/response-schema';
import {
  adminNoteBody,
  cancelBody,
  createOrderBody,
  forceRecordSoldBody,
  listOrdersQuery,
  myOrdersQuery,
  reportSoldBody,
  returnBody,
  type AdminNoteBody,
  type CancelBody,
  type CreateOrderBody,
  type ForceRecordSoldBody,
  type ListOrdersQuery,
  type ReportSoldBody,
  type ReturnBody,
} from '../shared/domain/orders/schemas';
import {
  approveOrder,
  cancelOrder,
  deleteOrder,
  deliverOrder,
  setAdminNote,
} from '../shared/domain/orders/transitions';
import type { ErrorCode } from '../shared/errors';

const tags = ['orders'];

defineRoute<CreateOrderBody>({
  name: 'orders-create',
  method: 'POST',
  idempotent: true,
  route: 'orders',
  auth: 'member',
  tags,
  summary: 'Request printed tickets (pending); allocation limits apply when the event has enableQuotas',
  body: createOrderBody,
  response: orderResponse,
  successStatus: 201,
  errors: ['WRONG_ENDPOINT', 'SALES_LOCKED', 'ALLOCATION_EXCEEDED', 'PARTICIPANT_NOT_ACTIVE'],
  handler: async ({ principal, organizationId, body }) => created(await createOrder(principal, organizationId, body)),
});

defineRoute<unknown, ListOrdersQuery>({
  name: 'orders-list',
  method: 'GET',
  route: 'orders',
  auth: 'ticketManager',
  tags,
  summary:
    'List orders: eventId, showtimeId, status (comma list), requestedBy, archived; pending queue oldest first; ' +
    'withEvents=true adds the live events to filter by (`events`)',
  query: listOrdersQuery,
  response: managerOrderPage,
  handler: ({ principal, organizationId, query }) => listOrders(principal, organizationId, query),
});

defineRoute<unknown, ListOrdersQuery>({
  name: 'me-orders-list',
  method: 'GET',
  route: 'me/orders',
  auth: 'member',
  tags,
  summary: "The caller's own orders, with the same filters as the order list",
  query: myOrdersQuery,
  response: orderPage,
  handler: ({ principal, organizationId, query }) => listMyOrders(principal, organizationId, query),
});

defineRoute({
  name: 'orders-get',
  method: 'GET',
  route: 'orders/{id}',
  auth: 'ticketManager',
  tags,
  summary: 'One order',
  response: orderResponse,
  handler: ({ principal, organizationId, params }) => getOrderById(principal, organizationId, params.id),
});

const move = (name: string, path: string, summary: string, run: typeof approveOrder, errors: ErrorCode[]) =>
  defineRoute({
    name,
    method: 'POST',
    route: `orders/{id}/${path}`,
    auth: 'ticketManager',
    tags,
    summary,
    body: emptyBody,
    response: orderResponse,
    errors,
    handler: ({ principal, organizationId, params }) => run(principal, organizationId, params.id),
  });
move('orders-approve', 'approve', 'Approve a pending order', approveOrder, ['INVALID_ORDER_STATE']);
move('orders-deliver', 'deliver', 'Mark an approved order delivered (sold 0, returned 0)', deliverOrder, [
  'INVALID_ORDER_STATE',
]);

defineRoute<ApproveReconciliationBody>({
  name: 'orders-approve-reconciliation',
  method: 'POST',
  route: 'orders/{id}/approve-reconciliation',
  auth: 'ticketManager',
  tags,
  summary:
    'Settle an order awaiting reconciliation and freeze its invoice basis; warns (409 ADMITTED_BEYOND_SOLD) when ' +
    'more of its tickets came through the door than it reports sold, unless `confirm: true`',
  body: approveReconciliationBody,
  response: orderResponse,
  errors: ['INVALID_LIFECYCLE_STATE', 'ADMITTED_BEYOND_SOLD'],
  handler: ({ principal, organizationId, params, body }) =>
    approveReconciliation(principal, organizationId, params.id, body),
});

defineRoute<CancelBody>({
  name: 'orders-cancel',
  method: 'POST',
  route: 'orders/{id}/cancel',
  auth: 'ticketManager',
  tags,
  summary: 'Cancel a pending or approved order',
  body: cancelBody,
  response: orderResponse,
  errors: ['INVALID_ORDER_STATE'],
  handler: ({ principal, organizationId, params, body }) => cancelOrder(principal, organizationId, params.id, body),
});

defineRoute({
  name: 'orders-delete',
  method: 'DELETE',
  route: 'orders/{id}',
  auth: 'ticketManager',
  tags,
  summary: 'Soft-delete a pending or cancelled order',
  body: emptyBody,
  response: deletedResponse,
  errors: ['INVALID_ORDER_STATE'],
  handler: ({ principal, organizationId, params }) => deleteOrder(principal, organizationId, params.id),
});

defineRoute<AdminNoteBody>({
  name: 'orders-admin-note',
  method: 'PATCH',
  route: 'orders/{id}/admin-note',
  auth: 'ticketManager',
  tags,
  summary: 'Set or clear (null) the admin note, at most 2,000 characters',
  body: adminNoteBody,
  response: orderResponse,
  handler: ({ principal, organizationId, params, body }) => setAdminNote(principal, organizationId, params.id, body),
});

defineRoute<ReportSoldBody>({
  name: 'orders-report-sold',
  method: 'POST',
  route: 'orders/{id}/report-sold',
  auth: 'member',
  idempotent: true,
  tags,
  summary: 'Record the cumulative sold total (owner or Admin); takes capacity for the increase',
  body: reportSoldBody,
  response: orderResponse,
  errors: ['INVALID_LIFECYCLE_STATE', 'CAPACITY_EXCEEDED', 'PARTICIPANT_NOT_ACTIVE', 'SALES_LOCKED'],
  handler: ({ principal, organizationId, params, body }) => reportSold(principal, organizationId, params.id, body),
});

defineRoute<ReturnBody>({
  name: 'orders-return',
  method: 'POST',
  route: 'orders/{id}/return',
  auth: 'member',
  idempotent: true,
  tags,
  summary: 'Record an incremental return (owner after the showtime, or Ticket Manager+)',
  body: returnBody,
  response: orderResponse,
  errors: ['INVALID_LIFECYCLE_STATE'],
  handler: ({ principal, organizationId, params, body }) => recordReturn(principal, organizationId, params.id, body),
});

defineRoute<ForceRecordSoldBody>({
  name: 'orders-force-record-sold',
  method: 'POST',
  idempotent: true,
  route: 'orders/{id}/force-record-sold',
  auth: 'admin',
  fullOrg: true,
  tags,
  summary: 'Record sales beyond the capacity ceiling, with a reason; audited and alerted to admins',
  body: forceRecordSoldBody,
  response: orderResponse,
  errors: ['INVALID_LIFECYCLE_STATE', 'CAPACITY_EXCEEDED', 'PARTICIPANT_NOT_ACTIVE'],
  handler: ({ principal, organizationId, params, body }) => forceRecordSold(principal, organizationId, params.id, body),
});
