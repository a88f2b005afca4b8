import { DEFAULT_LOCALE, isLocale, type Locale } from '../organization-settings/model';

/**
 * The language a person is spoken to in (docs/decisions/organization-settings.md): their own `locale` once they set
 * it, else the organization's `defaultLocale`, else English. Any value that is not a supported language is skipped.
 */
export function effectiveLocale(...candidates: (string | undefined)[]): Locale {
  return candidates.find(isLocale) ?? DEFAULT_LOCALE;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One text per language: a catalog entry is incomplete (a type error) until every language has it. */
export type Catalog<T> = Record<Locale, T>;
