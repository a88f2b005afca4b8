/**
 * Which language the client speaks, and the loading of its catalog, without i18next: the entry (main.tsx) starts the
 * catalog's download from here beside the application's code, and i18n/index.ts reads the same promise.
 * The client's words live in one catalog per language (locales/<language>/*.json, gathered into one JSON file per
 * language by web/catalog-assets.ts): the first load carries only the active language's catalog (docs/decisions/web-client.md,
 * "Languages").
 */
import catalogUrls from 'virtual:catalog-urls';

export const LANGUAGES = ['en', 'de', 'fi'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language named in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', fi: 'suomi' };

const CHOICE_KEY = 'tickets.locale';

/** "de-AT" → "de"; undefined when none of ours. */
export function matchLanguage(tag: string | undefined | null): Language | undefined {
  const base = tag?.toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((l) => l === base);
}

/**
 * The fallback order: the person's own choice (their `locale`, or the switcher's choice on this device until the
 * API has answered), then the browser's languages in its order, then the organization's default, then English.
 */
export function chooseLanguage(input: {
  userLocale?: string | null;
  browser?: readonly string[];
  organizationDefault?: string | null;
}): Language {
  return (
    matchLanguage(input.userLocale) ??
    (input.browser ?? []).map(matchLanguage).find((l) => l !== undefined) ??
    matchLanguage(input.organizationDefault) ??
    'en'
  );
}

export const rememberedChoice = (): string | undefined => {
  try {
    return localStorage.getItem(CHOICE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
};

export function rememberChoice(language: Language) {
  try {
    localStorage.setItem(CHOICE_KEY, language);
  } catch {
    /* private mode: the choice lasts this visit */
  }
}

/** Each language's catalog is a JSON file of its own (web/catalog-assets.ts); only the one asked for is fetched. */
async function fetchCatalog(language: Language): Promise<Record<string, unknown>> {
  const url = catalogUrls[language];
  if (!url) throw new Error(`No ${language} catalog was built (web/src/i18n/locales/${language}/).`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The ${language} catalog could not be loaded (HTTP ${response.status}).`);
  return (await response.json()) as Record<string, unknown>;
}

const loading = new Map<Language, Promise<Record<string, unknown>>>();

/** The language's catalog, fetched once: the entry starts it, i18next's backend reads the same promise. */
export function loadCatalog(language: Language): Promise<Record<string, unknown>> {
  let found = loading.get(language);
  if (!found) {
    found = fetchCatalog(language);
    // A failed download (offline, a new deployment) may be tried again.
    found.catch(() => loading.delete(language));
    loading.set(language, found);
  }
  return found;
}

export const browserLanguages = () =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

/** The language of the first screen, before anything is known of the person: this device's choice, then the browser's. */
export const firstLanguage = (): Language =>
  chooseLanguage({ userLocale: rememberedChoice(), browser: browserLanguages() });
