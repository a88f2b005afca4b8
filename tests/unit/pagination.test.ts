import { decodeContinuation, encodeContinuation } from '../../shared/store/pagination';
import { DomainError } from '../../shared/errors';

const spec = { query: 'SELECT * FROM c WHERE c.organizationId = @o' };

describe('continuation tokens', () => {
  it('round-trips the store token for the same query', () => {
    const token = encodeContinuation('{"token":"+RID:abc","range":{}}', spec);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeContinuation(token, spec)).toBe('{"token":"+RID:abc","range":{}}');
  });

  it('refuses a token of another query with 400', () => {
    const token = encodeContinuation('x', spec);
    expect(() => decodeContinuation(token, { query: 'SELECT * FROM c' })).toThrow(DomainError);
  });

  it.each(['', 'garbage', '!!!', Buffer.from('{"v":2,"c":"x"}').toString('base64url')])(
    'refuses malformed token %p with a 400 DomainError',
    (token) => {
      try {
        decodeContinuation(token, spec);
        throw new Error('expected a failure');
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).code).toBe('VALIDATION_ERROR');
      }
    },
  );
});
