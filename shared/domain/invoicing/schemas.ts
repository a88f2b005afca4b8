import { object } from '../vocabulary/schema-parts';
import type { Schema } from '../vocabulary/validation';
import { MEMBER_INVOICE_STATES } from './summary';
import { INVOICE_OUTCOMES } from './rules';

/**
 * PUT management/members/{userId}/invoice/{eventId}: `{ invoiced: true }` issues, `{ invoiced: false }` clears,
 * an empty object (or no body) is the legacy toggle. Anything else is a 400.
 */
export const memberInvoiceBody: Schema = object({ invoiced: { type: 'boolean' } });

const count: Schema = { type: 'integer', minimum: 0 };
const counters: Schema = object(Object.fromEntries(INVOICE_OUTCOMES.map((outcome) => [outcome, count])), [
  ...INVOICE_OUTCOMES,
]);

/** docs/decisions/sales.md MemberInvoiceSummary. */
export const memberInvoiceSummaryResponse: Schema = object(
  {
    state: { type: 'string', enum: [...MEMBER_INVOICE_STATES] },
    eligibleCount: count,
    invoicedCount: count,
    unresolvedOrderCount: count,
    invalidBasisOrderCount: count,
    invoiceAmount: { type: 'number' },
    allEligibleInvoiced: { type: 'boolean' },
  },
  [
    ...['state', 'eligibleCount', 'invoicedCount', 'unresolvedOrderCount', 'invalidBasisOrderCount'],
    ...['invoiceAmount', 'allEligibleInvoiced'],
  ],
);

/**
 * The run's answer: the aggregate counters (each the sum of the two per-kind ones), `completed` (no conflict and
 * no write failure), the member's invoice summary after the run (only when completed: otherwise some records'
 * state is unknown), and `incomplete`, the records left short of the target state, when there are any.
 */
export const memberInvoiceResponse: Schema = object(
  {
    userId: { type: 'string' },
    eventId: { type: 'string' },
    action: { type: 'string', enum: ['issue', 'clear'] },
    ...Object.fromEntries(INVOICE_OUTCOMES.map((outcome) => [outcome, count])),
    byKind: object({ orders: counters, registrations: counters }, ['orders', 'registrations']),
    completed: { type: 'boolean' },
    invoiceSummary: memberInvoiceSummaryResponse,
    invoiceEmailed: {
      type: 'boolean',
      description:
        'Present when an issue changed the invoice and completed: whether the member was e-mailed the invoice PDF',
    },
    incomplete: {
      type: 'array',
      items: object(
        {
          recordKind: { type: 'string', enum: ['order', 'registration'] },
          id: { type: 'string' },
          outcome: { type: 'string', enum: ['conflict', 'failed'] },
          reason: { type: 'string', enum: ['archived', 'changed', 'writeFailed'] },
        },
        ['recordKind', 'id', 'outcome', 'reason'],
      ),
    },
  },
  ['userId', 'eventId', 'action', ...INVOICE_OUTCOMES, 'byKind', 'completed'],
);
