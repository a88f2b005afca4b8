import { requireLiveEvent } from '../events/live-event';
import { isStatusIn, REPORTED_STATUSES, type OrderStatus } from '../orders/model';
import type { TicketBookDoc } from '../tickets/model';
import { bookPagesOfEvent, salesOfEvent } from '../tickets/repo';

/**
 * What the door tells the treasurer (docs/decisions/tickets.md, "Door figures"). Per showtime: `issued` every
 * numbered ticket not voided (returned and admitted ones included), `returned`, `admitted`, and `reportedSold`:
 * the sold totals the members reported on their orders plus the direct sales. Per member: what they reported
 * sold, how many of their tickets came through the door, and `unreported = max(0, admitted − reportedSold)`:
 * tickets used at the door that nobody reported sold, money the member collected and still owes. Free tickets
 * count at the door but belong to no member's sales. Store calls: event, the books (paged query), the sales
 * (one query).
 */
export interface SaleRow {
  docType: 'order' | 'registration';
  showtimeId: string;
  status?: OrderStatus;
  requestedBy?: string;
  requestedByName?: string;
  sellerId?: string;
  sellerName?: string;
  soldQuantity?: number;
  totalQuantity?: number;
}
type BookRow = Pick<TicketBookDoc, 'showtimeId' | 'source' | 'holderId' | 'holderName' | 'tickets'>;

/** The sold count a sale reports: an order's reported total once delivered, a direct sale's whole quantity. */
const reportedOf = (row: SaleRow) =>
  row.docType === 'registration'
    ? (row.totalQuantity ?? 0)
    : row.status && isStatusIn(REPORTED_STATUSES, row.status)
      ? (row.soldQuantity ?? 0)
      : 0;

export function foldDoorFigures(showtimeIds: string[], books: BookRow[], sales: SaleRow[]) {
  const showtimes = new Map(
    showtimeIds.map((id) => [id, { showtimeId: id, issued: 0, returned: 0, reportedSold: 0, admitted: 0 }]),
  );
  const members = new Map<string, { userId: string; name: string; reportedSold: number; admitted: number }>();
  const member = (userId: string, name: string) => {
    if (!members.has(userId)) members.set(userId, { userId, name, reportedSold: 0, admitted: 0 });
    return members.get(userId)!;
  };
  for (const book of books) {
    const figures = showtimes.get(book.showtimeId);
    for (const t of book.tickets) {
      if (figures && t.status !== 'void') figures.issued += 1;
      if (figures && t.status === 'returned') figures.returned += 1;
      if (t.status !== 'admitted') continue;
      if (figures) figures.admitted += 1;
      if (book.source.kind !== 'freeTicket') member(book.holderId, book.holderName).admitted += 1;
    }
  }
  for (const row of sales) {
    const reported = reportedOf(row);
    const figures = showtimes.get(row.showtimeId);
    if (figures) figures.reportedSold += reported;
    const [userId, name] =
      row.docType === 'order' ? [row.requestedBy, row.requestedByName] : [row.sellerId, row.sellerName];
    if (userId && (reported > 0 || members.has(userId))) member(userId, name ?? '').reportedSold += reported;
  }
  return {
    showtimes: [...showtimes.values()],
    members: [...members.values()]
      .map((m) => ({ ...m, unreported: Math.max(0, m.admitted - m.reportedSold) }))
      .sort((a, b) => b.unreported - a.unreported || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId)),
  };
}

export async function doorFigures(organizationId: string, eventId: string) {
  const event = await requireLiveEvent(organizationId, eventId);
  const books: BookRow[] = [];
  for await (const page of bookPagesOfEvent(organizationId, eventId)) books.push(...page);
  const sales = await salesOfEvent<SaleRow>(organizationId, eventId);
  return {
    eventId,
    ...foldDoorFigures(
      event.showtimes.map((s) => s.showtimeId),
      books,
      sales,
    ),
  };
}
