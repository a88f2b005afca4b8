import http from 'node:http';
import type { AnyRoute } from '../../shared/http/route';
import type { Schema } from '../../shared/domain/vocabulary/validation';
import type { TestHost } from './harness';
import { assertResponseContract } from './response-contract';

/**
 * The conventions every route of the table is held to (issue 22), for the generated hardening matrices: dot segments
 * in the path, control characters in free text, and `?organizationId` on every authenticated operation.
 */

/** A request sent byte for byte (fetch and URL resolve `.`, `..` and `%2e%2e` segments before sending). */
export function rawRequest(
  api: TestHost,
  method: string,
  target: string,
  options: { token?: string; body?: string } = {},
): Promise<{ status: number; body: any; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: api.host.port, method, path: target }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === 'string') headers.set(name, value);
        try {
          assertResponseContract(method, new URL(target, api.url), res.statusCode ?? 0, headers, text);
        } catch (error) {
          return reject(error as Error);
        }
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, body, text });
      });
    });
    req.on('error', reject);
    req.setHeader('x-forwarded-for', `198.51.100.${Math.floor(Math.random() * 250) + 1}`);
    if (options.token) req.setHeader('authorization', `Bearer ${options.token}`);
    if (options.body !== undefined) req.setHeader('content-type', 'application/json');
    req.end(options.body);
  });
}

/**
 * Request-targets of a route with a dot segment: its last path segment replaced by `..`, `.` and `%2E%2e`, and a
 * `/./` in the middle, so the path a parser would resolve names another route (or none).
 */
export function dotSegmentTargets(path: string, query: Record<string, string>): string[] {
  const search = new URLSearchParams(query).toString();
  const segments = path.split('/');
  const at = (replacement: string) => [...segments.slice(0, -1), replacement].join('/');
  const middle = [...segments.slice(0, 1), '.', ...segments.slice(1)].join('/');
  return [at('..'), at('.'), at('%2E%2e'), `${path}/..`, middle].map((p) => `/api/${p}${search ? `?${search}` : ''}`);
}

/** Control characters and an unpaired surrogate, each refused in any free text (shared/domain/vocabulary/plain-text.ts). */
export const CONTROL_TEXTS: [string, string][] = [
  ['BEL and ESC', 'a\u0007\u001b[31m'],
  ['C1 CSI', 'a\u009bb'],
  ['lone surrogate', 'a\ud800'],
];

/** The top-level properties of a schema that take free text (a string that is no enum, constant, id or format). */
export function freeTextProperties(schema: Schema | undefined): string[] {
  const properties = (schema?.properties ?? {}) as Record<string, Schema>;
  return Object.entries(properties)
    .filter(([, s]) => {
      const type = s.type;
      const isString = type === 'string' || (Array.isArray(type) && type.includes('string'));
      return (
        isString && !('enum' in s) && !('const' in s) && !('format' in s) && !('pattern' in s && s.pattern !== '\\S')
      );
    })
    .map(([name]) => name);
}

export const isAuthenticated = (route: AnyRoute) => route.scope.kind !== 'public';
