import type { CellValue } from '../../csv/write';
import { fromCents } from '../vocabulary/money';
import { isInvoiceBasisValid } from '../orders/invoice-basis';
import type { OrderDoc } from '../orders/model';
import { moneyOf, salesRecordOf } from '../sales/facts';
import type { SalesRecord } from '../sales/model';
import type { EventRow, MemberRow, ReportEvent } from './model';

/**
 * The column layouts of the report exports (docs/exports.md "Report exports") and the pure functions that turn
 * read-model records and report rows into CSV rows. Money is euros with at most two decimals, from cents.
 */
export const TRANSACTION_COLUMNS = [
  'recordType',
  'recordId',
  'createdAt',
  'eventId',
  'eventName',
  'showtimeId',
  'showtimeDateTime',
  'channel',
  'status',
  'sellerId',
  'sellerName',
  'partnerOrganizationId',
  'partnerOrganizationName',
  'source',
  'ticketTypeId',
  'ticketTypeName',
  'quantity',
  'unitPrice',
  'fee',
  'amount',
  'fees',
];

const showtimeDateTime = (event: ReportEvent | undefined, showtimeId: string) =>
  event?.showtimes.find((s) => s.showtimeId === showtimeId)?.dateTime;

/**
 * One row per sold line of a record (order-time unit price and fee; amount = quantity × unit price, fees =
 * quantity × fee). Tickets a printed order reports sold without per-type detail (they count, their money waits
 * for the detail) come as one more row with no ticket type and no money, so the export's quantities add up to the
 * report's tickets sold. Free tickets sell nothing and have no rows.
 */
export function transactionRows(record: SalesRecord, event: ReportEvent | undefined): CellValue[][] {
  if (record.kind === 'freeTicket') return [];
  const head: CellValue[] = [
    record.kind,
    record.id,
    record.createdAt,
    record.eventId,
    event?.name ?? record.eventName,
    record.showtimeId,
    showtimeDateTime(event, record.showtimeId),
    record.channel,
    record.status,
    record.sellerId,
    record.sellerName,
    record.partnerOrganizationId,
    record.partnerOrganizationName,
    record.source,
  ];
  const rows: CellValue[][] = record.lines.map((line) => [
    ...head,
    line.ticketTypeId,
    line.ticketTypeName,
    line.quantity,
    fromCents(line.unitPriceCents),
    fromCents(line.feeCents),
    fromCents(line.quantity * line.unitPriceCents),
    fromCents(line.quantity * line.feeCents),
  ]);
  const unpriced = record.soldTickets - record.lines.reduce((sum, line) => sum + line.quantity, 0);
  if (unpriced > 0) rows.push([...head, undefined, undefined, unpriced, undefined, undefined, 0, 0]);
  return rows;
}

/** A showtime's manual external count: tickets sold outside the service, no price, no money. */
export function manualExternalRows(event: ReportEvent): CellValue[][] {
  return event.showtimes
    .filter((s) => (s.externalSold ?? 0) > 0)
    .map((s) => [
      ...['manualExternal', s.showtimeId, undefined, event.id, event.name, s.showtimeId, s.dateTime, 'external'],
      ...[undefined, undefined, undefined, undefined, undefined, 'manual', undefined, undefined],
      ...[s.externalSold, undefined, undefined, 0, 0],
    ]);
}

export const MEMBER_COLUMNS = ['userId', 'userName', 'ticketsSold', 'revenue', 'fees'];
export const memberRow = (m: MemberRow): CellValue[] => [m.userId, m.userName, m.ticketsSold, m.revenue, m.fees];

export const SHOWTIME_COLUMNS = [
  'eventId',
  'eventName',
  'eventDate',
  'showtimeId',
  'dateTime',
  'label',
  'capacity',
  'memberSold',
  'partnerSold',
  'externalSold',
  'totalSold',
  'freeTickets',
  'remaining',
  'revenue',
  'fees',
];
export const showtimeRows = (event: EventRow): CellValue[][] =>
  event.showtimes.map((s) => [
    ...[event.eventId, event.eventName, event.date, s.showtimeId, s.dateTime, s.label, s.capacity],
    ...[s.memberSold, s.partnerSold, s.externalSold, s.totalSold, s.freeTickets, s.remaining, s.revenue, s.fees],
  ]);

export const ORDER_COLUMNS = [
  'orderId',
  'createdAt',
  'eventId',
  'eventName',
  'showtimeId',
  'showtimeDateTime',
  'showtimeLabel',
  'requestedBy',
  'requestedByName',
  'channel',
  'partnerOrganizationId',
  'partnerOrganizationName',
  'status',
  'totalQuantity',
  'ticketsSold',
  'returnedQuantity',
  'orderedAmount',
  'orderedFees',
  'soldRevenue',
  'soldFees',
  'invoiceBasisTotal',
  'invoiceBasisValid',
  'invoicedAt',
  'invoicedByName',
  'archived',
];

/**
 * One printed order: what was ordered (totalAmount and totalFees, shown for reference only), what counts as sold
 * and its money by the reporting rule (the same record the reports sum), and its invoice state.
 */
export function orderRow(
  order: Partial<OrderDoc> & Pick<OrderDoc, 'docType' | 'id' | 'eventId' | 'showtimeId' | 'createdAt'>,
  event: ReportEvent | undefined,
): CellValue[] {
  const record = salesRecordOf(order);
  const sold = moneyOf(record?.lines ?? []);
  const basis = order.invoiceBasis;
  return [
    ...[order.id, order.createdAt, order.eventId, event?.name ?? order.eventName, order.showtimeId],
    ...[order.showtimeDateTime ?? showtimeDateTime(event, order.showtimeId), order.showtimeLabel],
    ...[order.requestedBy, order.requestedByName, record?.channel],
    ...[order.soldByOrganizationId, order.soldByOrganizationName, order.status],
    ...[order.totalQuantity, record?.soldTickets ?? 0, order.returnedQuantity],
    ...[order.totalAmount, order.totalFees, fromCents(sold.revenueCents), fromCents(sold.feeCents)],
    basis?.grandTotal,
    basis ? isInvoiceBasisValid({ ...(order as OrderDoc), tickets: order.tickets ?? [] }) : undefined,
    ...[order.invoicedAt, order.invoicedByName, order.archived === true],
  ];
}
