import type PdfKit from 'pdfkit';
import type * as QrCode from 'qrcode';
import type * as IbanTools from 'ibantools';
import { formatCreditorReference } from './creditor-reference';
import type { MemberInvoiceView } from './invoice-view';
import { invoiceLabels, moneyFormat } from './invoice-labels';

// Loaded on first use, not at import: pdfkit (with its fonts), qrcode and ibantools were most of this function module's import
// time, which a cold instance pays before its first answer, whatever the request (docs/performance.md "Cold start").
/* eslint-disable @typescript-eslint/no-require-imports */
const loadPdfKit = () => require('pdfkit') as typeof PdfKit;
const loadQrCode = () => require('qrcode') as typeof QrCode;
const loadIbanTools = () => require('ibantools') as typeof IbanTools;
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * The invoice as a PDF (A4, one page for any ordinary invoice), made from the same read model as the JSON answer.
 * The EPC QR is an image of the payload (error correction M, as the EPC guideline asks), printed only when the read
 * model carries one (euro, an IBAN, something outstanding).
 */
export async function renderInvoicePdf(invoice: MemberInvoiceView): Promise<Buffer> {
  const qr = invoice.epcPayload
    ? await loadQrCode().toBuffer(invoice.epcPayload, { errorCorrectionLevel: 'M', margin: 4, scale: 6, type: 'png' })
    : undefined;
  const t = invoiceLabels(invoice.locale);
  const money = moneyFormat(invoice.locale, invoice.currency);
  const doc = new (loadPdfKit())({ size: 'A4', margin: 50, info: { Title: `${t.invoice} ${invoice.reference}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text(t.invoice);
  doc.font('Helvetica').fontSize(11).text(invoice.organizationName);
  if (invoice.payee?.address) doc.text(invoice.payee.address);
  doc.moveDown();
  doc.font('Helvetica-Bold').text(t.billedTo);
  doc.font('Helvetica').text(invoice.memberName);
  if (invoice.memberEmail) doc.text(invoice.memberEmail);
  doc.moveDown();
  doc.text(`${t.event}: ${invoice.eventName} (${invoice.eventDate.slice(0, 10)})`);
  doc.text(`${t.issued}: ${invoice.issuedAt.slice(0, 10)}`);
  doc.text(`${t.due}: ${invoice.dueDate}`);
  doc.text(`${t.reference}: ${formatCreditorReference(invoice.reference)}`);
  doc.moveDown();

  const columns = [50, 280, 340, 440];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) =>
      doc.text(cell, columns[i], y, {
        width: i === 0 ? 220 : 95,
        align: i === 0 ? 'left' : 'right',
        lineBreak: i === 0,
      }),
    );
    doc.x = 50;
    doc.moveDown(0.4);
  };
  row([t.ticketType, t.quantity, t.unitPrice, t.amount], true);
  for (const line of invoice.lines) {
    row([line.ticketTypeName, String(line.quantity), money(line.unitPrice), money(line.amount)]);
  }
  doc.moveDown(0.5);
  row([t.total, '', '', money(invoice.total)], true);
  if (invoice.paid > 0) {
    row([t.paid, '', '', money(invoice.paid)]);
    row([t.outstanding, '', '', money(invoice.outstanding)], true);
  }
  doc.moveDown();

  if (invoice.payee) {
    doc.font('Helvetica-Bold').text(t.payTo, 50);
    doc.font('Helvetica').text(invoice.payee.accountHolder);
    doc.text(`IBAN ${loadIbanTools().friendlyFormatIBAN(invoice.payee.iban) ?? invoice.payee.iban}`);
    if (invoice.payee.bic) doc.text(`BIC ${invoice.payee.bic}`);
  }
  if (qr) {
    doc.moveDown();
    doc.text(t.scan, 50);
    doc.image(qr, 50, doc.y + 4, { width: 160 });
  }
  doc.end();
  return done;
}

/** `invoice-<event>-<member>.pdf`, ASCII only (a safe download name). */
export const invoiceFileName = (invoice: MemberInvoiceView) => `invoice-${invoice.reference}.pdf`;
