import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { loadFunctions } from '../../shared/http/load-functions';
import type { AnyRoute } from '../../shared/http/route';
import { buildRouter } from '../../scripts/local-host';

/**
 * The response contract: EVERY answer an API test receives (every status, errors included) is checked against its
 * operation in the committed openapi.json, the document clients generate from: the status must be one the operation
 * lists, the media type one it declares for that status, and the body valid against that status's schema (error
 * codes narrowed to those listed there). A drift fails the test that made the call. Operations are found exactly as
 * the local host routes (same router, same table); an answer to a request no operation takes (an unknown path, the
 * host's own refusals before routing) is held to the published error envelope.
 */
const CONTRACT_FILE = join(__dirname, '..', '..', 'openapi.json');
const CONTRACT_ID = 'openapi.json';

interface Operation {
  path: string;
  method: string;
  responses: Record<string, Record<string, unknown>>;
}

interface Contract {
  paths: Record<string, Record<string, Operation & { operationId: string }>>;
  components: { responses: Record<string, Record<string, unknown>> };
}

let contract: Contract | undefined;
let operations: Map<string, Operation> | undefined;
let ajv: Ajv2020 | undefined;
let router: ReturnType<typeof buildRouter> | undefined;
const validators = new Map<string, ValidateFunction>();

function load() {
  if (contract && operations && ajv) return { contract, operations, ajv };
  contract = JSON.parse(readFileSync(CONTRACT_FILE, 'utf8')) as Contract;
  operations = new Map();
  for (const [path, byMethod] of Object.entries(contract.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      operations.set(op.operationId, { path, method, responses: op.responses });
    }
  }
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; the document's own keywords (example, description) are annotations.
  ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(contract as object, CONTRACT_ID);
  return { contract, operations, ajv };
}

function routeFor(method: string, pathname: string): AnyRoute | undefined {
  router ??= buildRouter(loadFunctions());
  const match = router.find(method.toUpperCase() as 'GET', pathname);
  return (match?.store as { route?: AnyRoute } | undefined)?.route;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The response object of one status, with its JSON pointer (a `$ref` to a shared response followed once). */
function responseOf(op: Operation, status: string, doc: Contract) {
  const response = op.responses[status];
  if (!response) return undefined;
  const ref = response.$ref as string | undefined;
  if (ref) {
    const name = ref.replace('#/components/responses/', '');
    return { response: doc.components.responses[name], at: pointer('components', 'responses', name) };
  }
  return { response, at: pointer('paths', op.path, op.method, 'responses', status) };
}

/** The validator of the schema at a JSON pointer into the contract (compiled once). */
function validatorAt(at: string): ValidateFunction {
  let fn = validators.get(at);
  if (!fn) {
    fn = load().ajv.compile({ $ref: `${CONTRACT_ID}#/${at}` });
    validators.set(at, fn);
  }
  return fn;
}

function fail(what: string, detail: string, text: string): never {
  throw new Error(`${what} drifts from the contract (openapi.json): ${detail}\nbody: ${text.slice(0, 2000)}`);
}

function validateJson(what: string, validate: ValidateFunction, text: string) {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    fail(what, 'the body is not JSON', text);
  }
  if (!validate(body)) {
    const errors = (validate.errors ?? []).map(
      (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
    );
    fail(what, `\n  ${errors.join('\n  ')}`, text);
  }
}

/** Throws when an answer is not one its operation lists (status, media type, body). */
export function assertResponseContract(method: string, url: URL, status: number, headers: Headers, text: string) {
  const { contract: doc, operations: ops } = load();
  const route = routeFor(method, url.pathname);
  const type = (headers.get('content-type') ?? '').split(';')[0].trim();
  if (!route) {
    // No operation takes this request: only the host's own error envelope may answer it.
    if (status < 400 || !text) return;
    const what = `Error answer to ${method} ${url.pathname} (${status}, no operation)`;
    if (type !== 'application/json') fail(what, `media type ${type || 'none'}`, text);
    return validateJson(what, validatorAt(pointer('components', 'schemas', 'ErrorResponse')), text);
  }
  const op = ops.get(route.name);
  // A route a test file declares for itself (`test-…`, never in the shipped route table) has no operation to hold.
  if (!op && route.name.startsWith('test-')) return;
  if (!op) throw new Error(`Route ${route.name} has no operation in openapi.json: regenerate it (npm run openapi)`);
  const what = `Response of ${route.name} (${method} ${url.pathname} → ${status})`;
  const found = responseOf(op, String(status), doc);
  if (!found) {
    const listed = Object.keys(op.responses).join(', ');
    fail(what, `status ${status} is not listed (the operation lists ${listed})`, text);
  }
  const content = (found.response.content ?? {}) as Record<string, unknown>;
  const declared = Object.keys(content);
  if (declared.length === 0) {
    if (text) fail(what, 'a body where the operation declares none', text);
    return;
  }
  // A declared media type may carry parameters (`text/csv; charset=utf-8`); the answer's type is compared without.
  const mediaType = declared.find((d) => d.split(';')[0].trim() === type);
  if (!mediaType) fail(what, `media type ${type || 'none'}, declared ${declared.join(', ')}`, text);
  if (type !== 'application/json') {
    // A file answer (export) is an attachment of its declared media type; its bytes are the file.
    if (!headers.get('content-disposition')) fail(what, 'a file answer without content-disposition', text);
    return;
  }
  validateJson(what, validatorAt(`${found.at}/${pointer('content', mediaType, 'schema')}`), text);
}
