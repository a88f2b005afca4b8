import { isoDateTime, money, object, shortText } from '../vocabulary/schema-parts';
import type { Schema } from '../vocabulary/validation';
import { RECEIVABLE_STATUSES } from './receivable';

const day: Schema = { type: 'string', format: 'date' };
const amount: Schema = { type: 'number', minimum: 0 };

/** Who a member pays (the organization settings' payee). */
export const payeeResponse: Schema = object(
  {
    accountHolder: { type: 'string' },
    iban: { type: 'string' },
    bic: { type: 'string' },
    address: { type: 'string' },
    paymentTermsDays: { type: 'integer', minimum: 0 },
  },
  ['accountHolder', 'iban', 'paymentTermsDays'],
);

/** MemberInvoice: a member's invoice for one event (docs/decisions/invoices-and-reminders.md). */
export const memberInvoiceDocumentResponse: Schema = object(
  {
    organizationId: { type: 'string' },
    organizationName: { type: 'string' },
    eventId: { type: 'string' },
    eventName: { type: 'string' },
    eventDate: { type: 'string' },
    userId: { type: 'string' },
    memberName: { type: 'string' },
    memberEmail: { type: 'string' },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    locale: { type: 'string' },
    lines: {
      type: 'array',
      items: object(
        {
          ticketTypeId: { type: 'string' },
          ticketTypeName: { type: 'string' },
          quantity: { type: 'integer', minimum: 1 },
          unitPrice: amount,
          amount,
        },
        ['ticketTypeId', 'ticketTypeName', 'quantity', 'unitPrice', 'amount'],
      ),
    },
    total: amount,
    paid: amount,
    outstanding: amount,
    status: { type: 'string', enum: [...RECEIVABLE_STATUSES] },
    issuedAt: isoDateTime,
    dueDate: day,
    reference: { type: 'string', pattern: '^RF[0-9]{2}[0-9A-Z]{1,21}$', examples: ['RF18539007547034'] },
    payee: payeeResponse,
    epcPayload: {
      type: 'string',
      description: 'The EPC QR payload (SCT, version 002) a banking app reads; absent unless euro, IBAN, outstanding',
    },
  },
  [
    ...['organizationId', 'organizationName', 'eventId', 'eventName', 'eventDate', 'userId', 'memberName'],
    ...['currency', 'locale', 'lines', 'total', 'paid', 'outstanding', 'status', 'issuedAt', 'dueDate', 'reference'],
  ],
);

/** POST …/payments: the amount in the form prices take (a number with at most two decimals), the day it was paid. */
export const recordPaymentBody: Schema = object(
  {
    amount: { ...money, minimum: 0.01 },
    paidOn: { ...day, maxLength: 10 },
    note: shortText(500),
  },
  ['amount', 'paidOn'],
);

export interface RecordPaymentBody {
  amount: number;
  paidOn: string;
  note?: string;
}

export const paymentResponse: Schema = object(
  {
    id: { type: 'string' },
    eventId: { type: 'string' },
    userId: { type: 'string' },
    amount: amount,
    paidOn: day,
    note: { type: 'string' },
    reference: { type: 'string' },
    recordedAt: isoDateTime,
    recordedBy: { type: 'string' },
    recordedByName: { type: 'string' },
  },
  ['id', 'eventId', 'userId', 'amount', 'paidOn', 'reference', 'recordedAt', 'recordedBy', 'recordedByName'],
);

export const receivableItem: Schema = object(
  {
    userId: { type: 'string' },
    name: { type: 'string' },
    invoiced: amount,
    paid: amount,
    outstanding: amount,
    status: { type: 'string', enum: [...RECEIVABLE_STATUSES] },
    reference: { type: 'string' },
    dueDate: day,
  },
  ['userId', 'name', 'invoiced', 'paid', 'outstanding', 'status', 'reference'],
);

export const receivablesResponse: Schema = object(
  {
    eventId: { type: 'string' },
    currency: { type: 'string' },
    items: { type: 'array', items: receivableItem },
    totals: object({ invoiced: amount, paid: amount, outstanding: amount }, ['invoiced', 'paid', 'outstanding']),
  },
  ['eventId', 'currency', 'items', 'totals'],
);

export const recordPaymentResponse: Schema = object(
  {
    payment: paymentResponse,
    invoice: object(
      {
        total: amount,
        paid: amount,
        outstanding: amount,
        status: { type: 'string', enum: [...RECEIVABLE_STATUSES] },
        dueDate: day,
        reference: { type: 'string' },
      },
      ['total', 'paid', 'outstanding', 'status', 'dueDate', 'reference'],
    ),
  },
  ['payment', 'invoice'],
);
