import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Container, SqlQuerySpec } from '@azure/cosmos';
import { config } from '../config';
import { badRequest } from '../errors';
import { queryOnePage } from './operations';

/**
 * Opaque continuation tokens. The SDK's token holds the store's `_rid` and the sort values of the last item
 * (user e-mails on the users list), so it is sealed with AES-256-GCM under a key derived from the server
 * secret. The query text and partition key are bound as associated data: a token from another list, another
 * organization, a flipped byte or a hand-made token does not authenticate and is a clean 400.
 */
export interface Page<T> {
  items: T[];
  continuationToken?: string;
}

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

let derived: { secret: string; key: Buffer } | undefined;

/** A key of its own for tokens, so the JWT secret is never used directly for two purposes. */
function tokenKey(): Buffer {
  const secret = config().jwtSecret;
  if (derived?.secret !== secret) {
    const key = Buffer.from(hkdfSync('sha256', secret, 'ticketing', 'continuation-token v1', 32));
    derived = { secret, key };
  }
  return derived.key;
}

/** What a token is bound to: the query text and the partition it runs in (cross-partition reads say so). */
function boundTo(spec: SqlQuerySpec, partitionKey: string | undefined): Buffer {
  return createHash('sha256')
    .update(JSON.stringify([VERSION, spec.query, partitionKey ?? null]))
    .digest();
}

export function encodeContinuation(sdkToken: string, spec: SqlQuerySpec, partitionKey?: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', tokenKey(), iv);
  cipher.setAAD(boundTo(spec, partitionKey));
  const sealed = Buffer.concat([cipher.update(sdkToken, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

export function decodeContinuation(token: string, spec: SqlQuerySpec, partitionKey?: string): string {
  const bytes = /^[A-Za-z0-9_-]+$/.test(token) ? Buffer.from(token, 'base64url') : Buffer.alloc(0);
  if (bytes.length > 1 + IV_BYTES + TAG_BYTES && bytes[0] === VERSION) {
    try {
      const iv = bytes.subarray(1, 1 + IV_BYTES);
      const tag = bytes.subarray(bytes.length - TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', tokenKey(), iv);
      decipher.setAAD(boundTo(spec, partitionKey));
      decipher.setAuthTag(tag);
      const sdkToken = Buffer.concat([
        decipher.update(bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
      if (sdkToken.length > 0) return sdkToken;
    } catch {
      // fall through to the uniform 400 below
    }
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
  const sdkToken = continuationToken ? decodeContinuation(continuationToken, spec, partitionKey) : undefined;
  const page = await queryOnePage<T>(container, partitionKey, spec, limit, sdkToken);
  return {
    items: page.items,
    continuationToken: page.sdkContinuation ? encodeContinuation(page.sdkContinuation, spec, partitionKey) : undefined,
  };
}
