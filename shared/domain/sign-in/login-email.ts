import { config } from '../../config';
import type { EmailMessage } from '../../email/mailer';
import { loginMessage } from '../messages/login-messages';
import type { Locale } from '../organization-settings/model';

/** The login e-mail in the person's language (shared/domain/messages/login-messages.ts holds the words). */
export function loginEmail(to: string, token: string, code: string, locale: Locale = 'en'): EmailMessage {
  const link = `${config().appBaseUrl}/auth/verify?token=${encodeURIComponent(token)}`;
  return { to, ...loginMessage(locale, link, code) };
}
