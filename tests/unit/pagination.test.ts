import { decodeContinuation, encodeContinuation } from '../../shared/store/pagination';
import { resetConfig } from '../../shared/config';
import { DomainError } from '../../shared/errors';

const spec = { query: 'SELECT * FROM c WHERE c.organizationId = @o' };
const sdkToken = '{"token":"+RID:abc","range":{"min":"","max":"FF"},"orderBy":["ada@example.org"]}';

function refused(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('VALIDATION_ERROR');
    return true;
  }
  return false;
}

describe('continuation tokens', () => {
  const secret = process.env.JWT_SECRET;
  beforeEach(() => {
    process.env.JWT_SECRET = 'a'.repeat(40);
    resetConfig();
  });
  afterAll(() => {
    process.env.JWT_SECRET = secret;
    resetConfig();
  });

  it('round-trips the store token for the same query and partition', () => {
    const token = encodeContinuation(sdkToken, spec, 'org-1');
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeContinuation(token, spec, 'org-1')).toBe(sdkToken);
  });

  it('is opaque: neither the store token, its _rid nor the e-mail can be read out of it', () => {
    const token = encodeContinuation(sdkToken, spec);
    const text = Buffer.from(token, 'base64url').toString('latin1');
    expect(token).not.toContain('ada');
    expect(text).not.toContain('ada@example.org');
    expect(text).not.toContain('RID');
    // a fresh IV per token: the same store token never seals to the same text twice
    expect(encodeContinuation(sdkToken, spec)).not.toBe(token);
  });

  it('refuses a token of another query or another partition with 400', () => {
    const token = encodeContinuation('x', spec, 'org-1');
    expect(refused(() => decodeContinuation(token, { query: 'SELECT * FROM c' }, 'org-1'))).toBe(true);
    expect(refused(() => decodeContinuation(token, spec, 'org-2'))).toBe(true);
    expect(refused(() => decodeContinuation(token, spec))).toBe(true);
  });

  it('refuses every single flipped byte', () => {
    const bytes = Buffer.from(encodeContinuation(sdkToken, spec), 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const copy = Buffer.from(bytes);
      copy[i] ^= 0x01;
      expect(refused(() => decodeContinuation(copy.toString('base64url'), spec))).toBe(true);
    }
  });

  it('refuses a token sealed under another server secret', () => {
    const token = encodeContinuation(sdkToken, spec);
    process.env.JWT_SECRET = 'b'.repeat(40);
    resetConfig();
    expect(refused(() => decodeContinuation(token, spec))).toBe(true);
  });

  it.each([
    '',
    'garbage',
    '!!!',
    Buffer.from('{"v":2,"c":"x"}').toString('base64url'),
    Buffer.from(JSON.stringify({ v: 1, q: 'x', c: sdkToken })).toString('base64url'),
    Buffer.alloc(60, 1).toString('base64url'),
  ])('refuses malformed token %p with a 400 DomainError', (token) => {
    expect(refused(() => decodeContinuation(token, spec))).toBe(true);
  });
});
