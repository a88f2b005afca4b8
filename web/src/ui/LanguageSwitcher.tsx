import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, rememberChoice, switchLanguage, type Language } from '../i18n';

/**
 * The person's language: chosen here, kept on this device, and it wins over the browser's and the organization's.
 * Each language is named in itself, with its `lang`, so a screen reader says it right.
 */
export function LanguageSwitcher({ onChange }: { onChange?: (language: Language) => void }) {
  const { t } = useTranslation();
  const choose = (language: Language) => {
    rememberChoice(language);
    void switchLanguage(language);
    onChange?.(language);
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
