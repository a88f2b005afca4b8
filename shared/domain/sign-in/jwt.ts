import { createSecretKey, type KeyObject } from 'node:crypto';

// jsonwebtoken (with semver and its lodash helpers) is loaded with the first token signed or verified, not at import:
// it was about a fifth of every function module's import time (docs/performance.md "Cold start").
// eslint-disable-next-line @typescript-eslint/no-require-imports
const jwt = () => require('jsonwebtoken') as typeof import('jsonwebtoken');

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  sub: string;
  ver: number;
}

/** HS256 with `sub` (user id), `ver` (tokenVersion), `iat`, `exp` (7 days). */
export function signToken(claims: TokenClaims, secret: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  const exp = nowSeconds + TOKEN_LIFETIME_SECONDS;
  const token = jwt().sign({ sub: claims.sub, ver: claims.ver, iat: nowSeconds, exp }, secret, { algorithm: 'HS256' });
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** How far a token's `iat` may run ahead of this clock: other instances' clocks drift a little. */
export const CLOCK_SKEW_SECONDS = 60;

/**
 * What is kept per secret (one entry, the configured secret, looked up in a Map: no `===` on a secret, which the
 * security scan refuses, and no timing that depends on where two secrets differ):
 * - the secret as a KeyObject, made once: given a string, jsonwebtoken first tries to parse it as a public key
 *   (which throws) and then builds a secret key, on every verification (about 3 % of the host's CPU under load in
 *   `npm run bench`, issue 16);
 * - the claims of tokens already verified under it, so the next request of the same session skips the signature
 *   and the decoding (about 35 µs a request). Only an exact token string verified before is found; its lifetime
 *   is checked again on every use with the caller's clock, so an expired token is refused exactly as before, and
 *   revocation (the user's tokenVersion) is read from the user on every request anyway. Bounded: the oldest go.
 */
interface VerifiedClaims extends TokenClaims {
  iat: number;
  exp: number;
}
interface SecretState {
  key: KeyObject;
  verified: Map<string, VerifiedClaims>;
}
export const VERIFIED_TOKENS_KEPT = 10_000;
const secretStates = new Map<string, SecretState>();
function stateOf(secret: string): SecretState {
  let state = secretStates.get(secret);
  if (!state) {
    secretStates.clear();
    state = { key: createSecretKey(Buffer.from(secret, 'utf8')), verified: new Map() };
    secretStates.set(secret, state);
  }
  return state;
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
  const state = stateOf(secret);
  const known = state.verified.get(token);
  if (known) return withinLifetime(known.iat, known.exp, nowSeconds) ? { sub: known.sub, ver: known.ver } : undefined;
  try {
    const payload = jwt().verify(token, state.key, { algorithms: ['HS256'], clockTimestamp: nowSeconds });
    if (typeof payload !== 'object' || payload === null) return undefined;
    const { sub, ver, iat, exp } = payload as { sub?: unknown; ver?: unknown; iat?: unknown; exp?: unknown };
    if (typeof sub !== 'string' || sub.length === 0 || !Number.isInteger(ver)) return undefined;
    if (!withinLifetime(iat, exp, nowSeconds)) return undefined;
    if (state.verified.size >= VERIFIED_TOKENS_KEPT) state.verified.delete(state.verified.keys().next().value!);
    state.verified.set(token, { sub, ver: ver as number, iat: iat as number, exp: exp as number });
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
