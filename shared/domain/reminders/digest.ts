import type { EmailMessage } from '../../email/mailer';
import { config } from '../../config';
import { ReceivablesFold } from '../invoicing/receivables';
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
 * The treasurers' weekly digest (pure), folded record by record: orders awaiting reconciliation per event, and per
 * event the members whose issued invoice is not paid in full (unpaid, partly paid or overdue) with what they still
 * owe. Per event it keeps only a count and the receivables' fold (sums per member), so the timer passes the
 * organization's pages through it and holds one page at most, whatever the season's size.
 */
export class DigestFold {
  private readonly names = new Map<string, string>();
  private readonly awaiting = new Map<string, number>();
  private readonly receivables = new Map<string, ReceivablesFold>();

  add(doc: InvoiceViewDoc) {
    if (doc.docType !== 'invoicePayment') this.names.set(doc.eventId, doc.eventName);
    if (doc.docType === 'order' && doc.status === 'awaitingReconciliation') {
      this.awaiting.set(doc.eventId, (this.awaiting.get(doc.eventId) ?? 0) + 1);
      return;
    }
    const fold = this.receivables.get(doc.eventId) ?? new ReceivablesFold();
    fold.add(doc);
    this.receivables.set(doc.eventId, fold);
  }

  content(organizationId: string, timeZone: string, paymentTermsDays: number, today: string): DigestContent {
    const unpaid: DigestContent['unpaid'] = [];
    for (const [eventId, fold] of this.receivables) {
      const open = fold
        .items(organizationId, eventId, timeZone, paymentTermsDays, today)
        .filter((r) => ['unpaid', 'partly_paid', 'overdue'].includes(r.status));
      if (open.length === 0) continue;
      const cents = open.reduce((sum, r) => sum + Math.round(r.outstanding * 100), 0);
      unpaid.push({ eventName: this.names.get(eventId) ?? eventId, members: open.length, outstanding: cents / 100 });
    }
    return {
      awaitingReconciliation: [...this.awaiting].map(([eventId, count]) => ({
        eventName: this.names.get(eventId) ?? eventId,
        count,
      })),
      unpaid,
    };
  }
}

/** The digest of records given at once (the fold over them; the timer feeds the fold page by page). */
export function digestContent(
  docs: Iterable<InvoiceViewDoc>,
  organizationId: string,
  timeZone: string,
  paymentTermsDays: number,
  today: string,
): DigestContent {
  const fold = new DigestFold();
  for (const doc of docs) fold.add(doc);
  return fold.content(organizationId, timeZone, paymentTermsDays, today);
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
