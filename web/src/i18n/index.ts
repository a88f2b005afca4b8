import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  browserLanguages,
  chooseLanguage,
  firstLanguage,
  LANGUAGES,
  loadCatalog,
  matchLanguage,
  rememberedChoice,
  type Language,
} from './language';

export * from './language';

const lazyCatalogs: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, _namespace: string, callback: ReadCallback) {
    const known = matchLanguage(language);
    if (!known) return callback(null, {});
    loadCatalog(known).then(
      (catalog) => callback(null, catalog as never),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/** Starts i18next in the language chosen before anything is known of the person (their device's choice, then the browser). */
export function startI18n(): Promise<unknown> {
  const lng = firstLanguage();
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
