/**
 * Organization settings (issue 33: currency, time zone, language; issue 35: reminders and payee), stored as one
 * `settings` object on the organization document, so whoever already holds the organization (the full-org guard, a
 * super admin's scope, GET /api/auth/me) has them without another read (docs/decisions/organization-settings.md).
 */

/** The languages the service speaks, for the organization's default and each user's own choice. */
export const LOCALES = ['en', 'de', 'fi'] as const;
export type Locale = (typeof LOCALES)[number];
export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

export const DEFAULT_CURRENCY = 'EUR';
export const DEFAULT_LOCALE: Locale = 'en';

export interface ReminderSettings {
  enabled: boolean;
  /** Days after a showtime before a member with outstanding tickets is reminded. */
  daysAfterShowtime: number;
  repeatEveryDays: number;
  /** Reminders per member and order before the ticket managers are told instead. */
  maxReminders: number;
}

export const DEFAULT_REMINDERS: ReminderSettings = {
  enabled: true,
  daysAfterShowtime: 2,
  repeatEveryDays: 7,
  maxReminders: 3,
};

export const DEFAULT_PAYMENT_TERMS_DAYS = 14;

/** Who a member pays an invoice to. `iban` is stored in electronic form (no spaces, upper case). */
export interface Payee {
  accountHolder: string;
  iban: string;
  bic?: string;
  address?: string;
  paymentTermsDays: number;
}

/** As stored: every field optional (absent = the default), so organizations from before settings need no migration. */
export interface StoredOrganizationSettings {
  currency?: string;
  timeZone?: string;
  defaultLocale?: Locale;
  reminders?: ReminderSettings;
  payee?: Payee;
  updatedAt?: string;
  updatedBy?: string;
}

/** The settings with every default filled; `timeZone` and `payee` stay absent until an admin sets them. */
export interface OrganizationSettings {
  currency: string;
  timeZone?: string;
  defaultLocale: Locale;
  reminders: ReminderSettings;
  payee?: Payee;
}

/** The effective settings of an organization document (or of its stored `settings`). */
export function settingsOf(org: { settings?: StoredOrganizationSettings }): OrganizationSettings {
  const stored = org.settings ?? {};
  return {
    currency: stored.currency ?? DEFAULT_CURRENCY,
    ...(stored.timeZone !== undefined ? { timeZone: stored.timeZone } : {}),
    defaultLocale: stored.defaultLocale ?? DEFAULT_LOCALE,
    reminders: { ...DEFAULT_REMINDERS, ...stored.reminders },
    ...(stored.payee !== undefined ? { payee: { ...stored.payee } } : {}),
  };
}

/** What clients read first about an organization's money and language (GET /api/auth/me memberships). */
export function localeFieldsOf(org: { settings?: StoredOrganizationSettings }) {
  const settings = settingsOf(org);
  return {
    currency: settings.currency,
    ...(settings.timeZone !== undefined ? { timeZone: settings.timeZone } : {}),
    defaultLocale: settings.defaultLocale,
  };
}

/** GET/PUT answer: the effective settings, whether the currency can still change, and who changed them last. */
export function toSettingsResponse(
  organizationId: string,
  stored: StoredOrganizationSettings | undefined,
  currencyLocked: boolean,
) {
  const settings = settingsOf({ settings: stored });
  return {
    organizationId,
    ...settings,
    currencyLocked,
    ...(stored?.updatedAt ? { updatedAt: stored.updatedAt } : {}),
    ...(stored?.updatedBy ? { updatedBy: stored.updatedBy } : {}),
  };
}
