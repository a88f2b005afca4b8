import type { OrganizationDoc } from '../organizations/model';

/**
 * What an invoice needs of the organization's settings. Read from the organization document (issue 33/35 settings
 * live there); every field has a default so an organization without settings still gets an invoice (no payee: no
 * QR and no bank details, the rest stands).
 */
export interface InvoiceSettings {
  currency: string;
  timeZone: string;
  locale: string;
  payee?: { accountHolder: string; iban: string; bic?: string; address?: string; paymentTermsDays: number };
}

export const DEFAULT_INVOICE_TIME_ZONE = 'UTC';
export const DEFAULT_PAYMENT_TERMS = 14;

type WithSettings = OrganizationDoc & {
  settings?: { currency?: string; timeZone?: string; defaultLocale?: string; payee?: InvoiceSettings['payee'] };
};

export function invoiceSettingsOf(org: OrganizationDoc): InvoiceSettings {
  const stored = (org as WithSettings).settings ?? {};
  return {
    currency: stored.currency ?? 'EUR',
    timeZone: stored.timeZone ?? DEFAULT_INVOICE_TIME_ZONE,
    locale: stored.defaultLocale ?? 'en',
    ...(stored.payee ? { payee: stored.payee } : {}),
  };
}

/** Payment terms of an organization without a payee: the default. */
export const paymentTermsOf = (settings: InvoiceSettings) => settings.payee?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS;
