import type { Locale } from '../organization-settings/model';
import { escapeHtml, type Catalog } from './locale';

/** The login e-mail's words. The code always ends its line after ": " (clients and tests read it there). */
interface LoginWords {
  subject: string;
  linkLine: string;
  codeLine: string;
  expiry: string;
  button: string;
}

export const LOGIN_WORDS: Catalog<LoginWords> = {
  en: {
    subject: 'Your login link',
    linkLine: 'Log in with this link',
    codeLine: 'Or enter this code',
    expiry: 'The link and code work once and expire in 15 minutes.',
    button: 'Log in',
  },
  de: {
    subject: 'Ihr Anmeldelink',
    linkLine: 'Melden Sie sich mit diesem Link an',
    codeLine: 'Oder geben Sie diesen Code ein',
    expiry: 'Link und Code gelten einmal und laufen nach 15 Minuten ab.',
    button: 'Anmelden',
  },
  fi: {
    subject: 'Kirjautumislinkkisi',
    linkLine: 'Kirjaudu sisään tällä linkillä',
    codeLine: 'Tai syötä tämä koodi',
    expiry: 'Linkki ja koodi toimivat kerran ja vanhenevat 15 minuutissa.',
    button: 'Kirjaudu sisään',
  },
};

/** Subject, plain text and HTML of the login e-mail in `locale` (pure). */
export function loginMessage(locale: Locale, link: string, code: string) {
  const w = LOGIN_WORDS[locale];
  return {
    subject: w.subject,
    text: `${w.linkLine}: ${link}\n\n${w.codeLine}: ${code}\n\n${w.expiry}`,
    html: `<p><a href="${escapeHtml(link)}">${w.button}</a></p><p>${w.codeLine}: <strong>${code}</strong></p><p>${w.expiry}</p>`,
  };
}
