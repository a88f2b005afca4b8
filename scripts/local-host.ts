import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import Router from 'find-my-way';
import { config } from '../shared/config';
import { failureBody } from '../shared/http/envelope';
import { corsHeaders } from '../shared/http/cors';
import { clientAddress, lastForwarded } from '../shared/http/forwarded';
import { DomainError } from '../shared/errors';
import { statusOfCode } from '../shared/http/error-status';
import { loadFunctions } from '../shared/http/load-functions';
import { pipeline } from 'node:stream/promises';
import { executeRoute, type OutgoingResponse } from '../shared/http/pipeline';
import { segmentRefusal } from '../shared/http/request-checks';
import type { AnyRoute } from '../shared/http/route';
import { closeStore, openStore, store } from '../shared/store/client';
import { answerApiDocs } from './api-docs';
import { loadLocalData, saveLocalData } from '../shared/store/local-data';
import { logInfo } from '../shared/telemetry/telemetry';
import { isClientRequest, serveClientFile, webDistDirectory } from './static-files';

/**
 * The local host: serves the route table under /api with Azure route-template semantics (find-my-way
 * gives literal segments precedence over parameters, as the Functions host does), over the embedded
 * Cosmos-protocol store unless COSMOS_ENDPOINT is set.
 */
export interface LocalHost {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Azure template `orders/{id}/transfer` → find-my-way path `/api/orders/:id/transfer`. */
export const toRouterPath = (template: string) => `/api/${template.replace(/\{(\w+)(?::[^}]*)?\}/g, ':$1')}`;

export function buildRouter(routes: readonly AnyRoute[]) {
  const router = Router({ ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 500 });
  for (const route of routes) router.on(route.method, toRouterPath(route.route), () => undefined, { route });
  return router;
}

export async function startLocalHost(
  port = Number(process.env.PORT ?? 7071),
  host = process.env.HOST ?? '127.0.0.1',
): Promise<LocalHost> {
  const routes = loadFunctions();
  const router = buildRouter(routes);
  const webRoot = webDistDirectory();
  await openStore();
  // A refused LOCAL_DATA_FILE must not leave the embedded server running behind the error.
  const keeper = await keepLocalData(config().localDataFile).catch(async (error: unknown) => {
    await closeStore();
    throw error;
  });
  // Node answers a request without Host with a bare 400 of its own (requireHostHeader): the host answers it instead.
  const server = http.createServer({ requireHostHeader: false }, (req, res) => {
    const correlationId = correlationIdOf(req);
    serve(router, req, res, correlationId, webRoot).catch((error) => {
      send(res, {
        status: 500,
        headers: { 'x-correlation-id': correlationId },
        body: JSON.stringify({ success: false, error: 'INTERNAL', message: 'Unexpected error' }),
      });
      logInfo('local-host.unhandled', { message: String(error) });
    });
  });
  server.keepAliveTimeout = 5000;
  server.on('clientError', answerClientError);
  server.on('connect', answerConnect);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `http://${host}:${actualPort}`,
    close: async () => {
      server.closeIdleConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await keeper?.stop();
      await closeStore();
    },
  };
}

/**
 * LOCAL_DATA_FILE (embedded store only): load the kept documents at start, write them every 30 seconds and at
 * shutdown, so `npm run dev` restarts and `npm run seed` data survive.
 */
async function keepLocalData(file: string | undefined) {
  if (!file || store().kind !== 'embedded') return undefined;
  const loaded = await loadLocalData(file);
  logInfo('local-data.loaded', { file, documents: loaded });
  const save = () =>
    saveLocalData(file).catch((error: unknown) => logInfo('local-data.save-failed', { message: String(error) }));
  const timer = setInterval(save, 30_000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await save();
    },
  };
}

async function serve(
  router: ReturnType<typeof buildRouter>,
  req: IncomingMessage,
  res: ServerResponse,
  correlationId: string,
  webRoot: string | undefined,
) {
  // Answers the host gives itself carry the same correlation id as the ones the pipeline gives.
  const cors = { ...corsHeaders(req.headers.origin), 'x-correlation-id': correlationId };
  // HTTP/1.1 requires exactly one Host (RFC 9112, 3.2); without it the envelope's 400, as for any malformed request.
  if (req.httpVersion === '1.1' && req.headers.host === undefined) {
    return send(res, errorOut(new DomainError('VALIDATION_ERROR', 'The request has no Host header'), cors));
  }
  if (!isPlainRequestTarget(req.url ?? '')) {
    return send(
      res,
      errorOut(new DomainError('VALIDATION_ERROR', 'The request target holds characters a URL may not hold raw'), cors),
    );
  }
  // Before the URL parser resolves `..` away or reads `//x` as a host name and routes the request somewhere else (the
  // pipeline checks it again).
  const segments = segmentRefusal(req.url ?? '');
  if (segments) return send(res, errorOut(segments, cors));
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (webRoot && isClientRequest(req.method, url.pathname)) return serveClientFile(webRoot, req, res, url.pathname);
  if (req.method === 'OPTIONS') return send(res, { status: 204, headers: cors, body: '' });
  const docs = req.method === 'GET' ? answerApiDocs(url.pathname) : undefined;
  if (docs) return send(res, { ...docs, headers: { ...docs.headers, ...cors } });
  const match = router.find(req.method as 'GET', url.pathname);
  const route = (match?.store as { route?: AnyRoute } | undefined)?.route;
  if (!match || !route) return send(res, errorOut(new DomainError('NOT_FOUND', 'No such route'), cors));

  const rawBody = await readBody(req, config().bodyLimitBytes);
  if (rawBody === undefined)
    return send(res, errorOut(new DomainError('PAYLOAD_TOO_LARGE', 'Request body is too large'), cors));

  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[key] = value;
  headers['x-correlation-id'] = correlationId;
  const query: Record<string, string> = {};
  url.searchParams.forEach((value, key) => (query[key] = value));
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(match.params)) if (value !== undefined) params[key] = value;

  const response = await executeRoute(route, {
    params,
    query,
    headers,
    rawBody,
    ip: clientIp(req),
    path: req.url ?? '',
    trace: { traceparent: headers.traceparent },
  });
  send(res, { ...response, headers: { ...response.headers, ...cors } });
}

/** The caller's correlation id (bounded), or a fresh one. */
function correlationIdOf(req: IncomingMessage): string {
  const given = req.headers['x-correlation-id'];
  return (typeof given === 'string' && given.slice(0, 64)) || randomUUID();
}

// RFC 3986: a path holds unreserved characters, sub-delimiters, ':', '@', '/' and well-formed %XX escapes only.
const PLAIN_PATH = /^\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/;
// A query is looser in practice (browsers send `[`, `|` raw), but never a fragment, a space or a control character.
const PLAIN_QUERY = /^[\x21-\x22\x24-\x7e]*$/;

/**
 * A fragment (`#`) is never part of a request-target. Taken at face value, `DELETE /api/organizations/{id}#/members/x`
 * would route to the organization delete: the target is refused whole, before routing.
 */
export function isPlainRequestTarget(target: string): boolean {
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt + 1);
  return PLAIN_PATH.test(path) && PLAIN_QUERY.test(query);
}

/** The socket address; X-Forwarded-For only behind a trusted proxy (TRUST_PROXY=true, also used by tests). */
function clientIp(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for'];
  if (process.env.TRUST_PROXY === 'true' && typeof forwarded === 'string')
    return clientAddress(lastForwarded(forwarded));
  return req.socket.remoteAddress ?? 'unknown';
}

/**
 * A request Node refuses before any handler (headers past its 16 KB limit, a malformed request line) still gets the
 * error envelope, not Node's bare status line: 431 for oversized headers, 400 otherwise; then the connection closes.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const message = tooLarge ? 'Request headers are too large' : 'Malformed request';
  answerOnSocket(socket, tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request', message);
}

/**
 * A CONNECT (a tunnel request, its target an authority, not a path) is not served: without this Node closes the
 * connection unanswered. The envelope's 400, as for any request-target that is not a path; then the connection closes.
 */
function answerConnect(_req: IncomingMessage, socket: Duplex) {
  answerOnSocket(socket, '400 Bad Request', 'CONNECT is not served: the request target must be a path');
}

function answerOnSocket(socket: Duplex, status: string, message: string) {
  if (!socket.writable) return socket.destroy();
  const body = JSON.stringify(failureBody(new DomainError('VALIDATION_ERROR', message)));
  socket.end(
    `HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nx-correlation-id: ${randomUUID()}\r\nconnection: close\r\n\r\n${body}`,
  );
}

function errorOut(error: DomainError, cors: Record<string, string>): OutgoingResponse {
  return {
    status: statusOfCode(error.code),
    headers: { 'content-type': 'application/json; charset=utf-8', ...cors },
    body: JSON.stringify(failureBody(error)),
  };
}

/** The body as text, or undefined once it passes the limit (the rest is drained, not buffered). */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, response: OutgoingResponse) {
  if (typeof response.body === 'string' || Buffer.isBuffer(response.body)) {
    // A known length: without it Node frames the body as chunked (size lines and a terminating chunk written
    // apart), which cost the host about 0.1 ms a response in `npm run bench`. 204 and 304 carry no length.
    const bodiless = response.status === 204 || response.status === 304;
    res.writeHead(
      response.status,
      bodiless ? response.headers : { ...response.headers, 'content-length': String(Buffer.byteLength(response.body)) },
    );
    res.end(response.body);
    return;
  }
  res.writeHead(response.status, response.headers);
  // A streamed export: a failure after the headers can no longer become an envelope, so the connection is cut
  // (the client sees a truncated body, never a complete-looking wrong file) and the cause is logged.
  pipeline(response.body, res).catch((error: unknown) => {
    logInfo('local-host.stream-failed', { message: String(error) });
    res.destroy();
  });
}

if (require.main === module) {
  // Login links in the outbox open this host's own client (its /auth/verify page) unless APP_BASE_URL says otherwise.
  if (!process.env.APP_BASE_URL && webDistDirectory()) {
    process.env.APP_BASE_URL = `http://localhost:${process.env.PORT ?? 7071}`;
  }
  startLocalHost()
    .then((host) => {
      logInfo('local-host.started', {
        url: `${host.url}/api`,
        client: webDistDirectory() ? `${host.url}/` : 'not built (npm run web:build)',
        store: process.env.COSMOS_ENDPOINT ? 'cosmos' : 'embedded',
      });
      const stop = () => {
        logInfo('local-host.stopping');
        host.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    })
    .catch((error) => {
      console.error('local host failed to start:', error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
