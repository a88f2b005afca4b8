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

/** The claims of a valid token, or undefined for anything else (bad signature, expired, malformed, wrong shape). */
export function verifyToken(token: string, secret: string): TokenClaims | undefined {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || payload === null) return undefined;
    const { sub, ver } = payload as { sub?: unknown; ver?: unknown };
    if (typeof sub !== 'string' || sub.length === 0 || !Number.isInteger(ver)) return undefined;
    return { sub, ver: ver as number };
  } catch {
    return undefined;
  }
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}
