import type { OrganizationDoc } from '../organizations/model';
import { settingsOf, type Payee } from '../organization-settings/model';

/**
 * What an invoice needs of the organization settings (organization-settings/model.ts, on the organization document):
 * currency, time zone (UTC until one is set), language and payee. No payee: no QR and no bank details, the rest
 * stands.
 */
export interface InvoiceSettings {
  currency: string;
  timeZone: string;
  locale: string;
  payee?: Payee;
}

export const DEFAULT_INVOICE_TIME_ZONE = 'UTC';
/** Payment terms when no payee is set (the settings' own default applies once one is). */
export const DEFAULT_PAYMENT_TERMS = 14;

export function invoiceSettingsOf(org: OrganizationDoc): InvoiceSettings {
  const settings = settingsOf(org);
  return {
    currency: settings.currency,
    timeZone: settings.timeZone ?? DEFAULT_INVOICE_TIME_ZONE,
    locale: settings.defaultLocale,
    ...(settings.payee ? { payee: settings.payee } : {}),
  };
}

export const paymentTermsOf = (settings: InvoiceSettings) => settings.payee?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS;
