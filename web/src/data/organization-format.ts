import { useEffect } from 'react';
import { settleLanguage } from '../i18n';
import { configureFormats, type FormatSettings } from '../ui/format';
import { useMe, useOrganization } from './session-hooks';

/**
 * The organization's currency and time zone for every amount and date, and the person's language, in one place.
 * They come with the caller's membership in `/api/auth/me` (the organization settings' `currency`, `timeZone` and
 * `defaultLocale`, docs/decisions/organization-settings.md), so every member has them without another call; an
 * organization without a time zone yet shows dates in the browser's. The language: the user's `locale` (read
 * defensively: not every API version carries it), else the browser's, else the organization's default
 * (i18n/index.ts, chooseLanguage). The formats are set during the shell's render, and the shell draws the page only
 * once they are known (app/Layout.tsx), so the page formats with them.
 */
export function useOrganizationFormat(): FormatSettings {
  const { membership } = useOrganization();
  const me = useMe();
  const format: FormatSettings = { currency: membership?.currency ?? 'EUR', timeZone: membership?.timeZone };
  configureFormats(format);
  const locale = (me.data?.user as { locale?: unknown } | undefined)?.locale;
  const userLocale = typeof locale === 'string' ? locale : undefined;
  const organizationDefault = membership?.defaultLocale;
  const known = me.isSuccess;
  useEffect(() => {
    if (known) settleLanguage({ userLocale, organizationDefault });
  }, [known, userLocale, organizationDefault]);
  return format;
}
