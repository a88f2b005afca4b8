import type { Principal } from '../auth/principal';
import type { ErrorCode } from '../errors';
import type { Reply } from './reply';
import type { Schema } from './validation';

/** Minimum caller: none, any signed-in user, an organization role (resolved in the scoped org), or super admin. */
export type AuthLevel = 'public' | 'authenticated' | 'member' | 'ticketManager' | 'treasurer' | 'admin' | 'superAdmin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export interface HandlerInput<B = unknown, Q = Record<string, unknown>> {
  principal: Principal;
  params: Record<string, string>;
  query: Q;
  body: B;
  rawBody: string;
  headers: Record<string, string>;
  ip: string;
  /** The organization the caller's role was resolved in (organization routes only). */
  organizationId: string;
}

export interface RouteDefinition<B = unknown, Q = Record<string, unknown>> {
  /** kebab-case `{resource}-{verb}`; also the Azure Function name. */
  name: string;
  method: HttpMethod;
  /** Azure route template without the `api/` prefix, e.g. `orders/{id}/report-sold`. */
  route: string;
  auth: AuthLevel;
  summary?: string;
  tags?: string[];
  /** Where the organization id comes from for organization roles: query `organizationId` unless a path param is named. */
  orgParam?: string;
  /** Refuse organizations in `sellingPartner` mode with 403 ORG_MODE_RESTRICTED before anything else is read. */
  fullOrg?: boolean;
  body?: Schema;
  /** Text bodies (CSV imports) arrive unparsed in `rawBody`. */
  bodyType?: 'json' | 'csv';
  query?: Schema;
  rateLimit?: RateLimitRule;
  /** Schema of the response `data` (the whole body when bare): published in OpenAPI, checked by the tests. */
  response?: Schema;
  /** Status of a success, for the OpenAPI document; 200 unless stated. */
  successStatus?: number;
  /**
   * Codes the route's services can throw beyond those its declaration implies (auth, body, path ids, rate
   * limit, full-organization guard): the OpenAPI document lists each under its status.
   */
  errors?: ErrorCode[];
  /** The handler answers `bareJson`: the body is the document itself, not the `{ success, data }` envelope. */
  bareResponse?: boolean;
  /** The route may answer 207 (partial success: `completed: false` beside `data`). */
  multiStatus?: boolean;
  handler: (input: HandlerInput<B, Q>) => Promise<Reply | unknown>;
}

export type AnyRoute = RouteDefinition<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const routeTable: AnyRoute[] = [];

export function registeredRoutes(): readonly AnyRoute[] {
  return routeTable;
}

export function recordRoute(route: AnyRoute): void {
  if (routeTable.some((r) => r.name === route.name)) throw new Error(`Duplicate route name ${route.name}`);
  if (routeTable.some((r) => r.method === route.method && r.route === route.route)) {
    throw new Error(`Duplicate route ${route.method} ${route.route}`);
  }
  routeTable.push(route);
}

export const ORG_ROLE_LEVELS: AuthLevel[] = ['member', 'ticketManager', 'treasurer', 'admin'];

export function isOrgRoute(route: AnyRoute): boolean {
  return ORG_ROLE_LEVELS.includes(route.auth);
}
