import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The client's words live in one catalog per language (locales/<language>.ts, gathering locales/<language>/*.json),
 * each its own chunk: the first load carries only the active language's catalog (docs/decisions/web-client.md,
 * "Languages").
 */
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

/** Vite makes each catalog a chunk of its own; only the one asked for is fetched. */
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.ts');

const lazyCatalogs: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, _namespace: string, callback: ReadCallback) {
    const load = catalogs[`./locales/${language}.ts`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default as never),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

const browserLanguages = () =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

/** Starts i18next in the language chosen before anything is known of the person (their device's choice, then the browser). */
export function startI18n(): Promise<unknown> {
  const lng = chooseLanguage({ userLocale: rememberedChoice(), browser: browserLanguages() });
  document.documentElement.lang = lng;
  return i18next
    .use(lazyCatalogs)
    .use(initReactI18next)
    .init({
      lng,
      // No fallback language: it would load a second catalog; tests/web/catalogs.test.ts keeps every key in every one.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: ['translation'],
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      react: { useSuspense: false },
    });
}

/** Switches the language (its catalog loads first), and keeps <html lang> in step for screen readers. */
export async function switchLanguage(language: Language) {
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** Once the person (their `locale`) and the organization (its default) are known, they decide the language. */
export function settleLanguage(input: { userLocale?: string | null; organizationDefault?: string | null }) {
  const language = chooseLanguage({
    userLocale: input.userLocale ?? rememberedChoice(),
    browser: browserLanguages(),
    organizationDefault: input.organizationDefault,
  });
  if (language !== i18next.resolvedLanguage) void switchLanguage(language);
}

export const currentLanguage = (): Language => matchLanguage(i18next.resolvedLanguage) ?? 'en';
export { i18next };
