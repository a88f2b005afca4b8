import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { DomainError, type ValidationDetail } from '../../errors';
import {
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_TERMS_DAYS,
  DEFAULT_REMINDERS,
  type Payee,
  type StoredOrganizationSettings,
} from './model';
import type { PayeeInput, OrganizationSettingsBody } from './schemas';

/**
 * Pure rules of the organization settings (docs/decisions/organization-settings.md). A value the schema lets through
 * but the world refuses (an unknown currency or time zone, an IBAN whose checksum fails) is a 400 VALIDATION_ERROR
 * whose `details[0].path` and `data.field` name the field, so a form can mark it.
 */
function invalidField(field: string, message: string): DomainError {
  const detail: ValidationDetail = { path: `/${field.replace(/\./g, '/')}`, message };
  return new DomainError('VALIDATION_ERROR', `${field} ${message}`, { details: [detail], field });
}

const SUPPORTED_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 code the runtime can format (Intl knows every active code). */
export function validCurrency(code: string): string {
  if (!SUPPORTED_CURRENCIES.has(code)) throw invalidField('currency', 'must be an ISO 4217 currency code');
  return code;
}

/** An IANA time zone, in its canonical spelling (`europe/helsinki` becomes `Europe/Helsinki`). */
export function canonicalTimeZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw invalidField('timeZone', 'must be an IANA time zone such as Europe/Helsinki');
  }
}

/** IBAN without spaces and in upper case, checksum verified; BIC in upper case, structure and country verified. */
export function validPayee(input: PayeeInput): Payee {
  const accountHolder = input.accountHolder.trim();
  if (!accountHolder) throw invalidField('payee.accountHolder', 'must not be blank');
  const iban = electronicFormatIBAN(input.iban) ?? '';
  if (!isValidIBAN(iban)) throw invalidField('payee.iban', 'is not a valid IBAN (country, length or checksum)');
  const bic = input.bic?.trim().toUpperCase();
  if (bic !== undefined && bic !== '' && !isValidBIC(bic)) throw invalidField('payee.bic', 'is not a valid BIC');
  const address = input.address?.trim();
  return {
    accountHolder,
    iban,
    ...(bic ? { bic } : {}),
    ...(address ? { address } : {}),
    paymentTermsDays: input.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
  };
}

/** True when the body names a currency other than the one in force (absent stored = the default). */
export const changesCurrency = (
  stored: StoredOrganizationSettings | undefined,
  body: OrganizationSettingsBody,
): boolean => body.currency !== undefined && body.currency !== (stored?.currency ?? DEFAULT_CURRENCY);

/**
 * PUT is a merge by field: each top-level field sent replaces that setting whole, a field not sent stays, `null`
 * clears `timeZone` or `payee`. Inside `reminders` a field not sent takes its default; inside `payee` an absent `bic`
 * or `address` is removed.
 */
export function applySettingsChange(
  stored: StoredOrganizationSettings | undefined,
  body: OrganizationSettingsBody,
  actor: { userId: string; at: string },
): StoredOrganizationSettings {
  const next: StoredOrganizationSettings = { ...stored };
  if (body.currency !== undefined) next.currency = validCurrency(body.currency);
  if (body.timeZone === null) delete next.timeZone;
  else if (body.timeZone !== undefined) next.timeZone = canonicalTimeZone(body.timeZone);
  if (body.defaultLocale !== undefined) next.defaultLocale = body.defaultLocale;
  if (body.reminders !== undefined) next.reminders = { ...DEFAULT_REMINDERS, ...body.reminders };
  if (body.payee === null) delete next.payee;
  else if (body.payee !== undefined) next.payee = validPayee(body.payee);
  next.updatedAt = actor.at;
  next.updatedBy = actor.userId;
  return next;
}
