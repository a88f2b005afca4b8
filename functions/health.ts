import { defineRoute } from '../shared/http/define-route';
import { buildOpenApiDocument, openApiDocumentResponse } from '../shared/http/openapi';
import { bareJson } from '../shared/http/reply';
import { object } from '../shared/http/schema-parts';
import { storeKind } from '../shared/domain/platform/repo';
import { SERVICE_VERSION } from '../shared/version';

defineRoute({
  name: 'health',
  method: 'GET',
  route: 'health',
  auth: 'public',
  tags: ['platform'],
  summary: 'Liveness and which store is in use',
  response: object({ status: { const: 'ok' }, store: { enum: ['embedded', 'cosmos'] }, version: { type: 'string' } }, [
    'status',
    'store',
    'version',
  ]),
  handler: async () => ({ status: 'ok', store: storeKind(), version: SERVICE_VERSION }),
});

defineRoute({
  name: 'openapi',
  method: 'GET',
  route: 'openapi.json',
  auth: 'public',
  tags: ['platform'],
  summary: 'This document, bare (no envelope): every route with its auth, body, query and responses',
  bareResponse: true,
  response: openApiDocumentResponse,
  handler: async () => bareJson(buildOpenApiDocument()),
});
