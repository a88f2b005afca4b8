import { DomainError } from '../../errors';
import { withEtagRetry } from '../../store/outcomes';
import { getUser, saveUser } from '../users/repo';
import { userOfUnsubscribeToken } from './unsubscribe-token';

/**
 * Turns a person's reminder e-mails on or off: one field of the user document (`reminderEmails: false`, absent =
 * on), written under its ETag. The in-app notifications stay: they are part of the service, not mail.
 */
export async function setReminderEmails(userId: string, enabled: boolean) {
  await withEtagRetry(async () => {
    const user = await getUser(userId);
    if (!user || user.deletedAt) return;
    if ((user.reminderEmails !== false) === enabled) return; // already so: no write
    const { reminderEmails: _off, ...rest } = user;
    await saveUser(enabled ? { ...rest, _etag: user._etag } : { ...rest, reminderEmails: false, _etag: user._etag });
  });
  return { reminderEmails: enabled };
}

/**
 * POST reminders/unsubscribe?token=…: the one-click link, no login. The token names only a user and this purpose,
 * so it can do nothing else; one not made by the service is 400 INVALID_UNSUBSCRIBE_LINK (a gone user answers the
 * same as a done one, saying nothing about accounts).
 */
export function unsubscribeWithToken(token: string) {
  const userId = userOfUnsubscribeToken(token);
  if (!userId) throw new DomainError('INVALID_UNSUBSCRIBE_LINK', 'This link cannot turn reminder e-mails off');
  return setReminderEmails(userId, false);
}
