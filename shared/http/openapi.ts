import { SERVICE_VERSION } from '../version';
import { errorResponseSchema, errorResponses } from './openapi-errors';
import { isOrgRoute, registeredRoutes, type AnyRoute } from './route';
import type { Schema } from '../domain/vocabulary/validation';

/**
 * OpenAPI 3.1 generated from the route table and the same ajv schemas that validate requests and (in the
 * tests) responses. Served bare at GET /api/openapi.json.
 */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of [...registeredRoutes()].sort((a, b) => a.route.localeCompare(b.route))) {
    const path = `/api/${route.route}`;
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ticket Sales Service',
      version: SERVICE_VERSION,
      description: 'Every response but this document is an envelope: { success, data } or the ErrorResponse.',
    },
    servers: [{ url: '/', description: 'This host' }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ErrorResponse: errorResponseSchema },
    },
    paths,
  };
}

/** The shape of the document above, as the route declares it (checked by the tests like any response). */
export const openApiDocumentResponse: Schema = {
  type: 'object',
  required: ['openapi', 'info', 'servers', 'components', 'paths'],
  additionalProperties: false,
  properties: {
    openapi: { const: '3.1.0' },
    info: { type: 'object', required: ['title', 'version'] },
    servers: { type: 'array', minItems: 1, items: { type: 'object', required: ['url'] } },
    components: { type: 'object' },
    paths: { type: 'object' },
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

function operation(route: AnyRoute) {
  const parameters: unknown[] = [];
  for (const match of route.route.matchAll(/\{(\w+)\}/g)) {
    parameters.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  const query = (route.query?.properties ?? {}) as Record<string, Schema>;
  const required = new Set((route.query?.required as string[] | undefined) ?? []);
  if (isOrgRoute(route) && !route.orgParam && !query.organizationId) {
    parameters.push({ name: 'organizationId', in: 'query', required: true, schema: { type: 'string' } });
  }
  for (const [name, schema] of Object.entries(query)) {
    parameters.push({ name, in: 'query', required: required.has(name), schema });
  }
  const op: Record<string, unknown> = {
    operationId: route.name,
    summary: route.summary ?? route.name,
    description: `Auth: ${AUTH_TEXT[route.auth]}${route.fullOrg ? ' (full organizations only: 403 ORG_MODE_RESTRICTED otherwise)' : ''}.`,
    tags: route.tags ?? [],
    parameters,
    responses: { ...successResponses(route), ...errorResponses(route) },
    // Public routes say so explicitly, so a document-wide default could never make them look protected.
    security: route.auth === 'public' ? [] : [{ bearerAuth: [] }],
  };
  if (route.deprecated) op.deprecated = true;
  if (route.bodyType === 'csv') {
    op.requestBody = { required: true, content: { 'text/csv': { schema: { type: 'string' } } } };
  } else if (route.body) {
    op.requestBody = { required: false, content: { 'application/json': { schema: route.body } } };
  }
  return op;
}

function successResponses(route: AnyRoute): Record<string, unknown> {
  const data = route.response ?? {};
  const envelope = (extra: Record<string, Schema> = {}) => ({
    type: 'object',
    required: ['success', 'data', ...Object.keys(extra)],
    properties: { success: { const: true }, data, ...extra },
  });
  const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });
  if (route.fileResponse) {
    return {
      [String(route.successStatus ?? 200)]: {
        description: 'The file, streamed as an attachment',
        content: { [route.fileResponse.contentType]: { schema: { type: 'string', format: 'binary' } } },
      },
    };
  }
  const result: Record<string, unknown> = {
    [String(route.successStatus ?? 200)]: {
      description: 'Success',
      ...json(route.bareResponse ? data : envelope()),
    },
  };
  if (route.multiStatus) {
    result[207] = {
      description: 'Partial success: some work done, the rest may be retried',
      ...json(envelope({ completed: { const: false } })),
    };
  }
  return result;
}
