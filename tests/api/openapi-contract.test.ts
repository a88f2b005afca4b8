import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { loadFunctions } from '../../shared/http/load-functions';
import { errorsTableRows, withFreshErrorsTable } from '../../scripts/api-guide';
import { TestHost } from '../helpers/harness';

/**
 * The committed contract (docs/api.md "The contract"): openapi.json at the repository root is what the host serves,
 * it passes Redocly's recommended rules with no error and no warning, every example fits its schema, and the
 * errors table of docs/api.md is the one the error catalogue makes.
 */
const root = join(__dirname, '..', '..');
let api: TestHost;
let served: any;
beforeAll(async () => {
  api = await TestHost.start();
  served = (await api.get('openapi.json')).body;
});
afterAll(() => api.close());

const committed = () => JSON.parse(readFileSync(join(root, 'openapi.json'), 'utf8'));
const ajv = addFormats(new Ajv({ allErrors: true, strict: true, strictRequired: false }));

describe('the committed openapi.json', () => {
  it('is exactly the served document (run `npm run openapi` after a contract change)', () => {
    expect(served).toEqual(committed());
  });

  it("passes Redocly's recommended rules with 0 errors and 0 warnings", () => {
    let output: string;
    try {
      output = execFileSync(process.execPath, [join(root, 'scripts', 'lint-openapi.mjs'), 'openapi.json'], {
        cwd: root,
        encoding: 'utf8',
      });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output.trim().split('\n').slice(-1)[0]).toBe('{"errors":0,"warnings":0}');
    expect(output.trim().split('\n')).toHaveLength(1);
  });

  it('has a realistic example for every request body and every success answer, each valid against its schema', () => {
    const problems: string[] = [];
    for (const route of loadFunctions()) {
      const operation = served.paths[`/api/${route.route}`][route.method.toLowerCase()];
      if (route.bodyType === 'csv' && typeof operation.requestBody.content['text/csv'].example !== 'string')
        problems.push(`${route.name}: no CSV example`);
      if (route.body && route.bodyType !== 'csv') {
        const example = operation.requestBody.content['application/json'].example;
        if (example === undefined) problems.push(`${route.name}: no body example`);
        else if (!ajv.validate(route.body, structuredClone(example)))
          problems.push(`${route.name} body: ${ajv.errorsText(ajv.errors)}`);
      }
      if (route.fileResponse || route.bareResponse) continue;
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        if (!status.startsWith('2')) continue;
        const example = response.content['application/json'].example;
        if (example?.success !== true) problems.push(`${route.name} ${status}: no example`);
        else if (!ajv.validate(route.response!, example.data))
          problems.push(`${route.name} ${status}: ${ajv.errorsText(ajv.errors)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names the resources as components and references them from the routes', () => {
    const names = Object.keys(served.components.schemas);
    expect(names).toEqual(expect.arrayContaining(['TicketOrder', 'Event', 'Organization', 'Registration', 'Id']));
    expect(names.length).toBeGreaterThan(100);
    const created = served.paths['/api/orders'].post.responses['201'].content['application/json'].schema;
    expect(created.properties.data).toEqual({ $ref: '#/components/schemas/TicketOrder' });
    expect(served.components.schemas.TicketOrder.properties.transferHistory.items).toEqual({
      $ref: '#/components/schemas/TransferHistory',
    });
  });

  it('publishes x-correlation-id on every answer, Retry-After on every 429 and the Idempotency-Key on creates', () => {
    const resolve = (response: any) =>
      response.$ref ? served.components.responses[response.$ref.split('/').pop()] : response;
    for (const [path, operations] of Object.entries<any>(served.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          const headers = resolve(response).headers ?? {};
          expect({ path, method, status, correlation: headers['x-correlation-id'] }).toEqual({
            path,
            method,
            status,
            correlation: { $ref: '#/components/headers/CorrelationId' },
          });
          if (status === '429') expect(headers['Retry-After']).toEqual({ $ref: '#/components/headers/RetryAfter' });
        }
      }
    }
    const create = served.paths['/api/registrations'].post;
    expect(create.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(create.requestBody.required).toBe(true);
  });
});

describe('GET /api/docs (the local host only)', () => {
  it('serves Swagger UI from node_modules over the committed document, nothing from a CDN', async () => {
    const page = await fetch(`${api.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    const bundle = await fetch(`${api.url}/api/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const document = await fetch(`${api.url}/api/docs/openapi.json`);
    expect(await document.json()).toEqual(committed());
  });

  it('serves only its own files', async () => {
    for (const path of ['api/docs/package.json', 'api/docs/..%2Fpackage.json', 'api/docs/swagger-ui.js.map']) {
      expect({ path, status: (await fetch(`${api.url}/${path}`)).status }).toEqual({ path, status: 404 });
    }
  });
});

describe('docs/api.md', () => {
  it('holds the errors table the error catalogue makes (run `npm run openapi` after adding a code)', () => {
    const guide = readFileSync(join(root, 'docs', 'api.md'), 'utf8');
    const rows = errorsTableRows(guide);
    expect(rows).toEqual(errorsTableRows(withFreshErrorsTable(guide)));
    expect(rows.map((row) => row[1])).toEqual(
      expect.arrayContaining(['`IDEMPOTENCY_KEY_REUSED`', '`CAPACITY_EXCEEDED`']),
    );
  });
});
