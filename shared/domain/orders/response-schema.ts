import { strings } from '../vocabulary/response-parts';
import type { Schema } from '../vocabulary/validation';
import { ORDER_STATUSES } from './model';

/**
 * Response shapes (`toOrderResponse`): published in OpenAPI and checked by the test harness on every answer.
 * `required` holds what every order carries; the rest appear only once set (or only to managers).
 */
const str = { type: 'string' };
const num = { type: 'number' };
const closed = (properties: Record<string, Schema>, required: string[]): Schema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
export const typeQuantity = closed({ ticketTypeId: str, soldQuantity: num }, ['ticketTypeId', 'soldQuantity']);
/** An order-time line in a response (orders, partner orders, registrations, history). */
export const orderLineSchema = closed(
  { ticketTypeId: str, ticketTypeName: str, quantity: num, unitPrice: num, fee: num },
  ['ticketTypeId', 'ticketTypeName', 'quantity', 'unitPrice', 'fee'],
);

/** Where a partner's sale came from, kept when its tickets moved to an owner member (docs/decisions/transfers.md). */
export const delegatedOriginSchema = closed(
  {
    ...strings(['originSoldByOrganizationId', 'originSoldByUserId', 'originSoldByUserName', 'originDelegationId']),
    ...strings(['originOrderId', 'originBuyerUserId', 'originBuyerUserName', 'originBuyerUserEmail']),
    ...strings(['transferredAt', 'transferRequestId']),
  },
  ['originSoldByOrganizationId', 'originOrderId', 'transferredAt', 'transferRequestId'],
);

/** One transfer of an order's tickets (`TransferHistoryEntry`); `delegatedOrigin` only to managers. */
export const transferHistorySchema = closed(
  {
    ...strings(['fromUserId', 'fromUserName', 'toUserId', 'toUserName', 'transferredBy', 'transferredByName']),
    ...strings(['transferredAt', 'reason', 'transferRequestId', 'requestPayloadKey', 'sourceOrderId', 'resultOrderId']),
    quantity: num,
    delegatedOrigin: delegatedOriginSchema,
    transferType: { enum: ['full', 'partial'] },
    sourceOrderStatusAtTransfer: { enum: [...ORDER_STATUSES] },
    sourceRemainingQuantityAtTransfer: num,
    resultOrderStatusAtTransfer: { enum: [...ORDER_STATUSES] },
    resultQuantityAtTransfer: num,
  },
  [
    ...['fromUserId', 'fromUserName', 'toUserId', 'toUserName', 'transferredBy', 'transferredByName'],
    ...['transferredAt', 'quantity', 'transferRequestId', 'requestPayloadKey', 'transferType', 'sourceOrderId'],
    ...['sourceOrderStatusAtTransfer', 'sourceRemainingQuantityAtTransfer', 'resultOrderId'],
    ...['resultOrderStatusAtTransfer', 'resultQuantityAtTransfer'],
  ],
);

/** Who archived an order that was not yet eligible, and what they overrode (docs/decisions/archive.md). */
export const archiveOverrideSchema = closed(
  {
    ...strings(['overriddenBy', 'overriddenByName', 'overriddenAt', 'archivedAt']),
    blockers: { type: 'array', items: { enum: ['invoicePrerequisite', 'invalidInvoiceBasis'] } },
  },
  ['overriddenBy', 'overriddenByName', 'overriddenAt', 'archivedAt', 'blockers'],
);

export const orderResponse: Schema = {
  type: 'object',
  additionalProperties: false,
  required: [
    ...['id', 'organizationId', 'eventId', 'eventName', 'showtimeId', 'requestedBy', 'requestedByName'],
    ...['requestedByEmail', 'tickets', 'totalQuantity', 'totalAmount', 'totalFees', 'status', 'invoiceBasisValid'],
    ...['createdAt', 'updatedAt'],
  ],
  properties: {
    id: str,
    organizationId: str,
    eventId: str,
    eventName: str,
    showtimeId: str,
    showtimeDateTime: str,
    showtimeLabel: str,
    requestedBy: str,
    requestedByName: str,
    requestedByEmail: str,
    tickets: { type: 'array', items: orderLineSchema },
    totalQuantity: num,
    totalAmount: num,
    totalFees: num,
    status: { enum: [...ORDER_STATUSES] },
    soldQuantity: num,
    soldTypeQuantities: { type: 'array', items: typeQuantity },
    returnedQuantity: num,
    returnedTypeQuantities: {
      type: 'array',
      items: closed({ ticketTypeId: str, returnQuantity: num }, ['ticketTypeId', 'returnQuantity']),
    },
    invoiceBasis: closed(
      {
        lines: {
          type: 'array',
          items: closed(
            { ticketTypeId: str, ticketTypeName: str, quantity: num, unitPrice: num, fee: num, amount: num },
            ['ticketTypeId', 'ticketTypeName', 'quantity', 'unitPrice', 'fee', 'amount'],
          ),
        },
        grandTotal: num,
        totalFees: num,
        frozenAt: str,
      },
      ['lines', 'grandTotal', 'totalFees', 'frozenAt'],
    ),
    invoiceBasisValid: { type: 'boolean' },
    ...strings(
      ['invoicedAt', 'invoicedBy', 'invoicedByName', 'archivedAt', 'archivedBy'],
      ['approvedBy', 'approvedByName', 'approvedAt', 'deliveredBy', 'deliveredByName', 'deliveredAt'],
      ['cancelledBy', 'cancelledByName', 'cancelledAt', 'cancelReason', 'reconciledBy', 'reconciledByName'],
      ['reconciledAt', 'note', 'adminNote', 'adminNoteBy', 'adminNoteByName', 'adminNoteAt'],
      ['soldByOrganizationId', 'soldByOrganizationName', 'delegationId', 'soldByUserId', 'soldByUserName'],
      ['buyerUserId', 'buyerUserName', 'buyerUserEmail'],
    ),
    archived: { type: 'boolean' },
    archiveOverride: archiveOverrideSchema,
    transferHistory: { type: 'array', items: transferHistorySchema },
    delegatedOrigin: delegatedOriginSchema,
    createdAt: str,
    updatedAt: str,
  },
};

export const orderPage: Schema = closed({ items: { type: 'array', items: orderResponse }, continuationToken: str }, [
  'items',
]);

/**
 * GET /api/orders: a page of orders; with `withEvents=true` also the organization's live events the list can be
 * filtered by (`events`, by date, up to 100), so a manager's list and its event filter are one call.
 */
export const managerOrderPage: Schema = closed(
  {
    items: { type: 'array', items: orderResponse },
    continuationToken: str,
    events: {
      type: 'array',
      items: closed({ id: str, name: str, date: str }, ['id', 'name', 'date']),
    },
  },
  ['items'],
);

/** The answer of the soft and hard deletes (orders, allocations). */
export const deletedResponse: Schema = closed({ id: str, deleted: { const: true } }, ['id', 'deleted']);
