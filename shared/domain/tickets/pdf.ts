import type PdfKit from 'pdfkit';
import type * as QrCode from 'qrcode';
import type { Readable } from 'node:stream';
import type { EventDoc } from '../events/model';
import { findShowtime } from '../events/model';
import { formatDateTime, formatPrice, type TicketPresentation } from './presentation';
import type { TicketItem } from './schemas';

// Loaded on first use, not at import: pdfkit (with its fonts) and qrcode were most of this function module's import
// time, which a cold instance pays before its first answer, whatever the request (docs/performance.md "Cold start").
/* eslint-disable @typescript-eslint/no-require-imports */
const loadPdfKit = () => require('pdfkit') as typeof PdfKit;
const loadQrCode = () => require('qrcode') as typeof QrCode;
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * A printable file of tickets (docs/decisions/tickets.md, "The sheet"), drawn by pdfkit with QR codes from
 * `qrcode`: an A4 sheet of ten (two columns, five rows, cut marks by the frames), or one ticket per A4 page. Each
 * ticket shows the event, its date and place, the showtime, the type and its price in the organization's
 * currency, the serial and the QR of its code. The document is returned at once and filled as the QR images are
 * made, so a print shop's whole showtime streams out page by page instead of being built in memory first.
 */
export type PdfLayout = 'sheet' | 'perPage';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28;
const COLUMNS = 2;
const ROWS = 5;

export function ticketsPdf(
  event: EventDoc,
  tickets: TicketItem[],
  layout: PdfLayout,
  presentation: TicketPresentation,
): Readable {
  const doc = new (loadPdfKit())({ size: 'A4', margin: MARGIN, autoFirstPage: false, info: { Title: event.name } });
  void draw(doc, event, tickets, layout, presentation).then(
    () => doc.end(),
    (error: unknown) => doc.destroy(error as Error),
  );
  return doc as unknown as Readable;
}

async function draw(
  doc: PDFKit.PDFDocument,
  event: EventDoc,
  tickets: TicketItem[],
  layout: PdfLayout,
  presentation: TicketPresentation,
) {
  const perPage = layout === 'sheet' ? COLUMNS * ROWS : 1;
  const cellWidth = layout === 'sheet' ? (A4.width - 2 * MARGIN) / COLUMNS : A4.width - 2 * MARGIN;
  const cellHeight = layout === 'sheet' ? (A4.height - 2 * MARGIN) / ROWS : 260;
  if (tickets.length === 0) {
    doc.addPage();
    doc.fontSize(14).text(`${event.name}: no numbered tickets`, MARGIN, MARGIN);
    return;
  }
  for (const [i, ticket] of tickets.entries()) {
    const slot = i % perPage;
    if (slot === 0) doc.addPage();
    const x = MARGIN + (layout === 'sheet' ? (slot % COLUMNS) * cellWidth : 0);
    const y = MARGIN + (layout === 'sheet' ? Math.floor(slot / COLUMNS) * cellHeight : 0);
    await drawTicket(doc, event, ticket, { x, y, width: cellWidth, height: cellHeight }, presentation);
  }
}

async function drawTicket(
  doc: PDFKit.PDFDocument,
  event: EventDoc,
  ticket: TicketItem,
  box: { x: number; y: number; width: number; height: number },
  presentation: TicketPresentation,
) {
  const pad = 10;
  const qrSize = Math.min(box.height - 2 * pad, 130);
  doc.save().lineWidth(0.5).dash(3, { space: 3 }).rect(box.x, box.y, box.width, box.height).stroke().undash().restore();
  const png = await loadQrCode().toBuffer(ticket.code, { errorCorrectionLevel: 'M', margin: 2, scale: 4 });
  doc.image(png, box.x + box.width - qrSize - pad, box.y + (box.height - qrSize) / 2, { width: qrSize });
  const showtime = findShowtime(event, ticket.showtimeId);
  const type = event.ticketTypes.find((t) => t.id === ticket.ticketTypeId);
  const textWidth = box.width - qrSize - 3 * pad;
  const lines: [number, string, boolean][] = [
    [12, event.name, true],
    [8.5, formatDateTime(showtime?.dateTime ?? event.date, presentation), false],
    [8.5, event.location ?? '', false],
    [8.5, showtime?.label ?? '', false],
    [10, `${type?.name ?? ''}  ${type ? formatPrice(type.price, presentation) : ''}`.trim(), true],
    [16, ticket.serial, true],
    [7, ticket.status === 'issued' ? '' : ticket.status.toUpperCase(), true],
  ];
  doc.x = box.x + pad;
  doc.y = box.y + pad;
  for (const [size, text, bold] of lines) {
    if (!text) continue;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .text(text, box.x + pad, doc.y, {
        width: textWidth,
        height: box.height - 2 * pad,
        ellipsis: true,
      });
    doc.moveDown(0.25);
  }
}
