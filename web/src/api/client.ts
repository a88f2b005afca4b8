import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

/**
 * The one way the client talks to the API: openapi-fetch typed by the committed openapi.json (see
 * `npm run web:types`), plus the envelope rules of docs/decisions/web-client.md: a success answer gives its `data`,
 * anything else becomes an ApiError carrying the server's code, message, data and correlation id. No other file
 * calls fetch.
 */
export type ApiPaths = paths;
export type ApiClient = Client<paths>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The envelope's `error` (e.g. VALIDATION_ERROR), or NETWORK_ERROR when no answer came back. */
    readonly error: string,
    message: string,
    readonly errorCode?: string,
    readonly data?: Record<string, unknown>,
    readonly correlationId?: string,
    /** Seconds to wait before trying again (429, from Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The spec's code when the answer names one, else the generic error. */
  get code(): string {
    return this.errorCode ?? this.error;
  }
}

export interface ApiOptions {
  /** '' for the same origin (the local host, or a dev server proxying /api); the function app's URL on Azure. */
  baseUrl: string;
  getToken: () => string | undefined;
  /** Called once for every 401 answer, after which the error is thrown as usual. */
  onUnauthorized?: (error: ApiError) => void;
  fetch?: typeof globalThis.fetch;
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}
type Envelope = { success: true; data?: unknown };
/** The payload inside a success envelope (undefined for a bodiless answer). */
export type Payload<T> = T extends { data: infer D } ? D : undefined;

export function createApi(options: ApiOptions) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: options.fetch ? (request: Request) => options.fetch!(request) : undefined,
  });
  const auth: Middleware = {
    onRequest({ request }) {
      const token = options.getToken();
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  };
  client.use(auth);

  /** Awaits an openapi-fetch call; returns the envelope's data or throws an ApiError. */
  async function unwrap<T extends Envelope | undefined>(call: Promise<FetchResult<T>>): Promise<Payload<T>> {
    let result: FetchResult<T>;
    try {
      result = await call;
    } catch (cause) {
      throw new ApiError(0, 'NETWORK_ERROR', `The service could not be reached (${String(cause)})`);
    }
    const { response } = result;
    if (response.ok && (result.data === undefined || (result.data as Envelope).success === true)) {
      return (result.data as { data?: unknown } | undefined)?.data as Payload<T>;
    }
    const error = toApiError(response, result.error ?? result.data);
    if (error.status === 401) options.onUnauthorized?.(error);
    throw error;
  }

  return { client, unwrap };
}

export function toApiError(response: Response, body: unknown): ApiError {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof envelope[key] === 'string' ? (envelope[key] as string) : undefined);
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError(
    response.status,
    text('error') ?? `HTTP_${response.status}`,
    text('message') ??
      (typeof body === 'string' && body ? body.slice(0, 200) : response.statusText || 'Request failed'),
    text('errorCode'),
    typeof envelope.data === 'object' && envelope.data !== null
      ? (envelope.data as Record<string, unknown>)
      : undefined,
    response.headers.get('x-correlation-id') ?? undefined,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}
