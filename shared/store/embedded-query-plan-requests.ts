import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';

/**
 * A fix for the embedded store only (never loaded on Azure, where the gateway answers a query plan request from
 * the query text, without reading a document and without request units).
 *
 * The SDK (@azure/cosmos 4.x, `queryIterator.js` `fetchNextInternal`) sends a query plan request beside EVERY
 * page it fetches, and the service fetches each page with a fresh iterator (`shared/store/operations.ts`), so
 * every query page was two requests. `@vercel/cosmosdb-server` does not know plan requests: it ran the query a
 * second time, as a first page, and sent its documents back (a dashboard of 50,000 orders shipped a first page of
 * 10,000 documents beside each of its pages), which the SDK parsed and dropped: it reads a plan only when a page
 * fails with "cross partition query only supports ...", an error the embedded server never answers. Here a plan
 * request is answered with a plan of a plain query (nothing to order, aggregate or rewrite; one range), without
 * running the query, as the gateway would answer for the single-partition queries the service sends.
 */
export const QUERY_PLAN_HEADER = 'x-ms-cosmos-is-query-plan-request';

export const PLAIN_QUERY_PLAN = {
  partitionedQueryExecutionInfoVersion: 2,
  queryInfo: {
    distinctType: 'None',
    top: null,
    offset: null,
    limit: null,
    orderBy: [],
    orderByExpressions: [],
    groupByExpressions: [],
    groupByAliases: [],
    aggregates: [],
    groupByAliasToAggregateType: {},
    rewrittenQuery: '',
    hasSelectValue: false,
    dCountInfo: null,
  },
  queryRanges: [{ min: '', max: 'FF', isMinInclusive: true, isMaxInclusive: false }],
};

type Handler = (account: unknown, req: IncomingMessage, res: unknown, params: unknown) => Promise<unknown>;

const isTrue = (header: unknown) =>
  (Array.isArray(header) ? header : [header]).some((h) => String(h).toLowerCase() === 'true');

let applied = false;

/** Routes the embedded server's plan requests for documents to the plain plan (once per process). */
export function answerEmbeddedQueryPlanRequests(): void {
  if (applied) return;
  const fromServer = createRequire(require.resolve('@vercel/cosmosdb-server'));
  const queryHandler = (fromServer('./handler/query-documents') as { default: Handler }).default;
  const routes = fromServer('./routes') as { default: (req: IncomingMessage) => [unknown, Handler] | undefined };
  const route = routes.default;
  const plan: Handler = async (_account, req) => {
    for await (const chunk of req) void chunk; // the query text is not needed; the connection is reused
    return PLAIN_QUERY_PLAN;
  };
  // The server looks the route table up on every request (the atomic batch wraps it the same way).
  routes.default = (req) => {
    const found = route(req);
    return found && found[1] === queryHandler && isTrue(req.headers[QUERY_PLAN_HEADER]) ? [found[0], plan] : found;
  };
  applied = true;
}
