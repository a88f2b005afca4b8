import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { loadFunctions } from '../../shared/http/load-functions';
import { errorResponseSchema } from '../../shared/http/openapi-errors';
import type { AnyRoute } from '../../shared/http/route';
import { buildRouter } from '../../scripts/local-host';

/**
 * The response contract: every 2xx JSON answer the tests receive is checked against the `response` schema its
 * route declares, so a schema that drifts from the mapper fails the test that made the call. Routes are
 * matched exactly as the local host matches them (same router, same table).
 */
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
addFormats(ajv);

const validators = new Map<string, ValidateFunction>();
let router: ReturnType<typeof buildRouter> | undefined;

function routeFor(method: string, pathname: string): AnyRoute | undefined {
  router ??= buildRouter(loadFunctions());
  const match = router.find(method.toUpperCase() as 'GET', pathname);
  return (match?.store as { route?: AnyRoute } | undefined)?.route;
}

function validatorFor(route: AnyRoute): ValidateFunction {
  let fn = validators.get(route.name);
  if (!fn) {
    if (!route.response) throw new Error(`Route ${route.name} declares no response schema`);
    fn = ajv.compile(route.response);
    validators.set(route.name, fn);
  }
  return fn;
}

let errorValidator: ValidateFunction | undefined;

/** Every error answer (the router's own included) is the one published error envelope with a known code. */
function assertErrorContract(method: string, url: URL, status: number, headers: Headers, text: string) {
  if (!(headers.get('content-type') ?? '').startsWith('application/json')) return;
  errorValidator ??= ajv.compile(errorResponseSchema);
  if (!errorValidator(JSON.parse(text))) {
    const errors = (errorValidator.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new Error(`Error answer to ${method} ${url.pathname} (${status}) drifts: ${errors.join('; ')}\n${text}`);
  }
}

/** Throws when an answer does not match its route's declared response schema (or the error schema). */
export function assertResponseContract(method: string, url: URL, status: number, headers: Headers, text: string) {
  if (status >= 400 && text) return assertErrorContract(method, url, status, headers, text);
  if (status < 200 || status >= 300 || !text) return;
  const route = routeFor(method, url.pathname);
  if (!route) return;
  // File answers (exports) carry no JSON document to check; their declared media type is what applies.
  if (route.fileResponse) {
    const type = headers.get('content-type') ?? '';
    if (!type.startsWith(route.fileResponse.contentType) || !headers.get('content-disposition'))
      throw new Error(`${route.name}: ${status} is not the declared ${route.fileResponse.contentType} attachment`);
    return;
  }
  if (!(headers.get('content-type') ?? '').startsWith('application/json')) {
    throw new Error(`${route.name}: ${status} without JSON`);
  }
  const body = JSON.parse(text) as Record<string, unknown>;
  // Enveloped answers are checked on `data`; a route that serves a bare document (openapi.json) on the whole.
  const enveloped = 'success' in body;
  if (enveloped && body.success !== true) throw new Error(`${route.name}: ${status} with success ${body.success}`);
  if (enveloped && status === 207 && body.completed !== false) throw new Error(`${route.name}: 207 not incomplete`);
  const validate = validatorFor(route);
  if (!validate(enveloped ? body.data : body)) {
    const errors = (validate.errors ?? []).map(
      (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
    );
    throw new Error(
      `Response of ${route.name} (${method} ${url.pathname} → ${status}) drifts from its schema:\n  ${errors.join('\n  ')}\n` +
        `body: ${text.slice(0, 2000)}`,
    );
  }
}
