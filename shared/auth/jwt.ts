import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  sub: string;
  ver: number;
}

/** HS256 with `sub` (user id), `ver` (tokenVersion), `iat`, `exp` (7 days). */
export function signToken(claims: TokenClaims, secret: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  const exp = nowSeconds + TOKEN_LIFETIME_SECONDS;
  const token = jwt.sign({ sub: claims.sub, ver: claims.ver, iat: nowSeconds, exp }, secret, { algorithm: 'HS256' });
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** How far a token's `iat` may run ahead of this clock: other instances' clocks drift a little. */
export const CLOCK_SKEW_SECONDS = 60;

/**
 * The secret as a KeyObject, made once per secret: given a string, jsonwebtoken first tries to parse it as a
 * public key (which throws) and then builds a secret key, on every verification — about 3 % of the host's CPU
 * under load in `npm run bench` (issue 16).
 */
const secretKeys = new Map<string, KeyObject>(); // one entry: the configured secret (a map, so no secret is compared)
function keyOf(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    secretKeys.clear();
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    secretKeys.set(secret, key);
  }
  return key;
}

/**
 * The claims of a valid token, or undefined for anything else (bad signature, expired, malformed, wrong shape).
 * A right signature is not enough: a token must say when it was issued and when it ends, within the lifetime
 * this service issues, so a leaked secret or a bug cannot mint tokens that never expire.
 */

export function verifyToken(
  token: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): TokenClaims | undefined {
  try {
    const payload = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'], clockTimestamp: nowSeconds });
    if (typeof payload !== 'object' || payload === null) return undefined;
    const { sub, ver, iat, exp } = payload as { sub?: unknown; ver?: unknown; iat?: unknown; exp?: unknown };
    if (typeof sub !== 'string' || sub.length === 0 || !Number.isInteger(ver)) return undefined;
    if (!withinLifetime(iat, exp, nowSeconds)) return undefined;
    return { sub, ver: ver as number };
  } catch {
    return undefined;
  }
}

function withinLifetime(iat: unknown, exp: unknown, nowSeconds: number): boolean {
  if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat) || !Number.isFinite(exp)) {
    return false;
  }
  return iat <= nowSeconds + CLOCK_SKEW_SECONDS && exp > iat && exp - iat <= TOKEN_LIFETIME_SECONDS && exp > nowSeconds;
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}
