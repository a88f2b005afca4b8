import { notFound } from '../../errors';
import { fromCents } from '../vocabulary/money';
import { assertLiveEvent } from '../events/live-event';
import { getEvent } from '../events/repo';
import type { OrganizationDoc } from '../organizations/model';
import { getOrganization } from '../organizations/repo';
import { invoiceReference } from './creditor-reference';
import { InvoiceLinesFold } from './invoice-lines';
import { invoiceSettingsOf, paymentTermsOf } from './invoice-settings';
import { orderStanding, registrationStanding } from './summary';
import { dueDateOf, localDay, outstandingCents, receivableStatus, type ReceivableStatus } from './receivable';
import { eventReceivableDocumentPages, type InvoiceViewDoc } from './repo';

export interface ReceivableItem {
  userId: string;
  name: string;
  invoiced: number;
  paid: number;
  outstanding: number;
  status: ReceivableStatus;
  reference: string;
  dueDate?: string;
}

interface MemberRecords {
  name: { value: string; at: string };
  invoice: InvoiceLinesFold;
  paidCents: number;
  eligible: boolean;
}

/**
 * The receivables of an event folded document by document (docs/decisions/invoices-and-reminders.md): per member
 * only the running invoice lines, the payments' sum, whether anything is eligible and the latest name, so a reader
 * can pass the event's pages through it and hold one page at most, whatever the event's size.
 */
export class ReceivablesFold {
  private readonly members = new Map<string, MemberRecords>();

  add(doc: InvoiceViewDoc) {
    if (doc.docType === 'invoicePayment') this.memberOf(doc.userId, undefined, '').paidCents += doc.amountCents;
    else if (doc.docType === 'registration') {
      const member = this.memberOf(doc.sellerId, doc.sellerName, doc.createdAt);
      member.invoice.addRegistration(doc);
      member.eligible ||= registrationStanding(doc).kind === 'eligible';
    } else if (doc.soldByOrganizationId === undefined) {
      const member = this.memberOf(doc.requestedBy, doc.requestedByName, doc.createdAt);
      member.invoice.addOrder(doc);
      member.eligible ||= orderStanding(doc).kind === 'eligible';
    }
  }

  /** One item per member with something to invoice or a payment recorded, by name. */
  items(organizationId: string, eventId: string, timeZone: string, paymentTermsDays: number, today: string) {
    const items: ReceivableItem[] = [];
    for (const [userId, member] of this.members) {
      if (!member.eligible && member.paidCents === 0) continue;
      const content = member.invoice.content();
      const dueDate = content.issuedAt ? dueDateOf(content.issuedAt, paymentTermsDays, timeZone) : undefined;
      items.push({
        userId,
        name: member.name.value,
        invoiced: fromCents(content.totalCents),
        paid: fromCents(member.paidCents),
        outstanding: fromCents(outstandingCents(content.totalCents, member.paidCents)),
        status: receivableStatus({ invoicedCents: content.totalCents, paidCents: member.paidCents, dueDate, today }),
        reference: invoiceReference(organizationId, eventId, userId),
        ...(dueDate ? { dueDate } : {}),
      });
    }
    return items.sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  }

  private memberOf(userId: string, name: string | undefined, at: string) {
    const current = this.members.get(userId) ?? {
      name: { value: '', at: '' },
      invoice: new InvoiceLinesFold(),
      paidCents: 0,
      eligible: false,
    };
    if (name && at >= current.name.at) current.name = { value: name, at };
    this.members.set(userId, current);
    return current;
  }
}

/**
 * The receivables of an event, one item per member with something to invoice (an eligible settled order or
 * direct sale, invoiced or not) or a payment recorded. Pure: the documents of the event, the organization and
 * the day. The name is the member's latest on their records (no user reads: one partition, one query).
 */
export function receivablesOf(
  docs: Iterable<InvoiceViewDoc>,
  organizationId: string,
  eventId: string,
  timeZone: string,
  paymentTermsDays: number,
  today: string,
): ReceivableItem[] {
  const fold = new ReceivablesFold();
  for (const doc of docs) fold.add(doc);
  return fold.items(organizationId, eventId, timeZone, paymentTermsDays, today);
}

/**
 * GET management/events/{eventId}/receivables: the organization and the event (point reads, in parallel with) one
 * query of the event's orders, registrations and payments. Totals are the sums of the items, to the cent.
 */
export async function eventReceivables(organizationId: string, eventId: string, now = new Date()) {
  const [organization, event, fold] = await Promise.all([
    getOrganization(organizationId),
    getEvent(organizationId, eventId),
    foldEventDocuments(organizationId, eventId),
  ]);
  assertLiveEvent(event);
  if (!organization) throw notFound('Organization');
  return receivablesFromFold(organization, eventId, fold, now);
}

/**
 * The receivables of an event whose organization and event a caller has already read (the dashboard exports): one
 * query of the event's orders, registrations and payments.
 */
export async function receivablesOfReadEvent(organization: OrganizationDoc, eventId: string, now = new Date()) {
  return receivablesFromFold(organization, eventId, await foldEventDocuments(organization.id, eventId), now);
}

/** The event's orders, registrations and payments, one page of the query at a time (a page the most held). */
async function foldEventDocuments(organizationId: string, eventId: string) {
  const fold = new ReceivablesFold();
  for await (const page of eventReceivableDocumentPages(organizationId, eventId)) for (const doc of page) fold.add(doc);
  return fold;
}

export type EventReceivables = ReturnType<typeof receivablesFromFold>;

function receivablesFromFold(organization: OrganizationDoc, eventId: string, fold: ReceivablesFold, now: Date) {
  const settings = invoiceSettingsOf(organization);
  const items = fold.items(
    organization.id,
    eventId,
    settings.timeZone,
    paymentTermsOf(settings),
    localDay(now, settings.timeZone),
  );
  const cents = (pick: (item: ReceivableItem) => number) =>
    items.reduce((sum, i) => sum + Math.round(pick(i) * 100), 0);
  return {
    eventId,
    currency: settings.currency,
    items,
    totals: {
      invoiced: fromCents(cents((i) => i.invoiced)),
      paid: fromCents(cents((i) => i.paid)),
      outstanding: fromCents(cents((i) => i.outstanding)),
    },
  };
}
