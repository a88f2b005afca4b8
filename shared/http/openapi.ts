import { SERVICE_VERSION } from '../version';
import { errorResponseSchema, errorResponses } from './openapi-errors';
import { bodyExample, exampleOf } from './openapi-examples';
import { HEADER_COMPONENTS, PARAMETER_COMPONENTS, successHeaders } from './openapi-headers';
import { SchemaReferences } from './openapi-refs';
import { isOrgRoute, registeredRoutes, type AnyRoute } from './route';
import type { Schema } from '../domain/vocabulary/validation';
import { idString } from '../domain/vocabulary/schema-parts';

/**
 * OpenAPI 3.1 generated from the route table and the same ajv schemas that validate requests and (in the
 * tests) responses; every exported domain schema is a named component (openapi-components.ts). Served bare at
 * GET /api/openapi.json and committed as openapi.json by `npm run openapi` (docs/api.md).
 */
export function buildOpenApiDocument() {
  const refs = new SchemaReferences();
  const responses: Record<string, unknown> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  const routes = [...registeredRoutes()].sort((a, b) => a.route.localeCompare(b.route));
  for (const route of routes) {
    const path = `/api/${route.route}`;
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route, refs, responses);
  }
  refs.refer('ErrorResponse', errorResponseSchema);
  const tags = [...new Set(routes.flatMap((route) => route.tags ?? []))].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ticket Sales Service',
      version: SERVICE_VERSION,
      description:
        'Every response but this document is an envelope: `{ success: true, data }` or the ErrorResponse. ' +
        'The guide for client developers is docs/api.md in the repository.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      {
        url: 'https://{functionApp}.azurewebsites.net',
        description: 'A deployed Function App',
        variables: { functionApp: { default: 'ticket-sales' } },
      },
      {
        url: 'http://{host}:{port}',
        description: 'The local host (`npm start`, `npm run dev`)',
        variables: { host: { default: '127.0.0.1' }, port: { default: '7071' } },
      },
    ],
    tags: tags.map((name) => ({ name, description: TAG_TEXT[name] ?? `The ${name} routes` })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      headers: HEADER_COMPONENTS,
      parameters: PARAMETER_COMPONENTS,
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
      schemas: refs.components(),
    },
  };
}

const TAG_TEXT: Record<string, string> = {
  auth: 'Login by e-mailed link or code, the session token and the current user',
  platform: 'Health, this document and super-admin tools',
};

/** The shape of the document above, as the route declares it (checked by the tests like any response). */
export const openApiDocumentResponse: Schema = {
  type: 'object',
  required: ['openapi', 'info', 'servers', 'tags', 'paths', 'components'],
  additionalProperties: false,
  properties: {
    openapi: { const: '3.1.0' },
    info: { type: 'object', required: ['title', 'version'], properties: { title: {}, version: {} } },
    servers: { type: 'array', minItems: 1, items: { type: 'object', required: ['url'], properties: { url: {} } } },
    tags: { type: 'array', items: { type: 'object' } },
    paths: { type: 'object' },
    components: { type: 'object' },
  },
};

const AUTH_TEXT: Record<AnyRoute['auth'], string> = {
  public: 'Public',
  authenticated: 'Required (any signed-in user)',
  member: 'Member+',
  ticketManager: 'Ticket Manager+',
  treasurer: 'Treasurer+',
  admin: 'Admin',
  superAdmin: 'Super Admin',
};

function operation(route: AnyRoute, refs: SchemaReferences, responses: Record<string, unknown>) {
  const parameters: unknown[] = [];
  for (const match of route.route.matchAll(/\{(\w+)\}/g)) {
    parameters.push({ name: match[1], in: 'path', required: true, schema: refs.toDocument(idString) });
  }
  const query = (route.query?.properties ?? {}) as Record<string, Schema>;
  const required = new Set((route.query?.required as string[] | undefined) ?? []);
  if (isOrgRoute(route) && !route.orgParam && !query.organizationId) {
    parameters.push({ name: 'organizationId', in: 'query', required: true, schema: refs.toDocument(idString) });
  }
  for (const [name, schema] of Object.entries(query)) {
    parameters.push({ name, in: 'query', required: required.has(name), schema: refs.toDocument(schema) });
  }
  if (route.idempotent) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  const op: Record<string, unknown> = {
    operationId: route.name,
    summary: route.summary ?? route.name,
    description: description(route),
    tags: route.tags ?? [],
    parameters,
    responses: { ...successResponses(route, refs), ...errorResponses(route, responses) },
    // Public routes say so explicitly, so a document-wide default could never make them look protected.
    security: route.auth === 'public' ? [] : [{ bearerAuth: [] }],
  };
  if (route.deprecated) op.deprecated = true;
  if (route.bodyType === 'csv') {
    const example = route.csvExample === undefined ? {} : { example: route.csvExample };
    op.requestBody = { required: true, content: { 'text/csv': { schema: { type: 'string' }, ...example } } };
  } else if (route.body) {
    op.requestBody = {
      // A missing body is read as `{}`, so a body is required exactly when its schema requires a field.
      required: ((route.body.required as string[] | undefined) ?? []).length > 0,
      content: { 'application/json': { schema: refs.toDocument(route.body), example: bodyExample(route.body) } },
    };
  }
  return op;
}

/**
 * The example of the document's own answer: its head, with the paths and components left empty (the whole file
 * again would double it).
 */
export const openApiDocumentExample = {
  openapi: '3.1.0',
  info: { title: 'Ticket Sales Service', version: SERVICE_VERSION },
  servers: [{ url: 'https://ticket-sales.azurewebsites.net' }],
  tags: [{ name: 'platform', description: 'Health, this document and super-admin tools' }],
  paths: {},
  components: {},
};

function description(route: AnyRoute): string {
  const fullOrg = route.fullOrg ? ' (full organizations only: 403 ORG_MODE_RESTRICTED otherwise)' : '';
  const idempotent = route.idempotent
    ? ' Send an `Idempotency-Key` header to make a retry safe: the first answer is replayed (docs/api.md).'
    : '';
  return `Auth: ${AUTH_TEXT[route.auth]}${fullOrg}.${idempotent}`;
}

function successResponses(route: AnyRoute, refs: SchemaReferences): Record<string, unknown> {
  const status = String(route.successStatus ?? 200);
  const headers = successHeaders(route);
  if (route.fileResponse) {
    return {
      [status]: {
        description: 'The file, streamed as an attachment',
        headers,
        content: { [route.fileResponse.contentType]: { schema: { type: 'string', format: 'binary' } } },
      },
    };
  }
  const data = route.response ? refs.toDocument(route.response) : {};
  const envelope = (extra: Record<string, Schema> = {}) => ({
    type: 'object',
    required: ['success', 'data', ...Object.keys(extra)],
    additionalProperties: false,
    properties: { success: { const: true }, data, ...extra },
  });
  const json = (schema: Schema, example?: unknown) => ({
    content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } },
  });
  const example = route.bareResponse ? undefined : { success: true, data: exampleOf(route.response ?? {}) };
  const result: Record<string, unknown> = {};
  if (route.okWhenExisting) {
    result[200] = { description: 'Success: the record was already there', headers, ...json(envelope(), example) };
  }
  if (route.multiStatus) {
    // A multi-status route says in the envelope whether it ran to the end, on its 200 as on its 207.
    result[status] = {
      description: 'Success: all the work done',
      headers,
      ...json(envelope({ completed: { const: true } }), { ...example, completed: true }),
    };
  } else {
    const schema = route.bareResponse ? data : envelope();
    result[status] = { description: 'Success', headers, ...json(schema, example ?? route.responseExample) };
  }
  if (route.multiStatus) {
    result[207] = {
      description: 'Partial success: some work done, the rest may be retried',
      headers,
      ...json(envelope({ completed: { const: false } }), { ...example, completed: false }),
    };
  }
  return result;
}
