import { DomainError } from '../../shared/errors';
import { statusOfCode } from '../../shared/http/error-status';

/**
 * Matches a thrown DomainError by the HTTP status its code answers with at the edge (and optionally by the code
 * and data), so pure-rule tests pin what a client would see without the rules knowing about HTTP.
 */
// Typed as jest's own asymmetric matchers are (`any`), so toThrow accepts it.
export function domainErrorWith(status: number, expected: Partial<Pick<DomainError, 'code' | 'data'>> = {}): any {
  return {
    asymmetricMatch(actual: unknown): boolean {
      if (!(actual instanceof DomainError) || statusOfCode(actual.code) !== status) return false;
      if (expected.code !== undefined && actual.code !== expected.code) return false;
      return expected.data === undefined || JSON.stringify(actual.data) === JSON.stringify(expected.data);
    },
    toString: () => `DomainError answering ${status}${expected.code ? ` ${expected.code}` : ''}`,
    toAsymmetricMatcher: () => `DomainError answering ${status}${expected.code ? ` ${expected.code}` : ''}`,
  };
}
