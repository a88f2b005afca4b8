import { currentRequestContext } from '../request-context';
import { trackRequestLine } from '../telemetry/telemetry';
import type { AnyRoute } from './route';

/** What the Functions host tells about the invocation (absent on the local host, apart from a caller's traceparent). */
export interface InvocationTrace {
  invocationId?: string;
  traceparent?: string;
}

/**
 * One structured line per request, on both hosts (docs/operations.md "Request log"): the route's name and template,
 * the status, the duration, the store calls and their request charge, the correlation id, the caller's user id,
 * and under the Functions host the invocation id and the W3C trace id, which tie the line to the host's own request
 * telemetry in Application Insights (`requests.operation_Id`, `customDimensions.InvocationId`).
 *
 * Never in the line: headers, the query, the body, tokens or their hashes, e-mail addresses. The route template
 * (`orders/{id}/transfer`) is logged, not the path, so no id or secret carried in a path (a magic-link token) is.
 */
export interface RequestLine {
  [key: string]: string | number | undefined;
  route: string;
  template: string;
  method: string;
  status: number;
  durationMs: number;
  storeOps: number;
  storeRu: number;
  correlationId: string;
  userId?: string;
  invocationId?: string;
  operationId?: string;
}

export function logRequest(
  route: AnyRoute,
  trace: InvocationTrace | undefined,
  status: number,
  startedAt: number,
  /** Outside the pipeline (a refused configuration, a store that did not open) there is no request context. */
  correlationId?: string,
): void {
  try {
    const ctx = currentRequestContext();
    const line: RequestLine = {
      route: route.name,
      template: route.route,
      method: route.method,
      status,
      durationMs: Math.round(performance.now() - startedAt),
      storeOps: ctx?.storeOps ?? 0,
      storeRu: Number((ctx?.storeRu ?? 0).toFixed(2)),
      correlationId: ctx?.correlationId ?? correlationId ?? '',
      userId: ctx?.userId,
      invocationId: trace?.invocationId,
      operationId: traceIdOf(trace?.traceparent),
    };
    trackRequestLine(line, trace?.traceparent);
  } catch {
    // A log line must never fail the request it describes.
  }
}

/** The trace id of a W3C `traceparent` (`00-<32 hex>-<16 hex>-<2 hex>`), which Application Insights calls the operation id. */
export function traceIdOf(traceparent: string | undefined): string | undefined {
  const match = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/i.exec(traceparent?.trim() ?? '');
  return match && !/^0+$/.test(match[1]) ? match[1].toLowerCase() : undefined;
}
