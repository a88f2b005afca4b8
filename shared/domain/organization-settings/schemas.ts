import { object, shortText } from '../vocabulary/schema-parts';
import { bool, integer, text, timestamp } from '../vocabulary/response-parts';
import type { Schema } from '../vocabulary/validation';
import { LOCALES, type Locale, type ReminderSettings } from './model';

const currency: Schema = {
  type: 'string',
  pattern: '^[A-Z]{3}$',
  description: 'ISO 4217 code in upper case, e.g. EUR',
};
const timeZone: Schema = { type: 'string', minLength: 1, maxLength: 64, description: 'IANA time zone' };
export const locale: Schema = { enum: [...LOCALES] };
const days = (min: number): Schema => ({ type: 'integer', minimum: min, maximum: 365 });

const remindersFields = {
  enabled: { type: 'boolean' },
  daysAfterShowtime: days(0),
  repeatEveryDays: days(1),
  maxReminders: { type: 'integer', minimum: 1, maximum: 20 },
} satisfies Record<keyof ReminderSettings, Schema>;

const payeeInput = object(
  {
    // 70 characters: the beneficiary name limit of a SEPA credit transfer (and its EPC QR code).
    accountHolder: shortText(70, 1),
    iban: { type: 'string', minLength: 1, maxLength: 50 },
    bic: { type: 'string', maxLength: 11 },
    address: shortText(300),
    paymentTermsDays: days(0),
  },
  ['accountHolder', 'iban'],
);

/** PUT body: every field optional, at least one; `null` clears `timeZone` or `payee`. */
export const organizationSettingsBody = object(
  {
    currency,
    timeZone: { anyOf: [timeZone, { type: 'null' }] },
    defaultLocale: locale,
    reminders: object(remindersFields),
    payee: { anyOf: [payeeInput, { type: 'null' }] },
  },
  [],
  { minProperties: 1 },
);

export interface PayeeInput {
  accountHolder: string;
  iban: string;
  bic?: string;
  address?: string;
  paymentTermsDays?: number;
}
export interface OrganizationSettingsBody {
  currency?: string;
  timeZone?: string | null;
  defaultLocale?: Locale;
  reminders?: Partial<ReminderSettings>;
  payee?: PayeeInput | null;
}

export const organizationSettingsResponse = object(
  {
    organizationId: text,
    currency: text,
    timeZone: text,
    defaultLocale: locale,
    reminders: object({ enabled: bool, daysAfterShowtime: integer, repeatEveryDays: integer, maxReminders: integer }, [
      'enabled',
      'daysAfterShowtime',
      'repeatEveryDays',
      'maxReminders',
    ]),
    payee: object({ accountHolder: text, iban: text, bic: text, address: text, paymentTermsDays: integer }, [
      'accountHolder',
      'iban',
      'paymentTermsDays',
    ]),
    currencyLocked: bool,
    updatedAt: timestamp,
    updatedBy: text,
  },
  ['organizationId', 'currency', 'defaultLocale', 'reminders', 'currencyLocked'],
);
