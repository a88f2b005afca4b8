import { currentToken } from './session';

/**
 * The first screen's API answers, asked by the entry (main.tsx) while the application's code is still on its way:
 * otherwise a page's data is asked for only once the application has started and rendered the page, one more round trip
 * after the download (docs/decisions/web-client.md, "The first screen"). The API client (instance.ts) takes each
 * answer once, for the same GET by the same person, within a short time; anything else goes to the network as
 * always, so an answer nobody takes costs one request and changes nothing.
 */

export interface EarlyRequest {
  path: `/api/${string}`;
  query: Record<string, string | number | boolean | undefined>;
}

/** Older than this, an early answer is not used: the page asks afresh (a very slow start, a page left open). */
const KEEP_MS = 20_000;

interface Waiting {
  answer: Promise<Response>;
  authorization: string;
  askedAt: number;
}
const waiting = new Map<string, Waiting>();

/** The same request whatever the order of its query parameters: the path and the sorted parameters. */
export function requestKey(url: string, base: string): string {
  const parsed = new URL(url, base);
  parsed.searchParams.sort();
  return `${parsed.origin}${parsed.pathname}?${parsed.searchParams.toString()}`;
}

/**
 * Asks each request now, with the signed-in person's token; nothing without one. `apiBaseUrl` is the API's origin
 * (api/base-url.ts; '' for the page's own).
 */
export function askEarly(requests: EarlyRequest[], apiBaseUrl: string, base = window.location.href): void {
  const token = currentToken();
  if (!token) return;
  const authorization = `Bearer ${token}`;
  for (const { path, query } of requests) {
    const url = new URL(`${apiBaseUrl}${path}`, base);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const answer = fetch(url, { headers: { authorization } });
    answer.catch(() => undefined); // the page's own request reports a failure (and is sent again: see below)
    waiting.set(requestKey(url.href, base), { answer, authorization, askedAt: Date.now() });
  }
}

/**
 * The early answer to `request`, taken (it is used once), or undefined: not a GET, not asked early, asked for
 * another person, or too old. A failed early request is sent again by the caller (a network error is worth one
 * more try once the application runs; the offline cache answers it then).
 */
export function takeEarlyAnswer(request: Request, base = window.location.href): Promise<Response> | undefined {
  if (request.method !== 'GET' || waiting.size === 0) return undefined;
  const key = requestKey(request.url, base);
  const found = waiting.get(key);
  if (!found) return undefined;
  waiting.delete(key);
  if (Date.now() - found.askedAt > KEEP_MS) return undefined;
  if (request.headers.get('authorization') !== found.authorization) return undefined;
  return found.answer;
}
