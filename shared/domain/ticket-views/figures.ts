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
export type BookRow = Pick<TicketBookDoc, 'showtimeId' | 'source' | 'holderId' | 'holderName' | 'tickets'>;

/** The sold count a sale reports: an order's reported total once delivered, a direct sale's whole quantity. */
const reportedOf = (row: SaleRow) =>
  row.docType === 'registration'
    ? (row.totalQuantity ?? 0)
    : row.status && isStatusIn(REPORTED_STATUSES, row.status)
      ? (row.soldQuantity ?? 0)
      : 0;

export type DoorFiguresOfEvent = ReturnType<DoorFold['result']>;

/**
 * The door figures folded one document at a time (books and sales in any order), so a reader that already streams
 * the event's sales (the dashboard exports) adds them without a second query of the sales and without holding them.
 * What it holds grows with showtimes and members, never with orders.
 */
export class DoorFold {
  private readonly showtimes: Map<
    string,
    { showtimeId: string; issued: number; returned: number; reportedSold: number; admitted: number }
  >;
  private readonly members = new Map<
    string,
    { userId: string; name: string; reportedSold: number; admitted: number; namedByBook: boolean }
  >();

  constructor(showtimeIds: string[]) {
    this.showtimes = new Map(
      showtimeIds.map((id) => [id, { showtimeId: id, issued: 0, returned: 0, reportedSold: 0, admitted: 0 }]),
    );
  }

  /** The name on the member's first book with an admitted ticket, else on their first sale: the same whichever comes first. */
  private member(userId: string, name: string, fromBook: boolean) {
    const found = this.members.get(userId);
    if (!found) {
      const created = { userId, name, reportedSold: 0, admitted: 0, namedByBook: fromBook };
      this.members.set(userId, created);
      return created;
    }
    if (fromBook && !found.namedByBook) Object.assign(found, { name, namedByBook: true });
    return found;
  }

  addBook(book: BookRow) {
    const figures = this.showtimes.get(book.showtimeId);
    for (const t of book.tickets) {
      if (figures && t.status !== 'void') figures.issued += 1;
      if (figures && t.status === 'returned') figures.returned += 1;
      if (t.status !== 'admitted') continue;
      if (figures) figures.admitted += 1;
      if (book.source.kind !== 'freeTicket') this.member(book.holderId, book.holderName, true).admitted += 1;
    }
  }

  /** An order or direct sale of the event; other documents (external sales, free tickets) are not reported sales. */
  addSale(row: SaleRow) {
    if (row.docType !== 'order' && row.docType !== 'registration') return;
    const reported = reportedOf(row);
    const figures = this.showtimes.get(row.showtimeId);
    if (figures) figures.reportedSold += reported;
    const [userId, name] =
      row.docType === 'order' ? [row.requestedBy, row.requestedByName] : [row.sellerId, row.sellerName];
    if (userId && (reported > 0 || this.members.has(userId)))
      this.member(userId, name ?? '', false).reportedSold += reported;
  }

  result() {
    return {
      showtimes: [...this.showtimes.values()],
      members: [...this.members.values()]
        .map(({ namedByBook: _, ...m }) => ({ ...m, unreported: Math.max(0, m.admitted - m.reportedSold) }))
        .sort(
          (a, b) => b.unreported - a.unreported || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId),
        ),
    };
  }
}

/**
 * Books first, then sales: a member whose tickets were admitted but who reported nothing is listed (from the book),
 * and a member who reported nothing and has no admitted ticket is not.
 */
export function foldDoorFigures(showtimeIds: string[], books: BookRow[], sales: SaleRow[]) {
  const fold = new DoorFold(showtimeIds);
  for (const book of books) fold.addBook(book);
  for (const row of sales) fold.addSale(row);
  return fold.result();
}

/** The event's ticket books, page by page, into a fold (one paged query). */
export async function addBooksOfEvent(fold: DoorFold, organizationId: string, eventId: string) {
  for await (const page of bookPagesOfEvent(organizationId, eventId)) for (const book of page) fold.addBook(book);
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
