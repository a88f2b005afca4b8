import { getMailer } from '../../email/mailer';
import { effectiveLocale } from '../messages/locale';
import { logError } from '../../telemetry/telemetry';
import type { EventDoc } from '../events/model';
import type { OrderDoc } from '../orders/model';
import { getOrganization } from '../organizations/repo';
import type { RegistrationDoc } from '../registrations/model';
import { getUser } from '../users/repo';
import { invoiceEmail } from './invoice-email';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf';
import { memberInvoiceView } from './invoice-view';
import type { InvoicePaymentDoc } from './payment-model';

export interface IssuedInvoice {
  organizationId: string;
  event: EventDoc;
  userId: string;
  orders: OrderDoc[];
  registrations: RegistrationDoc[];
  payments: InvoicePaymentDoc[];
}

/**
 * E-mails the member the invoice as it stands after the run, PDF attached. Two reads (organization for its name
 * and settings, the user for the address). Never fails the run: the records are already issued and the PDF can
 * be fetched again, so a failure is logged and answered as `invoiceEmailed: false` (also for a member without a
 * live user, who has no address).
 */
export async function deliverIssuedInvoice(issued: IssuedInvoice): Promise<boolean> {
  try {
    const [organization, user] = await Promise.all([getOrganization(issued.organizationId), getUser(issued.userId)]);
    if (!organization || !user || user.deletedAt) return false;
    const view = memberInvoiceView({
      organization,
      event: issued.event,
      userId: issued.userId,
      member: { name: user.name, email: user.email },
      orders: issued.orders,
      registrations: issued.registrations,
      payments: issued.payments,
      now: new Date(),
    });
    if (!view) return false;
    // The member's own language when they chose one, else the organization's.
    view.locale = effectiveLocale(user.locale, view.locale);
    const pdf = await renderInvoicePdf(view);
    await getMailer().send(invoiceEmail(view, user.email, pdf, invoiceFileName(view)));
    return true;
  } catch (error) {
    logError(error, { operation: 'member-invoice-email' });
    return false;
  }
}
