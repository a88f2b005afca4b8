import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { http } from '../api/instance';
import { settleLanguage } from '../i18n';
import { configureFormats, type FormatSettings } from '../ui/format';
import { useMe, useOrganization } from './session-hooks';

/** What the organization's settings say, as far as the caller may read them (all optional until the API has them). */
interface OrganizationSettings {
  currency?: string;
  timeZone?: string;
  defaultLocale?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/**
 * The organization's currency and time zone for every amount and date, and the person's language, in one place.
 * Read defensively: `GET /api/organization-settings` (Admin+) when the caller may read it, else the `currency`,
 * `timeZone` and `defaultLocale` an organization-level answer carries (the membership in `/api/auth/me`), else EUR
 * and the browser's zone. The language: the user's `locale`, else the browser's, else the organization's default
 * (i18n/index.ts, chooseLanguage). The formats are set during the shell's render, so the page below formats with them.
 */
export function useOrganizationFormat(): FormatSettings {
  const { organizationId, membership } = useOrganization();
  const me = useMe();
  const admin = membership?.approved === true && membership.role === 'admin';
  const settings = useQuery({
    queryKey: [organizationId, 'organization-settings'],
    queryFn: async (): Promise<OrganizationSettings> => {
      // Not in the typed contract of every branch yet: asked by path, read field by field.
      const get = http.GET as unknown as (
        path: string,
        init: unknown,
      ) => Promise<{ data?: { data?: Record<string, unknown> } & Record<string, unknown>; response: Response }>;
      const { data, response } = await get('/api/organization-settings', { params: { query: { organizationId } } });
      if (!response.ok) return {};
      const body = (data?.data ?? data ?? {}) as Record<string, unknown>;
      return { currency: text(body.currency), timeZone: text(body.timeZone), defaultLocale: text(body.defaultLocale) };
    },
    enabled: Boolean(organizationId && admin),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const fromMembership = (membership ?? {}) as Record<string, unknown>;
  const format: FormatSettings = {
    currency: settings.data?.currency ?? text(fromMembership.currency) ?? 'EUR',
    timeZone: settings.data?.timeZone ?? text(fromMembership.timeZone),
  };
  configureFormats(format);
  const userLocale = text((me.data?.user as Record<string, unknown> | undefined)?.locale);
  const organizationDefault = settings.data?.defaultLocale ?? text(fromMembership.defaultLocale);
  const known = me.isSuccess;
  useEffect(() => {
    if (known) settleLanguage({ userLocale, organizationDefault });
  }, [known, userLocale, organizationDefault]);
  return format;
}
