import { notFound } from '../../errors';
import { fromCents } from '../vocabulary/money';
import { assertLiveEvent } from '../events/live-event';
import { getEvent } from '../events/repo';
import type { OrderDoc } from '../orders/model';
import type { OrganizationDoc } from '../organizations/model';
import { getOrganization } from '../organizations/repo';
import type { RegistrationDoc } from '../registrations/model';
import { invoiceReference } from './creditor-reference';
import { invoiceContent } from './invoice-lines';
import { invoiceSettingsOf, paymentTermsOf } from './invoice-settings';
import { orderStanding, registrationStanding } from './summary';
import { paidCentsOf, type InvoicePaymentDoc } from './payment-model';
import { dueDateOf, localDay, outstandingCents, receivableStatus, type ReceivableStatus } from './receivable';
import { eventReceivableDocuments, type InvoiceViewDoc } from './repo';

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
  orders: OrderDoc[];
  registrations: RegistrationDoc[];
  payments: InvoicePaymentDoc[];
  eligible: boolean;
}

/**
 * The receivables of an event, one item per member with something to invoice (an eligible settled order or
 * direct sale, invoiced or not) or a payment recorded. Pure: the documents of the event, the organization and
 * the day. The name is the member's latest on their records (no user reads: one partition, one query).
 */
export function receivablesOf(
  docs: InvoiceViewDoc[],
  organizationId: string,
  eventId: string,
  timeZone: string,
  paymentTermsDays: number,
  today: string,
): ReceivableItem[] {
  const members = new Map<string, MemberRecords>();
  const memberOf = (userId: string, name: string | undefined, at: string) => {
    const current = members.get(userId) ?? {
      name: { value: '', at: '' },
      orders: [],
      registrations: [],
      payments: [],
      eligible: false,
    };
    if (name && at >= current.name.at) current.name = { value: name, at };
    members.set(userId, current);
    return current;
  };
  for (const doc of docs) {
    if (doc.docType === 'invoicePayment') memberOf(doc.userId, undefined, '').payments.push(doc);
    else if (doc.docType === 'registration') {
      const member = memberOf(doc.sellerId, doc.sellerName, doc.createdAt);
      member.registrations.push(doc);
      member.eligible ||= registrationStanding(doc).kind === 'eligible';
    } else if (doc.soldByOrganizationId === undefined) {
      const member = memberOf(doc.requestedBy, doc.requestedByName, doc.createdAt);
      member.orders.push(doc);
      member.eligible ||= orderStanding(doc).kind === 'eligible';
    }
  }
  const items: ReceivableItem[] = [];
  for (const [userId, member] of members) {
    if (!member.eligible && member.payments.length === 0) continue;
    const content = invoiceContent(member.orders, member.registrations);
    const paidCents = paidCentsOf(member.payments);
    const dueDate = content.issuedAt ? dueDateOf(content.issuedAt, paymentTermsDays, timeZone) : undefined;
    items.push({
      userId,
      name: member.name.value,
      invoiced: fromCents(content.totalCents),
      paid: fromCents(paidCents),
      outstanding: fromCents(outstandingCents(content.totalCents, paidCents)),
      status: receivableStatus({ invoicedCents: content.totalCents, paidCents, dueDate, today }),
      reference: invoiceReference(organizationId, eventId, userId),
      ...(dueDate ? { dueDate } : {}),
    });
  }
  return items.sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}

/**
 * GET management/events/{eventId}/receivables: the organization and the event (point reads, in parallel with) one
 * query of the event's orders, registrations and payments. Totals are the sums of the items, to the cent.
 */
export async function eventReceivables(organizationId: string, eventId: string, now = new Date()) {
  const [organization, event, docs] = await Promise.all([
    getOrganization(organizationId),
    getEvent(organizationId, eventId),
    eventReceivableDocuments(organizationId, eventId),
  ]);
  assertLiveEvent(event);
  if (!organization) throw notFound('Organization');
  return receivablesFromDocuments(organization, eventId, docs, now);
}

/**
 * The receivables of an event whose organization and event a caller has already read (the dashboard exports): one
 * query of the event's orders, registrations and payments.
 */
export async function receivablesOfReadEvent(organization: OrganizationDoc, eventId: string, now = new Date()) {
  return receivablesFromDocuments(organization, eventId, await eventReceivableDocuments(organization.id, eventId), now);
}

export type EventReceivables = ReturnType<typeof receivablesFromDocuments>;

function receivablesFromDocuments(organization: OrganizationDoc, eventId: string, docs: InvoiceViewDoc[], now: Date) {
  const settings = invoiceSettingsOf(organization);
  const items = receivablesOf(
    docs,
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
