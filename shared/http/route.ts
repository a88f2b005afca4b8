import type { Grant, NoGrant } from '../auth/grant';
import type { PartnerGrant } from '../domain/delegations/partner-access';
import type { OrganizationGrant } from '../domain/organizations/access';
import type { SharedEventAccess } from '../domain/shared-events/access';
import type { Principal } from '../domain/users/principal';
import type { RateLimitRule } from '../domain/rate-limits/enforce';
import {
  levelOfScope,
  scopeOfLevel,
  takesOrganizationQuery,
  type AuthLevel,
  type OrganizationScope,
  type PartnerScope,
  type Scope,
  type SharedEventScope,
} from '../auth/scope';
import type { ErrorCode } from '../errors';
import type { Reply } from './reply';
import { idString } from '../domain/vocabulary/schema-parts';
import type { Schema } from '../domain/vocabulary/validation';
import { applyWireConventions } from './schema-conventions';

export type { AuthLevel, Scope };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type { RateLimitRule };

export interface HandlerInput<B = unknown, Q = Record<string, unknown>, G extends Grant = Grant> {
  principal: Principal;
  params: Record<string, string>;
  query: Q;
  body: B;
  rawBody: string;
  headers: Record<string, string>;
  ip: string;
  /** The organization the caller's role was resolved in (organization, Shared Event and partner scopes). */
  organizationId: string;
  /**
   * The documents the scope loaded to authorize the caller, typed by the route's scope (see the typed
   * declarations below): OrganizationGrant, SharedEventAccess, PartnerGrant, or NoGrant.
   */
  grant: G;
  /**
   * With an Idempotency-Key on a route declared `keyRecordIn: 'newOrganization' | 'newSharedEvent'`: the id the
   * new record must take (its partition holds the key record). Absent without a key.
   */
  keyedId?: string;
}

interface RouteFields<B, Q> {
  /** kebab-case `{resource}-{verb}`; also the Azure Function name. */
  name: string;
  method: HttpMethod;
  /** Azure route template without the `api/` prefix, e.g. `orders/{id}/report-sold`. */
  route: string;
  summary?: string;
  tags?: string[];
  body?: Schema;
  /** Text bodies (CSV imports) arrive unparsed in `rawBody`. */
  bodyType?: 'json' | 'csv';
  /** A CSV body's example for the OpenAPI document (a JSON body's is made from its schema). */
  csvExample?: string;
  /** Query fields of the route; the `organizationId` of a query-scoped route is added at registration. */
  query?: Schema;
  rateLimit?: RateLimitRule;
  /** Schema of the response `data` (the whole body when bare): published in OpenAPI, checked by the tests. */
  response?: Schema;
  /** An example of the success where none can be made from `response` (the bare OpenAPI document). */
  responseExample?: unknown;
  /** Status of a success, for the OpenAPI document; 200 unless stated. */
  successStatus?: number;
  /**
   * A create that answers 201 when it makes the record and 200 when the record was already there (replaced, or a
   * member who joins again unchanged): the document lists both, with the same schema (declare `successStatus: 201`).
   */
  okWhenExisting?: true;
  /**
   * Codes the route's services can throw beyond those its declaration implies (auth, body, path ids, rate
   * limit, full-organization guard): the OpenAPI document lists each under its status.
   */
  errors?: ErrorCode[];
  /**
   * The success is a file (an export), not JSON: its media type is published in OpenAPI instead of a `response`
   * schema, and the handler answers `fileReply` (a Readable content is streamed).
   */
  fileResponse?: { contentType: string };
  /** The handler answers `bareJson`: the body is the document itself, not the `{ success, data }` envelope. */
  bareResponse?: boolean;
  /**
   * The route may answer 207 (partial success: `completed: false` beside `data`); its 200 then carries
   * `completed: true` beside `data` (answer with `completedOrMultiStatus`).
   */
  multiStatus?: boolean;
  /**
   * A create a client may retry safely: the pipeline honours an `Idempotency-Key` header (shared/http/idempotency.ts,
   * docs/api.md) and the document publishes the header and its two 409 codes. `true`: the key record rides along in
   * the batch of the use case's one decisive write, which opts in with `carriesKey` (one extra store call);
   * `'claim'`: the create cannot carry it (another container or partition, or several writes), so the key is
   * claimed before the handler (two extra calls). docs/decisions/api-contract.md lists which route is which.
   */
  idempotent?: true | 'claim';
  /**
   * Where a ride-along key record is stored: the partition its decisive write goes to. By default the caller's
   * organization; `'eventOwner'`: the owner of the event the partner scope resolved (a delegated create writes the
   * order into the owner's partition). The record's id still hashes caller, the caller's organization and key, so
   * no other caller or organization can reach it (docs/decisions/api-contract.md, "Idempotency keys").
   * `'sharedEvent'`: the partition (`sharedEvents`) of the Shared Event the scope resolved, or the path's
   * `{sharedEventId}` (the create writes a roster entry or an invitation link there). `'newOrganization'` /
   * `'newSharedEvent'`: the create makes a partition of its own; with a key the handler receives `keyedId` (derived
   * from caller, organization and key) as the new record's id, and the key record is stored in that partition.
   */
  keyRecordIn?: 'eventOwner' | 'sharedEvent' | 'newOrganization' | 'newSharedEvent';
  /** Published as `deprecated: true` in OpenAPI (a route kept for old clients; a newer path does the same job). */
  deprecated?: boolean;
  /**
   * A check that runs once the scope is resolved and before the query and body are validated or anything is
   * read: a feature switch answers the same whatever the request holds.
   */
  gate?: () => void;
  handler: (input: HandlerInput<B, Q>) => Promise<Reply | unknown>;
}

/**
 * What a route file declares: a `scope` (e.g. `sharedEventScope({ ... })`), or the short form `auth` level, where
 * an organization role reads its organization from `?organizationId` unless `orgParam` names a path param, and
 * `fullOrg` refuses `sellingPartner` organizations with 403 ORG_MODE_RESTRICTED before anything else is read.
 */
export interface RouteDeclaration<B = unknown, Q = Record<string, unknown>> extends RouteFields<B, Q> {
  scope?: Scope;
  auth?: AuthLevel;
  orgParam?: string;
  fullOrg?: boolean;
}

/** The levels that name an organization role (resolved by the organization scope). */
export type OrganizationLevel = Exclude<AuthLevel, 'public' | 'authenticated' | 'superAdmin'>;

type Handler<B, Q, G extends Grant> = (input: HandlerInput<B, Q, G>) => Promise<Reply | unknown>;
type Declared<B, Q> = Omit<RouteDeclaration<B, Q>, 'scope' | 'auth' | 'orgParam' | 'fullOrg' | 'handler'>;

/**
 * A declaration whose handler receives the grant of its own scope, so a route never casts it: one type per
 * scope kind (defineRoute's overloads pick the one whose `scope` or `auth` fits).
 */
export type SharedEventRouteDeclaration<B, Q> = Declared<B, Q> & {
  scope: SharedEventScope;
  handler: Handler<B, Q, SharedEventAccess>;
};
export type PartnerRouteDeclaration<B, Q> = Declared<B, Q> & {
  scope: PartnerScope;
  handler: Handler<B, Q, PartnerGrant>;
};
export type OrganizationRouteDeclaration<B, Q> = Declared<B, Q> &
  (
    | { scope: OrganizationScope; auth?: never; orgParam?: never; fullOrg?: never }
    | { auth: OrganizationLevel; scope?: never; orgParam?: string; fullOrg?: boolean }
  ) & { handler: Handler<B, Q, OrganizationGrant> };
export type PlainRouteDeclaration<B, Q> = Declared<B, Q> &
  (
    | { scope: { kind: 'public' } | { kind: 'authenticated' } | { kind: 'superAdmin' }; auth?: never }
    | { auth: 'public' | 'authenticated' | 'superAdmin'; scope?: never }
  ) & { handler: Handler<B, Q, NoGrant> };

/**
 * A registered route: the scope is the single source of authority; `auth`, `orgParam` and `fullOrg` are derived
 * from it for readers that describe routes (the OpenAPI generator).
 */
export interface RouteDefinition<B = unknown, Q = Record<string, unknown>> extends RouteFields<B, Q> {
  scope: Scope;
  auth: AuthLevel;
  orgParam?: string;
  fullOrg?: boolean;
  /**
   * The path parameter that names an organization (the scope's organization or partner parameter, else the one
   * after `organizations/`): a `?organizationId` sent beside it must name the same one (400 ORGANIZATION_MISMATCH).
   */
  pathOrganizationParam?: string;
}

export type AnyRoute = RouteDefinition<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type AnyRouteDeclaration = RouteDeclaration<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const routeTable: AnyRoute[] = [];

export function registeredRoutes(): readonly AnyRoute[] {
  return routeTable;
}

/** Records a declaration in the route table, resolved to its registered form, and returns that form. */
export function recordRoute(declaration: AnyRouteDeclaration): AnyRoute {
  const route = toRegisteredRoute(declaration);
  applyWireConventions(route.response);
  if (routeTable.some((r) => r.name === route.name)) throw new Error(`Duplicate route name ${route.name}`);
  if (routeTable.some((r) => r.method === route.method && r.route === route.route)) {
    throw new Error(`Duplicate route ${route.method} ${route.route}`);
  }
  routeTable.push(route);
  return route;
}

function toRegisteredRoute(declaration: AnyRouteDeclaration): AnyRoute {
  const { scope: declared, auth, orgParam, fullOrg, ...fields } = declaration;
  if ((declared === undefined) === (auth === undefined)) {
    throw new Error(`Route ${declaration.name} must declare exactly one of scope and auth`);
  }
  const scope = declared ?? scopeOfLevel(auth!, orgParam, fullOrg);
  for (const param of pathParamsOf(scope)) {
    if (!declaration.route.includes(`{${param}}`)) throw new Error(`Route ${declaration.name} has no {${param}}`);
  }
  // Only the partner scope knows an event owner before the handler runs (shared/http/pipeline.ts, keyPartitionOf);
  // a Shared Event is known from its scope or from the path.
  if (fields.keyRecordIn === 'eventOwner' && (scope.kind !== 'partner' || fields.idempotent !== true)) {
    throw new Error(`Route ${declaration.name}: keyRecordIn needs a partner scope and idempotent: true`);
  }
  if (fields.keyRecordIn && fields.idempotent !== true) {
    throw new Error(`Route ${declaration.name}: keyRecordIn needs idempotent: true`);
  }
  const namesSharedEvent = scope.kind === 'sharedEvent' || declaration.route.includes('{sharedEventId}');
  if (fields.keyRecordIn === 'sharedEvent' && (!namesSharedEvent || fields.idempotent !== true)) {
    throw new Error(`Route ${declaration.name}: keyRecordIn 'sharedEvent' needs a Shared Event and idempotent: true`);
  }
  const pathOrganizationParam = pathOrganizationParamOf(scope, declaration.route);
  return {
    ...fields,
    scope,
    auth: levelOfScope(scope),
    ...(scope.kind === 'organization' && scope.orgParam ? { orgParam: scope.orgParam } : {}),
    ...(scope.kind === 'organization' && scope.fullOrg ? { fullOrg: true } : {}),
    ...(pathOrganizationParam ? { pathOrganizationParam } : {}),
    // Every authenticated operation takes `?organizationId` (docs/api.md: clients send it on every call): required where
    // it scopes the route, otherwise optional: checked against the path's organization, or ignored.
    ...(scope.kind !== 'public'
      ? { query: withOrganizationQuery(fields.query, takesOrganizationQuery(scope) && scope.kind === 'organization') }
      : {}),
  };
}

function pathOrganizationParamOf(scope: Scope, template: string): string | undefined {
  if (scope.kind === 'organization' && scope.orgParam) return scope.orgParam;
  if (scope.kind === 'partner') return scope.partnerParam;
  return /(?:^|\/)organizations\/\{(\w+)\}/.exec(template)?.[1];
}

const pathParamsOf = (scope: Scope): string[] => {
  if (scope.kind === 'organization') return scope.orgParam ? [scope.orgParam] : [];
  if (scope.kind === 'sharedEvent') return [scope.sharedEventParam];
  if (scope.kind === 'partner') return [scope.partnerParam, scope.eventParam];
  return [];
};

/**
 * The `organizationId` query parameter, added to the route's own query fields: a query-scoped route is resolved by
 * it (checked before any read by the scope, and validated again with the rest of the query); any other
 * authenticated route takes it optionally. A route that declares it itself keeps its own declaration.
 */
function withOrganizationQuery(query: Schema | undefined, required: boolean): Schema {
  const base: Schema = query ?? { type: 'object', properties: {}, required: [], additionalProperties: false };
  const properties = (base.properties as Record<string, Schema> | undefined) ?? {};
  const others = ((base.required as string[] | undefined) ?? []).filter((name) => name !== 'organizationId');
  const declaredRequired = ((base.required as string[] | undefined) ?? []).includes('organizationId');
  return {
    ...base,
    properties: { organizationId: idString, ...properties },
    required: required || declaredRequired ? ['organizationId', ...others] : others,
  };
}

/** Routes whose authority is a role in an organization (the organization scope). */
export function isOrgRoute(route: AnyRoute): boolean {
  return route.scope.kind === 'organization';
}
