import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../../config';

/**
 * The one-click opt-out link of a reminder e-mail: `<userId as base64url>.<HMAC-SHA256>`, keyed with the service
 * secret and a purpose label, so the token says only "this user may turn reminder e-mails off" (no login, nothing
 * else). A token of another purpose (a login token), another key or an edited user id fails the MAC.
 */
const PURPOSE = 'reminder-emails-off:v1';

const mac = (userId: string) => createHmac('sha256', config().jwtSecret).update(`${PURPOSE}\n${userId}`).digest();

export const unsubscribeToken = (userId: string) =>
  `${Buffer.from(userId, 'utf8').toString('base64url')}.${mac(userId).toString('base64url')}`;

/** The user id a token names, or undefined when it is not one of ours. */
export function userOfUnsubscribeToken(token: string): string | undefined {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const userId = Buffer.from(match[1], 'base64url').toString('utf8');
  if (!userId || Buffer.from(userId, 'utf8').toString('base64url') !== match[1]) return undefined;
  const given = Buffer.from(match[2], 'base64url');
  // One spelling per token: the 43rd character carries two unused bits, so four spellings would decode to the same MAC.
  if (given.toString('base64url') !== match[2]) return undefined;
  const expected = mac(userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}
