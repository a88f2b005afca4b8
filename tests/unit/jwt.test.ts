import jwt from 'jsonwebtoken';
import { bearerToken, signToken, TOKEN_LIFETIME_SECONDS, verifyToken } from '../../shared/auth/jwt';

const secret = 'x'.repeat(40);

describe('JWT', () => {
  it('round-trips sub and ver and expires after 7 days', () => {
    const now = 1_800_000_000;
    const { token, expiresAt } = signToken({ sub: 'u1', ver: 3 }, secret, now);
    expect(Date.parse(expiresAt) / 1000).toBe(now + TOKEN_LIFETIME_SECONDS);
    const decoded = jwt.decode(token) as Record<string, unknown>;
    expect(decoded).toMatchObject({ sub: 'u1', ver: 3, iat: now, exp: now + 7 * 24 * 3600 });
  });

  it('verifies a valid token', () => {
    const { token } = signToken({ sub: 'u1', ver: 0 }, secret);
    expect(verifyToken(token, secret)).toEqual({ sub: 'u1', ver: 0 });
  });

  it('refuses a token signed with another secret, an expired one, and the none algorithm', () => {
    const { token } = signToken({ sub: 'u1', ver: 0 }, secret);
    expect(verifyToken(token, 'y'.repeat(40))).toBeUndefined();
    const old = signToken({ sub: 'u1', ver: 0 }, secret, Math.floor(Date.now() / 1000) - TOKEN_LIFETIME_SECONDS - 10);
    expect(verifyToken(old.token, secret)).toBeUndefined();
    const unsigned = jwt.sign({ sub: 'u1', ver: 0 }, '', { algorithm: 'none' });
    expect(verifyToken(unsigned, secret)).toBeUndefined();
  });

  it('refuses tokens without a string sub or an integer ver', () => {
    expect(verifyToken(jwt.sign({ sub: 'u1' }, secret), secret)).toBeUndefined();
    expect(verifyToken(jwt.sign({ sub: 5, ver: 0 }, secret), secret)).toBeUndefined();
    expect(verifyToken(jwt.sign({ sub: 'u1', ver: 1.5 }, secret), secret)).toBeUndefined();
  });

  it('reads only Bearer authorization headers', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
  });
});
