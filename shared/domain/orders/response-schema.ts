import type { Schema } from '../../http/validation';
import { ORDER_STATUSES } from './model';

/** Response shapes for the OpenAPI document (documentation only; the mapper is the source of truth). */
const str = { type: 'string' };
const num = { type: 'number' };
export const strings = (...groups: string[][]) => Object.fromEntries(groups.flat().map((name) => [name, str]));
const typeQuantity = { type: 'object', properties: { ticketTypeId: str, soldQuantity: num } };

export const orderResponse: Schema = {
  type: 'object',
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
    tickets: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ticketTypeId: str, ticketTypeName: str, quantity: num, unitPrice: num, fee: num },
      },
    },
    totalQuantity: num,
    totalAmount: num,
    totalFees: num,
    status: { enum: [...ORDER_STATUSES] },
    soldQuantity: num,
    soldTypeQuantities: { type: 'array', items: typeQuantity },
    returnedQuantity: num,
    returnedTypeQuantities: {
      type: 'array',
      items: { type: 'object', properties: { ticketTypeId: str, returnQuantity: num } },
    },
    invoiceBasis: {
      type: 'object',
      properties: {
        lines: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              ticketTypeId: str,
              ticketTypeName: str,
              quantity: num,
              unitPrice: num,
              fee: num,
              amount: num,
            },
          },
        },
        grandTotal: num,
        totalFees: num,
        frozenAt: str,
      },
    },
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
    archiveOverride: { type: 'object' },
    transferHistory: { type: 'array', items: { type: 'object' } },
    delegatedOrigin: { type: 'object' },
    createdAt: str,
    updatedAt: str,
  },
};

export const orderPage: Schema = {
  type: 'object',
  properties: { items: { type: 'array', items: orderResponse }, continuationToken: str },
};

/** The answer of the soft and hard deletes (orders, allocations). */
export const deletedResponse: Schema = {
  type: 'object',
  properties: { id: str, deleted: { const: true } },
};
