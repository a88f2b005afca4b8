import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../api/instance';
import { currentSession } from '../api/session';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, rememberChoice, switchLanguage, type Language } from '../i18n';

/**
 * The person's language: chosen here, kept on this device, and it wins over the browser's and the organization's.
 * Signed in, it is also saved to the person (`locale`, PATCH /api/auth/me), so it follows them to other devices and
 * to their e-mails; if that save fails (offline), this device still keeps it. Each language is named in itself,
 * with its `lang`, so a screen reader says it right.
 */
export function LanguageSwitcher({
  onChange,
  onSaved,
}: {
  onChange?: (language: Language) => void;
  /** After the person's `locale` is saved (the shell refreshes /api/auth/me). */
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const choose = (language: Language) => {
    rememberChoice(language);
    void switchLanguage(language);
    onChange?.(language);
    if (currentSession())
      void unwrap(http.PATCH('/api/auth/me', { body: { locale: language } })).then(onSaved, () => undefined);
  };
  return (
    <label className="language">
      {t('shell.language')}
      <select value={currentLanguage()} onChange={(e) => choose(e.target.value as Language)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
