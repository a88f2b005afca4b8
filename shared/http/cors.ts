import { config, list } from '../config';

/**
 * CORS as the app answers it, the same on the local host and under the Azure Functions host: the platform's own CORS
 * setting cannot expose response headers, so it must stay empty and let these through (docs/decisions/runtime.md).
 * A browser may read the correlation id of any answer, the Retry-After of a 429 and the replay marker of an
 * idempotent retry, and may send an Idempotency-Key (docs/api.md).
 */
export const CORS_EXPOSED_HEADERS = 'x-correlation-id,x-store-ops,x-store-ru,retry-after,idempotent-replayed';

export function corsHeaders(origin: string | undefined): Record<string, string> {
  const allowed = allowedOrigins();
  if (!origin || !(allowed.includes('*') || allowed.includes(origin))) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
    'access-control-allow-headers': 'authorization,content-type,x-correlation-id,idempotency-key',
    'access-control-expose-headers': CORS_EXPOSED_HEADERS,
    'access-control-max-age': '600',
    vary: 'Origin',
  };
}

/**
 * The configured origins. Read straight from the environment when the configuration as a whole is refused (a short
 * JWT_SECRET): a browser must still be able to read the 503 that says so.
 */
function allowedOrigins(): string[] {
  try {
    return config().corsOrigins;
  } catch {
    return list(process.env.CORS_ORIGINS);
  }
}
