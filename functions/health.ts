import { defineRoute } from '../shared/http/define-route';
import { buildOpenApiDocument, openApiDocumentResponse, openApiDocumentExample } from '../shared/http/openapi';
import { bareJson } from '../shared/http/reply';
import { object } from '../shared/domain/vocabulary/schema-parts';
import { probeStore } from '../shared/store/probe';
import { SERVICE_VERSION } from '../shared/version';

defineRoute({
  name: 'health',
  method: 'GET',
  route: 'health',
  auth: 'public',
  tags: ['platform'],
  summary: 'Liveness: one point read proves the store answers (503 UNAVAILABLE when it does not)',
  // docs/decisions/runtime.md fixes { status, store, version }; storeLatencyMs is additive (the probe read's duration).
  response: object(
    {
      status: { const: 'ok' },
      store: { enum: ['embedded', 'cosmos'] },
      version: { type: 'string' },
      storeLatencyMs: { type: 'integer', minimum: 0 },
    },
    ['status', 'store', 'version', 'storeLatencyMs'],
  ),
  errors: ['UNAVAILABLE'],
  handler: async () => {
    const probe = await probeStore();
    return { status: 'ok', store: probe.store, version: SERVICE_VERSION, storeLatencyMs: probe.latencyMs };
  },
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
  responseExample: openApiDocumentExample,
  handler: async () => bareJson(buildOpenApiDocument()),
});
