import { saveSession } from '../api/session';
import type { ResponseData } from '../api/types';

type Verified = ResponseData<'/api/auth/verify-code', 'post'>;

/** Keeps the session a verify answer gave (the token and when it ends). */
export function keepSession(verified: Verified) {
  saveSession({
    token: verified.token,
    expiresAt: verified.expiresAt,
    userId: verified.user.id,
    email: verified.user.email,
  });
}

/** Only a path inside this app may be the target after login (never another origin). */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}
