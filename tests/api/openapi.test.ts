import { ALL_ERROR_CODES, SPEC_ERROR_CODES, wireCode } from '../../shared/errors';
import { statusOfCode } from '../../shared/http/error-status';
import { loadFunctions } from '../../shared/http/load-functions';
import { TestHost } from '../helpers/harness';
import { assertResponseContract } from '../helpers/response-contract';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const SwaggerParser = require('@apidevtools/swagger-parser');

let api: TestHost;
let doc: any;
beforeAll(async () => {
  api = await TestHost.start();
  const res = await api.get('openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => api.close());

const routes = () => loadFunctions();
/** A named response resolved one level (its own `$ref`s kept). */
const shallow = (response: any) =>
  response?.$ref ? doc.components.responses[response.$ref.split('/').pop()] : response;
/** The node with every `$ref` replaced by what it names, all the way down (the document as a reader resolves it). */
const deref = (node: any): any => {
  if (Array.isArray(node)) return node.map(deref);
  if (!node || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(node.$ref)!;
    return deref(doc.components[kind][name]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, deref(value)]));
};
const operationOf = (route: { method: string; route: string }) =>
  doc.paths[`/api/${route.route}`]?.[route.method.toLowerCase()];

describe('GET /api/openapi.json', () => {
  it('serves the bare document, not the envelope, with a correlation id', async () => {
    const res = await api.get('openapi.json');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-correlation-id')).toBeTruthy();
    expect(res.body.success).toBeUndefined();
    expect(res.body.data).toBeUndefined();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers.map((server: { url: string }) => server.url)).toEqual([
      'https://{functionApp}.azurewebsites.net',
      'http://{host}:{port}',
    ]);
  });

  it('is a valid OpenAPI document', async () => {
    // validate() dereferences in place: give it a copy so the other checks see the document as served.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
  });

  it('lists every route of the table with its request body schema', () => {
    for (const route of routes()) {
      const op = operationOf(route);
      expect({ route: route.name, operationId: op?.operationId }).toEqual({
        route: route.name,
        operationId: route.name,
      });
    }
    const magicLink = doc.paths['/api/auth/magic-link'].post.requestBody;
    expect(magicLink.required).toBe(true);
    expect(deref(magicLink.content['application/json'].schema).required).toEqual(['email']);
  });

  it('marks public routes with security: [] and the rest with the bearer token', () => {
    for (const route of routes()) {
      const expected = route.auth === 'public' ? [] : [{ bearerAuth: [] }];
      expect({ route: route.name, security: operationOf(route).security }).toEqual({
        route: route.name,
        security: expected,
      });
    }
    expect(operationOf({ method: 'GET', route: 'health' }).security).toEqual([]);
    expect(operationOf({ method: 'GET', route: 'auth/me' }).security).toEqual([{ bearerAuth: [] }]);
  });

  it('publishes each success schema inside the envelope (the document itself bare)', () => {
    for (const route of routes()) {
      if (route.fileResponse) {
        const file = operationOf(route).responses[String(route.successStatus ?? 200)];
        expect(Object.keys(file.content)).toEqual([route.fileResponse.contentType]);
        continue;
      }
      expect({ route: route.name, declared: Boolean(route.response) }).toEqual({ route: route.name, declared: true });
      const success = operationOf(route).responses[String(route.successStatus ?? 200)];
      const schema = success.content['application/json'].schema;
      expect(deref(route.bareResponse ? schema : schema.properties.data)).toEqual(route.response);
    }
    const bulk = operationOf({ method: 'POST', route: 'orders/archive' }).responses;
    expect(bulk['207'].content['application/json'].schema.properties.completed).toEqual({ const: false });
  });

  it('lists every success a route answers: 201 and 200 for a create-or-keep, completed on a multi-status 200', () => {
    for (const route of [
      { method: 'POST', route: 'allocations' },
      { method: 'POST', route: 'join/{code}' },
    ]) {
      const responses = operationOf(route).responses;
      expect({ ...route, listed: ['200', '201'].filter((s) => s in responses) }).toEqual({
        ...route,
        listed: ['200', '201'],
      });
    }
    for (const route of [
      { method: 'PUT', route: 'management/members/{userId}/invoice/{eventId}' },
      { method: 'POST', route: 'orders/archive' },
    ]) {
      const ok = operationOf(route).responses['200'].content['application/json'];
      expect(ok.schema.required).toContain('completed');
      expect(ok.schema.properties.completed).toEqual({ const: true });
      expect(ok.example.completed).toBe(true);
    }
  });

  it('gives every JSON answer of every operation an example (the document itself included)', () => {
    const missing: string[] = [];
    for (const [path, byMethod] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(byMethod)) {
        for (const [status, response] of Object.entries<any>(op.responses)) {
          const json = response.content?.['application/json'];
          if (Number(status) < 300 && json && json.example === undefined) missing.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(
      operationOf({ method: 'GET', route: 'openapi.json' }).responses['200'].content['application/json'].example,
    ).toMatchObject({ openapi: '3.1.0', paths: {} });
  });

  it('lists each declared error code under its status, with the shared error schema', () => {
    for (const route of routes()) {
      const responses = operationOf(route).responses;
      for (const code of route.errors ?? []) {
        const response = shallow(responses[String(statusOfCode(code))]);
        const [ref, narrowed] = response?.content['application/json'].schema.allOf ?? [];
        expect({
          route: route.name,
          code,
          ref: ref?.$ref,
          listed: narrowed?.properties.error.enum.includes(wireCode(code)),
        }).toEqual({
          route: route.name,
          code,
          ref: '#/components/schemas/ErrorResponse',
          listed: true,
        });
      }
    }
  });

  it('derives the generic error responses from each declaration', () => {
    const me = operationOf({ method: 'GET', route: 'auth/me' }).responses;
    expect(Object.keys(me)).toEqual(expect.arrayContaining(['401', '403', '503']));
    const magicLink = operationOf({ method: 'POST', route: 'auth/magic-link' }).responses;
    expect(Object.keys(magicLink)).toEqual(expect.arrayContaining(['400', '413', '415', '429']));
    expect(magicLink['401']).toBeUndefined();
    const fullOrgRoute = routes().find((r) => r.fullOrg);
    expect(fullOrgRoute).toBeDefined();
    expect(
      deref(operationOf(fullOrgRoute!).responses['403']).content['application/json'].schema.allOf[1].properties.error
        .enum,
    ).toContain('ORG_MODE_RESTRICTED');
  });

  it('enumerates every error code in the shared error schema', () => {
    const schema = doc.components.schemas.ErrorResponse;
    expect([...schema.properties.error.enum].sort()).toEqual([...new Set(ALL_ERROR_CODES.map(wireCode))].sort());
    expect([...schema.properties.errorCode.enum].sort()).toEqual([...SPEC_ERROR_CODES].sort());
    expect(schema.required).toEqual(['success', 'error', 'message']);
  });
});

describe('response contract (the harness check every API test goes through)', () => {
  it('throws, naming the route, when a success body drifts from the declared schema', async () => {
    const res = await api.get('health');
    const drifted = JSON.stringify({ success: true, data: { ...res.body.data, extra: 1 } });
    expect(() => assertResponseContract('GET', new URL(`${api.url}/api/health`), 200, res.headers, drifted)).toThrow(
      /health.*drifts/,
    );
    const missing = JSON.stringify({ success: true, data: { status: 'ok' } });
    expect(() => assertResponseContract('GET', new URL(`${api.url}/api/health`), 200, res.headers, missing)).toThrow(
      /must have required property/,
    );
  });

  it('holds every error answer to the shared error schema, codes included', async () => {
    const res = await api.get('auth/me');
    expect(res.status).toBe(401);
    const url = new URL(`${api.url}/api/auth/me`);
    expect(() => assertResponseContract('GET', url, 401, res.headers, res.text)).not.toThrow();
    const unknownCode = JSON.stringify({ ...res.body, error: 'NOT_A_CODE' });
    expect(() => assertResponseContract('GET', url, 401, res.headers, unknownCode)).toThrow(/drifts/);
  });

  it('fails an answer whose status its operation does not list, naming the listed ones', async () => {
    const res = await api.get('health');
    const url = new URL(`${api.url}/api/health`);
    expect(() => assertResponseContract('GET', url, 201, res.headers, res.text)).toThrow(
      /health.*status 201 is not listed \(the operation lists 200, /,
    );
  });

  it('fails an error code the operation does not list under that status', async () => {
    const res = await api.get('auth/me');
    const url = new URL(`${api.url}/api/auth/me`);
    // CAPACITY_EXCEEDED is a real code (409), but not one auth/me can answer, and never with 401.
    const foreign = JSON.stringify({ ...res.body, error: 'CAPACITY_EXCEEDED' });
    expect(() => assertResponseContract('GET', url, 401, res.headers, foreign)).toThrow(/auth-me.*drifts/);
  });

  it('fails a body of another media type than the status declares', () => {
    const url = new URL(`${api.url}/api/health`);
    const html = new Headers({ 'content-type': 'text/html' });
    expect(() => assertResponseContract('GET', url, 200, html, '<p>ok</p>')).toThrow(/media type text\/html/);
  });

  it('passes the body as served', async () => {
    const res = await api.get('health');
    expect(() =>
      assertResponseContract('GET', new URL(`${api.url}/api/health`), 200, res.headers, res.text),
    ).not.toThrow();
  });
});
