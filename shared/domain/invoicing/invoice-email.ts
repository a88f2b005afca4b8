import { config } from '../../config';
import type { EmailMessage } from '../../email/mailer';
import { formatCreditorReference } from './creditor-reference';
import { invoiceLabels, moneyFormat } from './invoice-labels';
import type { MemberInvoiceView } from './invoice-view';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The e-mail that carries an issued invoice: the total, due date and reference in the text (a reader without the
 * PDF can still pay), the PDF attached, and a link that opens the invoice in the web client ("pay by scanning").
 */
export function invoiceEmail(invoice: MemberInvoiceView, to: string, pdf: Buffer, fileName: string): EmailMessage {
  const t = invoiceLabels(invoice.locale);
  const money = moneyFormat(invoice.locale, invoice.currency);
  const link = `${config().appBaseUrl}/invoices/${encodeURIComponent(invoice.eventId)}?organizationId=${encodeURIComponent(invoice.organizationId)}`;
  const facts = [
    `${t.event}: ${invoice.eventName}`,
    `${t.total}: ${money(invoice.total)}`,
    ...(invoice.paid > 0 ? [`${t.outstanding}: ${money(invoice.outstanding)}`] : []),
    `${t.due}: ${invoice.dueDate}`,
    `${t.reference}: ${formatCreditorReference(invoice.reference)}`,
    ...(invoice.payee ? [`${t.payTo}: ${invoice.payee.accountHolder}, IBAN ${invoice.payee.iban}`] : []),
  ];
  return {
    to,
    subject: `${t.invoice} – ${invoice.organizationName}: ${invoice.eventName}`,
    text: `${invoice.organizationName}\n\n${facts.join('\n')}\n\n${link}`,
    html:
      `<p>${escapeHtml(invoice.organizationName)}</p><ul>${facts.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(invoice.epcPayload ? t.scan : t.invoice)}</a></p>`,
    attachments: [{ name: fileName, contentType: 'application/pdf', contentInBase64: pdf.toString('base64') }],
  };
}
