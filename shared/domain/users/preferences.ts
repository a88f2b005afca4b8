import { notFound } from '../../errors';
import { withEtagRetry } from '../../store/outcomes';
import type { Locale } from '../organization-settings/model';
import { locale } from '../organization-settings/schemas';
import { object } from '../vocabulary/schema-parts';
import { toUserResponse } from './model';
import type { Principal } from './principal';
import { getUser, saveUser } from './repo';

/** PATCH /api/auth/me: what a person sets about themselves (docs/decisions/organization-settings.md). */
export const myPreferencesBody = object({ locale, notificationEmails: { type: 'boolean' } }, [], { minProperties: 1 });

export interface MyPreferencesBody {
  locale?: Locale;
  notificationEmails?: boolean;
}

/**
 * The caller's own language and e-mail choice, written under the user's ETag. The first attempt uses the user the
 * authentication already read (no second read); a lost race reads it again.
 */
export async function updateMyPreferences(principal: Principal, body: MyPreferencesBody) {
  let held = principal.user;
  const saved = await withEtagRetry(async () => {
    const user = held ?? (await getUser(principal.userId));
    held = undefined;
    if (!user || user.deletedAt) throw notFound('User');
    return saveUser({
      ...user,
      ...(body.locale !== undefined ? { locale: body.locale } : {}),
      ...(body.notificationEmails !== undefined ? { notificationEmails: body.notificationEmails } : {}),
    });
  });
  return toUserResponse(saved);
}
