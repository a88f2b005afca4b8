import { object } from '../vocabulary/schema-parts';
import type { Schema } from '../vocabulary/validation';
import { MEMBER_INVOICE_STATES } from '../invoicing/summary';

const str: Schema = { type: 'string' };
const count: Schema = { type: 'integer', minimum: 0 };
/** Money out: a number with at most two decimals (docs/decisions/orders.md). */
const amount: Schema = { type: 'number' };
const bool: Schema = { type: 'boolean' };
const list = (items: Schema): Schema => ({ type: 'array', items });

export const memberInvoiceSummarySchema = object(
  {
    state: { enum: [...MEMBER_INVOICE_STATES] },
    eligibleCount: count,
    invoicedCount: count,
    unresolvedOrderCount: count,
    invalidBasisOrderCount: count,
    invoiceAmount: amount,
    allEligibleInvoiced: bool,
  },
  [
    ...['state', 'eligibleCount', 'invoicedCount', 'unresolvedOrderCount', 'invalidBasisOrderCount'],
    ...['invoiceAmount', 'allEligibleInvoiced'],
  ],
);

const memberSales = object(
  {
    userId: str,
    userName: str,
    ticketsSold: count,
    totalRevenue: amount,
    invoiced: bool,
    invoiceSummary: memberInvoiceSummarySchema,
    breakdown: list(
      object({ ticketType: str, quantity: count, revenue: amount }, ['ticketType', 'quantity', 'revenue']),
    ),
  },
  ['userId', 'userName', 'ticketsSold', 'totalRevenue', 'invoiced', 'invoiceSummary', 'breakdown'],
);

const ticketTypeSales = object({ ticketTypeId: str, name: str, price: amount, sold: count, revenue: amount }, [
  'ticketTypeId',
  'name',
  'price',
  'sold',
  'revenue',
]);

/** `partnerSold` and `partnerRevenue` are absent when 0, `label` when the showtime has none. */
const showtimeSales = object(
  {
    showtimeId: str,
    dateTime: str,
    label: str,
    sold: count,
    partnerSold: count,
    externalSold: count,
    totalSold: count,
    remaining: count,
    revenue: amount,
    partnerRevenue: amount,
    externalBySource: list(object({ source: str, quantity: count }, ['source', 'quantity'])),
  },
  ['showtimeId', 'dateTime', 'sold', 'externalSold', 'totalSold', 'remaining', 'revenue', 'externalBySource'],
);

const partnerOrganizationSales = object(
  { organizationId: str, organizationName: str, ticketsSold: count, revenue: amount, fee: amount },
  ['organizationId', 'ticketsSold', 'revenue', 'fee'],
);

/** DashboardStats (docs/decisions/sales.md). */
export const dashboardResponse: Schema = object(
  {
    organizationId: str,
    currency: str,
    eventId: str,
    eventName: str,
    venueCapacity: count,
    totalTicketsSold: count,
    totalRevenue: amount,
    totalFee: amount,
    ticketsRemaining: count,
    activeSellers: count,
    salesByMember: list(memberSales),
    salesByTicketType: list(ticketTypeSales),
    salesByShowtime: list(showtimeSales),
    salesByPartnerOrganization: list(partnerOrganizationSales),
  },
  [
    ...[
      'organizationId',
      'currency',
      'eventId',
      'eventName',
      'venueCapacity',
      'totalTicketsSold',
      'totalRevenue',
      'totalFee',
    ],
    ...['ticketsRemaining', 'activeSellers', 'salesByMember', 'salesByTicketType', 'salesByShowtime'],
    'salesByPartnerOrganization',
  ],
);
