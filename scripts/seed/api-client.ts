import { existsSync, readFileSync } from 'node:fs';

/**
 * The seed's HTTP client: plain `fetch` against a running local host, so the demo data goes through the same
 * routes, checks and rules as a person's requests. Login codes come from the local outbox file, exactly as the
 * README's login example reads them (there is no back door: the host must use the outbox, not real e-mail).
 */
export interface SeedClientOptions {
  /** The host as `npm start` prints it, with or without the trailing `/api`. */
  baseUrl: string;
  /** The outbox file the host writes its e-mails to (the host's OUTBOX_FILE). */
  outboxFile: string;
  /** Extra headers on every request (the tests give each request its own X-Forwarded-For). */
  headers?: () => Record<string, string>;
  /** Longest wait the client accepts on a 429 before giving up (seconds). */
  maxRetryAfterSeconds?: number;
}

export interface CallOptions {
  token?: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export class SeedApiError extends Error {
  constructor(
    readonly what: string,
    readonly status: number,
    readonly responseText: string,
  ) {
    super(`${what} failed: ${status} ${responseText.slice(0, 500)}`);
  }
}

/** `http://127.0.0.1:7071/api/` → `http://127.0.0.1:7071`: one spelling, whatever the user pasted. */
export const normalizeBaseUrl = (url: string) => url.replace(/\/+$/, '').replace(/\/api$/, '');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function seedClient(options: SeedClientOptions) {
  const base = normalizeBaseUrl(options.baseUrl);
  const maxWaitSeconds = options.maxRetryAfterSeconds ?? 65;

  /** One call; the `data` of the envelope, or a SeedApiError naming the step. Honors 429 Retry-After once. */
  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    what: string,
    call: CallOptions = {},
  ): Promise<T> {
    const url = new URL(`${base}/api/${path}`);
    for (const [key, value] of Object.entries(call.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(url, {
        method,
        headers: {
          ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
          ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.headers?.() ?? {}),
        },
        body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
      });
      const text = await response.text();
      // The login limits are per minute: a second seed run right after the first waits instead of failing.
      const retryAfter = Number(response.headers.get('retry-after'));
      if (response.status === 429 && attempt === 0 && retryAfter > 0 && retryAfter <= maxWaitSeconds) {
        console.error(`seed: ${what} is rate-limited, waiting ${retryAfter} s as the host asks`);
        await sleep(retryAfter * 1000);
        continue;
      }
      if (!response.ok) throw new SeedApiError(what, response.status, text);
      return (text ? JSON.parse(text).data : undefined) as T;
    }
  }

  /** Logs in as a person would: ask for the e-mail, read the code from the outbox, verify it. */
  async function login(email: string): Promise<string> {
    const before = outboxLines().length;
    await call('POST', 'auth/magic-link', `login e-mail for ${email}`, { body: { email } });
    const code = await awaitLoginCode(email, before);
    const verified = await call<{ token: string }>('POST', 'auth/verify-code', `login of ${email}`, {
      body: { email, code },
    });
    return verified.token;
  }

  function outboxLines(): string[] {
    if (!existsSync(options.outboxFile)) return [];
    return readFileSync(options.outboxFile, 'utf8').split('\n').filter(Boolean);
  }

  /** The code of the first login e-mail to `email` written after line `after`; the outbox append is not instant. */
  async function awaitLoginCode(email: string, after: number): Promise<string> {
    for (let waited = 0; waited <= 3000; waited += 100) {
      for (const line of outboxLines().slice(after)) {
        const mail = JSON.parse(line) as { to?: string; text?: string };
        const code = /code: (\d{6})/.exec(mail.text ?? '')?.[1];
        if (mail.to === email.toLowerCase() && code) return code;
      }
      await sleep(100);
    }
    throw new Error(
      `no login e-mail for ${email} in ${options.outboxFile}: the host must run with the local outbox ` +
        `(no ACS_CONNECTION_STRING), the same OUTBOX_FILE as this script, and SUPER_ADMIN_EMAILS naming ` +
        `the seed's super admin`,
    );
  }

  return { base, call, login };
}

export type SeedClient = ReturnType<typeof seedClient>;
