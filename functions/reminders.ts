import { defineRoute } from '../shared/http/define-route';
import { emptyBody, object } from '../shared/domain/vocabulary/schema-parts';
import { setReminderEmails, unsubscribeWithToken } from '../shared/domain/reminders/opt-out';

/**
 * Reminder e-mails on and off (docs/decisions/invoices-and-reminders.md "Opting out"): from the profile (signed
 * in) or from the one-click link of a reminder e-mail (no login; the signed token can do nothing else).
 */
const tags = ['reminders'];
const answer = object({ reminderEmails: { type: 'boolean' } }, ['reminderEmails']);

defineRoute<{ reminderEmails: boolean }>({
  name: 'me-reminder-emails-update',
  method: 'PUT',
  route: 'auth/me/reminder-emails',
  auth: 'authenticated',
  tags,
  summary: "Turn the caller's reminder e-mails on or off ({ reminderEmails }); in-app notifications stay",
  body: object({ reminderEmails: { type: 'boolean' } }, ['reminderEmails']),
  response: answer,
  handler: ({ principal, body }) => setReminderEmails(principal.userId, body.reminderEmails),
});

defineRoute<unknown, { token: string }>({
  name: 'reminders-unsubscribe',
  method: 'POST',
  route: 'reminders/unsubscribe',
  auth: 'public',
  tags,
  summary:
    'One-click link of a reminder e-mail: turns that person’s reminder e-mails off, without login; the signed ' +
    'token can do nothing else (400 INVALID_UNSUBSCRIBE_LINK when it was not made by the service)',
  rateLimit: { bucket: 'reminders-unsubscribe', limit: 30, windowSeconds: 60 },
  body: emptyBody,
  query: object({ token: { type: 'string', minLength: 1, maxLength: 400 } }, ['token']),
  response: answer,
  errors: ['INVALID_UNSUBSCRIBE_LINK'],
  handler: ({ query }) => unsubscribeWithToken(query.token),
});
