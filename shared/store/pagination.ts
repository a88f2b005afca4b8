import { createHash } from 'node:crypto';
import type { Container, SqlQuerySpec } from '@azure/cosmos';
import { badRequest } from '../errors';
import { queryOnePage } from './operations';

/**
 * Opaque continuation tokens: the SDK's token wrapped with a fingerprint of the query it belongs to,
 * so a token from one list cannot be replayed against another, and a mangled token is a clean 400.
 */
export interface Page<T> {
  items: T[];
  continuationToken?: string;
}

const fingerprint = (spec: SqlQuerySpec) => createHash('sha256').update(spec.query).digest('base64url').slice(0, 16);

export function encodeContinuation(sdkToken: string, spec: SqlQuerySpec): string {
  return Buffer.from(JSON.stringify({ v: 1, q: fingerprint(spec), c: sdkToken })).toString('base64url');
}

export function decodeContinuation(token: string, spec: SqlQuerySpec): string {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as {
      v?: unknown;
      q?: unknown;
      c?: unknown;
    };
    if (parsed.v === 1 && parsed.q === fingerprint(spec) && typeof parsed.c === 'string' && parsed.c.length > 0) {
      return parsed.c;
    }
  } catch {
    // fall through to the uniform 400 below
  }
  throw badRequest('continuationToken is malformed or belongs to another query', [
    { path: '/continuationToken', message: 'is invalid' },
  ]);
}

/** One page of a partition-scoped query, as a list endpoint returns it. */
export async function queryPage<T>(
  container: Container,
  partitionKey: string | undefined,
  spec: SqlQuerySpec,
  limit: number,
  continuationToken?: string,
): Promise<Page<T>> {
  const sdkToken = continuationToken ? decodeContinuation(continuationToken, spec) : undefined;
  const page = await queryOnePage<T>(container, partitionKey, spec, limit, sdkToken);
  return {
    items: page.items,
    continuationToken: page.sdkContinuation ? encodeContinuation(page.sdkContinuation, spec) : undefined,
  };
}
