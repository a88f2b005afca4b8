import { idString, object } from '../vocabulary/schema-parts';
import type { Schema } from '../vocabulary/validation';
import { EXPORT_FORMATS, EXPORT_TYPES, REPORT_TYPES } from './model';

/** GET management/reports: `type` (default `all`) and an optional `eventId`. */
export const reportQuery: Schema = object({
  type: { type: 'string', enum: [...REPORT_TYPES], default: 'all' },
  eventId: idString,
});

/** GET management/reports/export: `exportType` (required), `format` (only `csv`, the default), `eventId`. */
export const reportExportQuery: Schema = object(
  {
    exportType: { type: 'string', enum: [...EXPORT_TYPES] },
    format: { type: 'string', enum: [...EXPORT_FORMATS], default: 'csv' },
    eventId: idString,
  },
  ['exportType'],
);

const str: Schema = { type: 'string' };
const count: Schema = { type: 'integer', minimum: 0 };
const amount: Schema = { type: 'number', description: 'Euros, at most two decimals (summed in integer cents)' };
const sales = { ticketsSold: count, revenue: amount, fees: amount };
const salesRequired = ['ticketsSold', 'revenue', 'fees'];

const memberRow = object(
  { userId: str, userName: { ...str, description: "The name on the member's newest record" }, ...sales },
  ['userId', 'userName', ...salesRequired],
);

const choirRow = object(
  {
    channel: { type: 'string', enum: ['member', 'partner', 'external'] },
    organizationId: { ...str, description: 'The selling organization; absent for the external channel' },
    organizationName: str,
    ...sales,
  },
  ['channel', ...salesRequired],
);

const showtimeRow = object(
  {
    showtimeId: str,
    dateTime: str,
    label: str,
    capacity: count,
    memberSold: count,
    partnerSold: count,
    externalSold: { ...count, description: 'Manual count plus box-office ledger sales' },
    totalSold: count,
    freeTickets: count,
    remaining: count,
    revenue: amount,
    fees: amount,
  },
  [
    ...['showtimeId', 'capacity', 'memberSold', 'partnerSold', 'externalSold', 'totalSold', 'freeTickets'],
    ...['remaining', 'revenue', 'fees'],
  ],
);

const eventRow = object(
  {
    eventId: str,
    eventName: str,
    date: str,
    ...sales,
    capacity: count,
    remaining: count,
    freeTickets: count,
    showtimes: { type: 'array', items: showtimeRow },
  },
  ['eventId', 'eventName', 'date', ...salesRequired, 'capacity', 'remaining', 'freeTickets', 'showtimes'],
);

const typeRow = object(
  {
    eventId: str,
    eventName: str,
    ticketTypeId: str,
    ticketTypeName: str,
    quantity: count,
    revenue: amount,
    fees: amount,
  },
  ['eventId', 'eventName', 'ticketTypeId', 'ticketTypeName', 'quantity', 'revenue', 'fees'],
);

const boxOfficeRow = object(
  { eventId: str, eventName: str, source: str, sales: count, quantity: count, revenue: amount, fees: amount },
  ['eventId', 'eventName', 'source', 'sales', 'quantity', 'revenue', 'fees'],
);

const manualRow = object({ eventId: str, eventName: str, showtimeId: str, quantity: count, note: str }, [
  'eventId',
  'eventName',
  'showtimeId',
  'quantity',
]);

const section = (row: Schema, totals: Schema, extra: Record<string, Schema> = {}) =>
  object({ rows: { type: 'array', items: row }, ...extra, totals }, ['rows', ...Object.keys(extra), 'totals']);

const salesTotals = object(sales, salesRequired);

/**
 * The report: `type` says which tabs are present (`all`: every one). Each tab has its rows and a totals object;
 * every figure comes from the same read-model as the dashboard (docs/decisions/sales.md "Reports").
 */
export const reportResponse: Schema = object(
  {
    organizationId: str,
    type: { type: 'string', enum: [...REPORT_TYPES] },
    eventId: str,
    members: section(memberRow, salesTotals),
    choirs: section(choirRow, salesTotals),
    events: section(
      eventRow,
      object({ ...sales, capacity: count, remaining: count, freeTickets: count }, [
        ...salesRequired,
        'capacity',
        'remaining',
        'freeTickets',
      ]),
    ),
    types: section(
      typeRow,
      object({ quantity: count, revenue: amount, fees: amount }, ['quantity', 'revenue', 'fees']),
    ),
    boxoffice: section(
      boxOfficeRow,
      object({ quantity: count, manualQuantity: count, ticketsSold: count, revenue: amount, fees: amount }, [
        'quantity',
        'manualQuantity',
        'ticketsSold',
        'revenue',
        'fees',
      ]),
      { manual: { type: 'array', items: manualRow } },
    ),
  },
  ['organizationId', 'type'],
);
