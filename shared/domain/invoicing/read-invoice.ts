import { notFound } from '../../errors';
import { assertLiveEvent } from '../events/live-event';
import { getEvent } from '../events/repo';
import type { OrderDoc } from '../orders/model';
import { getOrganization } from '../organizations/repo';
import type { RegistrationDoc } from '../registrations/model';
import { getUser } from '../users/repo';
import { memberInvoiceView, type MemberInvoiceView } from './invoice-view';
import type { InvoicePaymentDoc } from './payment-model';
import { invoiceSettingsOf, type InvoiceSettings } from './invoice-settings';
import { localDay } from './receivable';
import { memberInvoiceViewDocuments, type InvoiceViewDoc } from './repo';

export function splitInvoiceDocuments(docs: InvoiceViewDoc[]) {
  const orders: OrderDoc[] = [];
  const registrations: RegistrationDoc[] = [];
  const payments: InvoicePaymentDoc[] = [];
  for (const doc of docs) {
    if (doc.docType === 'order') orders.push(doc);
    else if (doc.docType === 'registration') registrations.push(doc);
    else payments.push(doc);
  }
  return { orders, registrations, payments };
}

/**
 * One member's invoice for one event. Four reads in parallel: the organization (name, settings), the event, the
 * member's user document (name, e-mail) and one query of the member's records and payments. 404 NOT_FOUND for an
 * event that is not live, and for a member with nothing invoiced for it ("Invoice not found": none was issued).
 */
export async function readMemberInvoice(organizationId: string, eventId: string, userId: string) {
  return (await loadMemberInvoice(organizationId, eventId, userId)).view;
}

/** The invoice with the settings and the day (in the organization's zone) it was read on. */
export async function loadMemberInvoice(
  organizationId: string,
  eventId: string,
  userId: string,
  now = new Date(),
): Promise<{ view: MemberInvoiceView; settings: InvoiceSettings; today: string }> {
  const [organization, event, user, docs] = await Promise.all([
    getOrganization(organizationId),
    getEvent(organizationId, eventId),
    getUser(userId),
    memberInvoiceViewDocuments(organizationId, eventId, userId),
  ]);
  assertLiveEvent(event);
  if (!organization) throw notFound('Organization');
  const view = memberInvoiceView({
    organization,
    event,
    userId,
    ...(user && !user.deletedAt ? { member: { name: user.name, email: user.email } } : {}),
    ...splitInvoiceDocuments(docs),
    now,
  });
  if (!view) throw notFound('Invoice');
  const settings = invoiceSettingsOf(organization);
  return { view, settings, today: localDay(now, settings.timeZone) };
}
