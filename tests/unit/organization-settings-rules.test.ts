import { DomainError } from '../../shared/errors';
import { localeFieldsOf, settingsOf } from '../../shared/domain/organization-settings/model';
import {
  applySettingsChange,
  canonicalTimeZone,
  changesCurrency,
  validCurrency,
  validPayee,
} from '../../shared/domain/organization-settings/rules';

const actor = { userId: 'u1', at: '2026-11-27T12:00:00.000Z' };

function fieldOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('VALIDATION_ERROR');
    return (error as DomainError).data?.field;
  }
  throw new Error('expected a validation error');
}

describe('settingsOf', () => {
  it('fills every default and leaves timeZone and payee absent', () => {
    expect(settingsOf({})).toEqual({
      currency: 'EUR',
      defaultLocale: 'en',
      reminders: { enabled: true, daysAfterShowtime: 2, repeatEveryDays: 7, maxReminders: 3 },
    });
    expect(localeFieldsOf({})).toEqual({ currency: 'EUR', defaultLocale: 'en' });
  });

  it('keeps what is stored', () => {
    const stored = { currency: 'SEK', timeZone: 'Europe/Stockholm', defaultLocale: 'fi' as const };
    expect(localeFieldsOf({ settings: stored })).toEqual(stored);
  });
});

describe('validation rules', () => {
  it('accepts ISO 4217 codes Intl knows and refuses others naming currency', () => {
    expect(validCurrency('EUR')).toBe('EUR');
    expect(validCurrency('JPY')).toBe('JPY');
    expect(fieldOf(() => validCurrency('ABC'))).toBe('currency');
  });

  it('canonicalizes IANA time zones and refuses unknown ones naming timeZone', () => {
    expect(canonicalTimeZone('europe/helsinki')).toBe('Europe/Helsinki');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(fieldOf(() => canonicalTimeZone('Atlantis/Capital'))).toBe('timeZone');
  });

  it('stores the IBAN electronically after its checksum passes; the BIC in upper case', () => {
    expect(validPayee({ accountHolder: ' A ', iban: 'fi21 1234 5600 0007 85', bic: 'nordfihh' })).toEqual({
      accountHolder: 'A',
      iban: 'FI2112345600000785',
      bic: 'NORDFIHH',
      paymentTermsDays: 14,
    });
    expect(fieldOf(() => validPayee({ accountHolder: 'A', iban: 'FI2112345600000786' }))).toBe('payee.iban');
    expect(fieldOf(() => validPayee({ accountHolder: 'A', iban: 'not an iban' }))).toBe('payee.iban');
    expect(fieldOf(() => validPayee({ accountHolder: 'A', iban: 'FI2112345600000785', bic: 'NORD' }))).toBe(
      'payee.bic',
    );
    expect(fieldOf(() => validPayee({ accountHolder: ' ', iban: 'FI2112345600000785' }))).toBe('payee.accountHolder');
  });

  it('drops a blank BIC or address instead of storing empty strings', () => {
    expect(validPayee({ accountHolder: 'A', iban: 'FI2112345600000785', bic: ' ', address: ' ' })).toEqual({
      accountHolder: 'A',
      iban: 'FI2112345600000785',
      paymentTermsDays: 14,
    });
  });
});

describe('applySettingsChange', () => {
  it('merges by field, replaces reminders whole over the defaults, and clears with null', () => {
    const first = applySettingsChange(undefined, { timeZone: 'Europe/Berlin', reminders: { maxReminders: 9 } }, actor);
    expect(first).toEqual({
      timeZone: 'Europe/Berlin',
      reminders: { enabled: true, daysAfterShowtime: 2, repeatEveryDays: 7, maxReminders: 9 },
      updatedAt: actor.at,
      updatedBy: 'u1',
    });
    const second = applySettingsChange(first, { reminders: { enabled: false }, timeZone: null }, actor);
    expect(second.reminders).toEqual({ enabled: false, daysAfterShowtime: 2, repeatEveryDays: 7, maxReminders: 3 });
    expect(second).not.toHaveProperty('timeZone');
  });

  it('tells a currency change from sending the currency in force', () => {
    expect(changesCurrency(undefined, { currency: 'EUR' })).toBe(false);
    expect(changesCurrency(undefined, { currency: 'SEK' })).toBe(true);
    expect(changesCurrency({ currency: 'SEK' }, { currency: 'SEK' })).toBe(false);
    expect(changesCurrency({ currency: 'SEK' }, { defaultLocale: 'de' })).toBe(false);
  });
});
