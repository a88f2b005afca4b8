import jwt from 'jsonwebtoken';
import {
  bearerToken,
  CLOCK_SKEW_SECONDS,
  signToken,
  TOKEN_LIFETIME_SECONDS,
  VERIFIED_TOKENS_KEPT,
  verifyToken,
} from '../../shared/domain/sign-in/jwt';

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
    const exp = Math.floor(Date.now() / 1000) + 3600;
    expect(verifyToken(jwt.sign({ sub: 'u1', exp }, secret), secret)).toBeUndefined();
    expect(verifyToken(jwt.sign({ sub: 5, ver: 0, exp }, secret), secret)).toBeUndefined();
    expect(verifyToken(jwt.sign({ sub: 'u1', ver: 1.5, exp }, secret), secret)).toBeUndefined();
    expect(verifyToken(jwt.sign({ sub: 'u1', ver: 1, exp }, secret), secret)).toEqual({ sub: 'u1', ver: 1 });
  });

  describe('lifetime', () => {
    const now = 1_800_000_000;
    // jsonwebtoken keeps a given `iat` and adds one (the real clock) only when none is given, unless told not to.
    const sign = (claims: Record<string, unknown>) =>
      jwt.sign({ sub: 'u1', ver: 0, ...claims }, secret, { algorithm: 'HS256', noTimestamp: !('iat' in claims) });

    it('accepts a token issued now for at most 7 days, and one issued within the clock skew ahead', () => {
      expect(verifyToken(sign({ iat: now, exp: now + TOKEN_LIFETIME_SECONDS }), secret, now)).toBeDefined();
      expect(verifyToken(sign({ iat: now + CLOCK_SKEW_SECONDS, exp: now + 3600 }), secret, now)).toBeDefined();
    });

    it('refuses a token without exp or without iat', () => {
      expect(verifyToken(sign({ iat: now }), secret, now)).toBeUndefined();
      expect(verifyToken(sign({ exp: now + 3600 }), secret, now)).toBeUndefined();
    });

    it('refuses a lifetime over 7 days, however it is spent', () => {
      expect(verifyToken(sign({ iat: now, exp: now + TOKEN_LIFETIME_SECONDS + 1 }), secret, now)).toBeUndefined();
      expect(verifyToken(sign({ iat: now, exp: now + 100 * 365 * 86400 }), secret, now)).toBeUndefined();
      expect(verifyToken(sign({ iat: now - 86400, exp: now + 7 * 86400 }), secret, now)).toBeUndefined();
    });

    it('refuses an iat beyond the clock skew in the future, and an exp not after iat', () => {
      expect(verifyToken(sign({ iat: now + CLOCK_SKEW_SECONDS + 1, exp: now + 3600 }), secret, now)).toBeUndefined();
      expect(verifyToken(sign({ iat: now, exp: now }), secret, now)).toBeUndefined();
    });
  });

  describe('verified tokens kept per secret', () => {
    it('answers a repeat without verifying again, and still refuses it once it has expired', () => {
      const now = Math.floor(Date.now() / 1000);
      const { token } = signToken({ sub: 'u-kept', ver: 2 }, secret, now);
      const verify = jest.spyOn(jwt, 'verify');
      expect(verifyToken(token, secret, now)).toEqual({ sub: 'u-kept', ver: 2 });
      expect(verifyToken(token, secret, now + 60)).toEqual({ sub: 'u-kept', ver: 2 });
      expect(verify).toHaveBeenCalledTimes(1);
      // The lifetime is checked on every use with the caller's clock: the kept claims do not outlive the token.
      expect(verifyToken(token, secret, now + TOKEN_LIFETIME_SECONDS)).toBeUndefined();
      expect(verifyToken(token, secret, now - CLOCK_SKEW_SECONDS - 1)).toBeUndefined();
      verify.mockRestore();
    });

    it('keeps nothing across secrets: a token verified under one secret is refused under another', () => {
      const { token } = signToken({ sub: 'u-secret', ver: 0 }, secret);
      expect(verifyToken(token, secret)).toBeDefined();
      expect(verifyToken(token, 'z'.repeat(40))).toBeUndefined();
      expect(verifyToken(token, secret)).toBeDefined();
    });

    it('keeps no refusal: a token with a bad signature is checked (and refused) every time', () => {
      const { token } = signToken({ sub: 'u-bad', ver: 0 }, 'q'.repeat(40));
      const verify = jest.spyOn(jwt, 'verify');
      expect(verifyToken(token, secret)).toBeUndefined();
      expect(verifyToken(token, secret)).toBeUndefined();
      expect(verify).toHaveBeenCalledTimes(2);
      verify.mockRestore();
    });

    it(`is bounded: past ${VERIFIED_TOKENS_KEPT} tokens the oldest is verified again`, () => {
      const now = Math.floor(Date.now() / 1000);
      const first = signToken({ sub: 'u-0', ver: 0 }, secret, now).token;
      verifyToken(first, secret, now);
      for (let i = 1; i <= VERIFIED_TOKENS_KEPT; i += 1)
        verifyToken(signToken({ sub: `u-${i}`, ver: 0 }, secret, now).token, secret, now);
      const verify = jest.spyOn(jwt, 'verify');
      expect(verifyToken(first, secret, now)).toEqual({ sub: 'u-0', ver: 0 });
      expect(verify).toHaveBeenCalledTimes(1);
      verify.mockRestore();
    });
  });

  it('reads only Bearer authorization headers', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
  });
});
