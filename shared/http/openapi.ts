import { SERVICE_VERSION } from '../version';
import { isOrgRoute, registeredRoutes, type AnyRoute } from './route';
import type { Schema } from './validation';

/** OpenAPI 3.1 generated from the route table and the same ajv schemas that validate requests. */
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
      description: 'Every response is an envelope: { success, data } or { success: false, error, message }.',
    },
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Failure: failureSchema },
    },
    paths,
  };
}

const failureSchema: Schema = {
  type: 'object',
  required: ['success', 'error', 'message'],
  properties: {
    success: { const: false },
    error: { type: 'string' },
    errorCode: { type: 'string' },
    message: { type: 'string' },
    data: { type: 'object' },
    details: {
      type: 'array',
      items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
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
    responses: responses(route),
  };
  if (route.auth !== 'public') op.security = [{ bearerAuth: [] }];
  if (route.bodyType === 'csv') {
    op.requestBody = { required: true, content: { 'text/csv': { schema: { type: 'string' } } } };
  } else if (route.body) {
    op.requestBody = { required: false, content: { 'application/json': { schema: route.body } } };
  }
  return op;
}

function responses(route: AnyRoute) {
  const failure = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
  });
  const success = {
    description: 'Success',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['success', 'data'],
          properties: { success: { const: true }, data: route.response ?? {} },
        },
      },
    },
  };
  const result: Record<string, unknown> = {
    [String(route.successStatus ?? 200)]: success,
    400: failure('Invalid input'),
  };
  if (route.auth !== 'public') {
    result[401] = failure('Missing or invalid authentication');
    result[403] = failure('Role or ownership failure');
  }
  if (route.rateLimit) result[429] = failure('Rate limited (Retry-After header)');
  result[500] = failure('Unexpected error (correlation id in the message)');
  return result;
}
