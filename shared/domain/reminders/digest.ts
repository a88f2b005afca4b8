import type { EmailMessage } from '../../email/mailer';
import { config } from '../../config';
import { receivablesOf } from '../invoicing/receivables';
import type { InvoiceViewDoc } from '../invoicing/repo';
import { moneyFormat } from '../invoicing/invoice-labels';
import { escapeHtml } from '../messages/locale';
import { STAFF_REMINDER_WORDS } from '../messages/staff-reminder-messages';
import type { Locale } from '../organization-settings/model';

export interface DigestContent {
  awaitingReconciliation: { eventName: string; count: number }[];
  unpaid: { eventName: string; members: number; outstanding: number }[];
}

/**
 * The treasurers' weekly digest (pure): orders awaiting reconciliation per event, and per event the members whose
 * issued invoice is not paid in full (unpaid, partly paid or overdue) with what they still owe.
 */
export function digestContent(
  docs: InvoiceViewDoc[],
  organizationId: string,
  timeZone: string,
  paymentTermsDays: number,
  today: string,
): DigestContent {
  const names = new Map<string, string>();
  const awaiting = new Map<string, number>();
  const byEvent = new Map<string, InvoiceViewDoc[]>();
  for (const doc of docs) {
    if (doc.docType !== 'invoicePayment') names.set(doc.eventId, doc.eventName);
    if (doc.docType === 'order' && doc.status === 'awaitingReconciliation') {
      awaiting.set(doc.eventId, (awaiting.get(doc.eventId) ?? 0) + 1);
      continue;
    }
    byEvent.set(doc.eventId, [...(byEvent.get(doc.eventId) ?? []), doc]);
  }
  const unpaid: DigestContent['unpaid'] = [];
  for (const [eventId, eventDocs] of byEvent) {
    const open = receivablesOf(eventDocs, organizationId, eventId, timeZone, paymentTermsDays, today).filter((r) =>
      ['unpaid', 'partly_paid', 'overdue'].includes(r.status),
    );
    if (open.length === 0) continue;
    const cents = open.reduce((sum, r) => sum + Math.round(r.outstanding * 100), 0);
    unpaid.push({ eventName: names.get(eventId) ?? eventId, members: open.length, outstanding: cents / 100 });
  }
  return {
    awaitingReconciliation: [...awaiting].map(([eventId, count]) => ({
      eventName: names.get(eventId) ?? eventId,
      count,
    })),
    unpaid,
  };
}

export const digestIsEmpty = (content: DigestContent) =>
  content.awaitingReconciliation.length === 0 && content.unpaid.length === 0;

/** The digest e-mail in the treasurer's language (words and the form of money); the amounts are the content's. */
export function digestEmail(
  to: string,
  organizationName: string,
  currency: string,
  locale: Locale,
  content: DigestContent,
): EmailMessage {
  const words = STAFF_REMINDER_WORDS[locale];
  const money = moneyFormat(locale, currency);
  const lines = [
    words.awaitingReconciliation,
    ...(content.awaitingReconciliation.length
      ? content.awaitingReconciliation.map((e) => `- ${e.eventName}: ${e.count}`)
      : [`- ${words.none}`]),
    '',
    words.unpaidInvoices,
    ...(content.unpaid.length
      ? content.unpaid.map((e) => `- ${e.eventName}: ${words.unpaidLine(e.members, money(e.outstanding))}`)
      : [`- ${words.none}`]),
  ];
  const text = `${words.digestTitle(organizationName)}\n\n${lines.join('\n')}\n\n${config().appBaseUrl}/`;
  return {
    to,
    subject: words.digestSubject(organizationName),
    text,
    html: `<pre>${escapeHtml(text)}</pre>`,
  };
}
