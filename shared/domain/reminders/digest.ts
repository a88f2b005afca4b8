import type { EmailMessage } from '../../email/mailer';
import { config } from '../../config';
import { receivablesOf } from '../invoicing/receivables';
import type { InvoiceViewDoc } from '../invoicing/repo';
import { moneyFormat } from '../invoicing/invoice-labels';

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

export function digestEmail(
  to: string,
  organizationName: string,
  currency: string,
  locale: string,
  content: DigestContent,
): EmailMessage {
  const money = moneyFormat(locale, currency);
  const lines = [
    'Orders awaiting reconciliation:',
    ...(content.awaitingReconciliation.length
      ? content.awaitingReconciliation.map((e) => `- ${e.eventName}: ${e.count}`)
      : ['- none']),
    '',
    'Invoices issued and not paid:',
    ...(content.unpaid.length
      ? content.unpaid.map((e) => `- ${e.eventName}: ${e.members} member(s), ${money(e.outstanding)} outstanding`)
      : ['- none']),
  ];
  const text = `${organizationName}: the week in money\n\n${lines.join('\n')}\n\n${config().appBaseUrl}/`;
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    to,
    subject: `${organizationName}: weekly treasurer digest`,
    text,
    html: `<pre>${escape(text)}</pre>`,
  };
}
