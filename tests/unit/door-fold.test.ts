import { DoorFold, foldDoorFigures, type BookRow, type SaleRow } from '../../shared/domain/ticket-views/figures';

/**
 * The door figures fold one document at a time in any order (the dashboard exports feed the sales first, from the
 * pages they already read, then the books): the same figures as the route's books-then-sales fold.
 */
const book = (holderId: string, holderName: string, statuses: string[], kind = 'order'): BookRow =>
  ({
    showtimeId: 'S1',
    source: { kind },
    holderId,
    holderName,
    tickets: statuses.map((status, i) => ({ serial: `A-${i}`, status })),
  }) as unknown as BookRow;
const order = (userId: string, name: string, soldQuantity: number): SaleRow => ({
  docType: 'order',
  showtimeId: 'S1',
  status: 'settled',
  requestedBy: userId,
  requestedByName: name,
  soldQuantity,
});

describe('DoorFold', () => {
  const books = [
    book('u1', 'Mia (on the ticket)', ['admitted', 'admitted', 'admitted', 'returned']),
    book('u2', 'Max', ['issued', 'void']),
    book('free', 'Guest', ['admitted'], 'freeTicket'),
  ];
  const sales: SaleRow[] = [
    order('u1', 'Mia (on the order)', 1),
    order('u2', 'Max', 0),
    order('u3', 'Ann', 2),
    { docType: 'registration', showtimeId: 'S1', sellerId: 'u3', sellerName: 'Ann', totalQuantity: 1 },
    { docType: 'externalSale', showtimeId: 'S1', totalQuantity: 9 } as unknown as SaleRow,
  ];

  it('gives the same figures whether the sales or the books come first', () => {
    const route = foldDoorFigures(['S1'], books, sales);
    const exportOrder = new DoorFold(['S1']);
    for (const s of sales) exportOrder.addSale(s);
    for (const b of books) exportOrder.addBook(b);
    expect(exportOrder.result()).toEqual(route);
  });

  it('counts by hand: issued, returned, admitted, reported sold and unreported', () => {
    expect(foldDoorFigures(['S1'], books, sales)).toEqual({
      showtimes: [{ showtimeId: 'S1', issued: 6, returned: 1, reportedSold: 4, admitted: 4 }],
      members: [
        { userId: 'u1', name: 'Mia (on the ticket)', reportedSold: 1, admitted: 3, unreported: 2 },
        { userId: 'u3', name: 'Ann', reportedSold: 3, admitted: 0, unreported: 0 },
      ],
    });
  });
});
