import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { http, unwrap } from '../../api/instance';
import type { RequestBody, ResponseData } from '../../api/types';
import { useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n';
import { Guarded } from '../../ui/access';
import { ErrorNotice, Success } from '../../ui/feedback';
import { formatDateTime } from '../../ui/format';

type Settings = ResponseData<'/api/organization-settings', 'get'>;
type SettingsBody = RequestBody<'/api/organization-settings', 'put'>;

/** The form's fields, as the API names them in a 400's `details[].path` ("/payee/iban" → "payee.iban"). */
const FIELDS = [
  'currency',
  'timeZone',
  'defaultLocale',
  'reminders.enabled',
  'reminders.daysAfterShowtime',
  'reminders.repeatEveryDays',
  'reminders.maxReminders',
  'payee.accountHolder',
  'payee.iban',
  'payee.bic',
  'payee.address',
  'payee.paymentTermsDays',
] as const;
type Field = (typeof FIELDS)[number];

/** The zone this browser reports: offered until an admin has set one (saved only with the form). */
const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  } catch {
    return '';
  }
};

/** Known zones and currencies for the fields' suggestions (free text stays allowed: the API has the last word). */
const supported = (key: 'timeZone' | 'currency'): string[] => {
  try {
    return (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.(key) ?? [];
  } catch {
    return [];
  }
};

/** Which field a refusal names: 409 CURRENCY_LOCKED is the currency's; a 400 names its path. */
function fieldOf(error: unknown): Field | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'CURRENCY_LOCKED') return 'currency';
  if (error.status !== 400) return undefined;
  const named = typeof error.data?.field === 'string' ? [error.data.field] : [];
  const details = Array.isArray(error.data?.details) ? (error.data.details as { path?: unknown }[]) : [];
  const paths = [
    ...named,
    ...details.map((d) => (typeof d.path === 'string' ? d.path.replace(/^\//, '').split('/').join('.') : '')),
  ];
  return paths.map((p) => FIELDS.find((f) => f === p)).find((f) => f !== undefined);
}

/**
 * The organization's settings (Admin+): currency, time zone, default language, payment reminders and the payee its
 * invoices name (docs/decisions/organization-settings.md). One GET, one PUT; a refusal that names a field shows at
 * that field. Calls: organization settings; the save refreshes /api/auth/me, which carries currency and zone to
 * every page.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const settings = useQuery({
    queryKey: [organizationId, 'organization-settings'],
    queryFn: () => unwrap(http.GET('/api/organization-settings', { params: { query: { organizationId } } })),
    enabled: Boolean(organizationId),
  });
  // Held here, not in the form: a save changes `updatedAt`, the refetched settings mount a fresh form (showing what
  // was saved), and the confirmation must outlive that form.
  const save = useSaveSettings();
  return (
    <>
      <h1>{t('admin.settings.title')}</h1>
      <Guarded query={settings} what={t('admin.settings.loading')}>
        {(data) => <SettingsForm key={data.updatedAt ?? 'new'} settings={data} save={save} />}
      </Guarded>
    </>
  );
}

const text = (value: string | undefined) => value ?? '';

const useSaveSettings = () =>
  useAction((body: SettingsBody, organizationId) =>
    unwrap(http.PUT('/api/organization-settings', { params: { query: { organizationId } }, body })),
  );

function SettingsForm({ settings, save }: { settings: Settings; save: ReturnType<typeof useSaveSettings> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const suggestedZone = settings.timeZone ? undefined : browserTimeZone() || undefined;
  const [form, setForm] = useState({
    currency: settings.currency,
    timeZone: settings.timeZone ?? suggestedZone ?? '',
    defaultLocale: settings.defaultLocale as Language,
    remindersEnabled: settings.reminders.enabled,
    daysAfterShowtime: String(settings.reminders.daysAfterShowtime),
    repeatEveryDays: String(settings.reminders.repeatEveryDays),
    maxReminders: String(settings.reminders.maxReminders),
    accountHolder: text(settings.payee?.accountHolder),
    iban: text(settings.payee?.iban),
    bic: text(settings.payee?.bic),
    address: text(settings.payee?.address),
    paymentTermsDays: String(settings.payee?.paymentTermsDays ?? 14),
  });
  const set = (key: keyof typeof form) => (value: string | boolean) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const payeeGiven = form.accountHolder.trim() || form.iban.trim();
    const body: SettingsBody = {
      currency: form.currency.trim().toUpperCase(),
      defaultLocale: form.defaultLocale,
      reminders: {
        enabled: form.remindersEnabled,
        daysAfterShowtime: Number(form.daysAfterShowtime),
        repeatEveryDays: Number(form.repeatEveryDays),
        maxReminders: Number(form.maxReminders),
      },
      // An emptied zone or payee clears what was saved; one never saved is left out.
      ...(form.timeZone.trim() ? { timeZone: form.timeZone.trim() } : settings.timeZone ? { timeZone: null } : {}),
      ...(payeeGiven
        ? {
            payee: {
              accountHolder: form.accountHolder.trim(),
              iban: form.iban.trim(),
              ...(form.bic.trim() ? { bic: form.bic.trim() } : {}),
              ...(form.address.trim() ? { address: form.address.trim() } : {}),
              paymentTermsDays: Number(form.paymentTermsDays),
            },
          }
        : settings.payee
          ? { payee: null }
          : {}),
    };
    save.mutate(body, {
      // Currency, zone and default language reach every page through /api/auth/me (useOrganizationFormat).
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['me'] }),
    });
  };

  const invalid = fieldOf(save.error);
  const refusal = save.error instanceof ApiError ? save.error : undefined;
  const locked = refusal?.code === 'CURRENCY_LOCKED';
  const lockedCurrency = typeof refusal?.data?.currency === 'string' ? refusal.data.currency : undefined;
  const problem = (field: Field) =>
    invalid !== field
      ? undefined
      : locked
        ? t('admin.settings.currencyLocked', { currency: lockedCurrency ?? settings.currency })
        : t(`admin.settings.invalid.${field.split('.').pop()}`, { defaultValue: t('admin.settings.invalid.other') });
  const fieldProps = (field: Field) => ({ problem: problem(field) });
  const zones = supported('timeZone');
  const currencies = supported('currency');

  return (
    <form className="stack" onSubmit={submit} aria-label={t('admin.settings.title')} noValidate>
      <fieldset>
        <legend>{t('admin.settings.general')}</legend>
        <div className="fields">
          <Input
            label={t('admin.settings.currency')}
            hint={settings.currencyLocked ? t('admin.settings.currencyLockedHint') : t('admin.settings.currencyHint')}
            value={form.currency}
            onChange={set('currency')}
            list="currency-codes"
            maxLength={3}
            autoCapitalize="characters"
            {...fieldProps('currency')}
          />
          <Input
            label={t('admin.settings.timeZone')}
            hint={
              suggestedZone && form.timeZone === suggestedZone
                ? t('admin.settings.timeZoneSuggested', { zone: suggestedZone })
                : t('admin.settings.timeZoneHint')
            }
            value={form.timeZone}
            onChange={set('timeZone')}
            list="time-zones"
            {...fieldProps('timeZone')}
          />
          <label>
            {t('admin.settings.defaultLocale')}
            <select value={form.defaultLocale} onChange={(e) => set('defaultLocale')(e.target.value)}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <datalist id="currency-codes">
          {currencies.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <datalist id="time-zones">
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </fieldset>

      <fieldset>
        <legend>{t('admin.settings.reminders')}</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={form.remindersEnabled}
            onChange={(e) => set('remindersEnabled')(e.target.checked)}
          />{' '}
          {t('admin.settings.remindersEnabled')}
        </label>
        <div className="fields">
          <Input
            type="number"
            label={t('admin.settings.daysAfterShowtime')}
            value={form.daysAfterShowtime}
            onChange={set('daysAfterShowtime')}
            min={0}
            max={365}
            {...fieldProps('reminders.daysAfterShowtime')}
          />
          <Input
            type="number"
            label={t('admin.settings.repeatEveryDays')}
            value={form.repeatEveryDays}
            onChange={set('repeatEveryDays')}
            min={1}
            max={365}
            {...fieldProps('reminders.repeatEveryDays')}
          />
          <Input
            type="number"
            label={t('admin.settings.maxReminders')}
            value={form.maxReminders}
            onChange={set('maxReminders')}
            min={1}
            max={20}
            {...fieldProps('reminders.maxReminders')}
          />
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('admin.settings.payee')}</legend>
        <p className="meta">{t('admin.settings.payeeHint')}</p>
        <div className="fields">
          <Input
            label={t('admin.settings.accountHolder')}
            value={form.accountHolder}
            onChange={set('accountHolder')}
            maxLength={70}
            {...fieldProps('payee.accountHolder')}
          />
          <Input
            label={t('admin.settings.iban')}
            value={form.iban}
            onChange={set('iban')}
            autoCapitalize="characters"
            spellCheck={false}
            {...fieldProps('payee.iban')}
          />
          <Input
            label={t('admin.settings.bic')}
            value={form.bic}
            onChange={set('bic')}
            maxLength={11}
            autoCapitalize="characters"
            spellCheck={false}
            {...fieldProps('payee.bic')}
          />
          <Input
            type="number"
            label={t('admin.settings.paymentTermsDays')}
            value={form.paymentTermsDays}
            onChange={set('paymentTermsDays')}
            min={0}
            max={365}
            {...fieldProps('payee.paymentTermsDays')}
          />
        </div>
        <Input
          multiline
          label={t('admin.settings.address')}
          value={form.address}
          onChange={set('address')}
          maxLength={300}
          {...fieldProps('payee.address')}
        />
      </fieldset>

      <div className="row">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : t('admin.settings.save')}
        </button>
      </div>
      {save.isSuccess && (
        <Success>
          {t('admin.settings.saved', { when: formatDateTime(save.data.updatedAt ?? new Date().toISOString()) })}
        </Success>
      )}
      {invalid ? (
        <p role="alert" className="notice error">
          {t('admin.settings.notSavedSeeField')}
        </p>
      ) : (
        <ErrorNotice error={save.error} title={t('admin.settings.notSaved')} />
      )}
    </form>
  );
}

/** A labelled field with its hint and, when the API refused it, the reason right below it. */
function Input({
  label,
  hint,
  problem,
  value,
  onChange,
  multiline,
  ...rest
}: {
  label: string;
  hint?: ReactNode;
  problem?: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  type?: string;
  min?: number;
  max?: number;
  maxLength?: number;
  list?: string;
  autoCapitalize?: string;
  spellCheck?: boolean;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  const common = {
    value,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <label>
      {label}
      {multiline ? (
        <textarea rows={3} {...common} {...rest} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} {...rest} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <span id={`${id}-hint`} className="meta" style={{ fontWeight: 400 }}>
          {hint}
        </span>
      )}
      {problem && (
        <span id={`${id}-problem`} className="notice error" role="alert">
          {problem}
        </span>
      )}
    </label>
  );
}
