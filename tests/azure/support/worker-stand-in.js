/* eslint-disable @typescript-eslint/no-require-imports, no-undef */
/**
 * Runs the COMPILED app the way the Azure Functions Node.js worker does, in a process of its own:
 * 1. `@azure/functions-core` is answered by wrapping `Module.prototype.require`, exactly as the worker's
 *    setupCoreModule.ts does (it is no package on disk), with a stand-in that records every registration;
 * 2. every file of package.json `main` (`dist/functions/*.js`) is required, as the worker loads the entry point;
 * 3. the scenario's invocations (STAND_IN_SCENARIO, JSON) call the registered handlers with real `@azure/functions`
 *    HttpRequest and InvocationContext objects.
 * The report (one line after REPORT_MARK) lists the registrations, the local-only modules that got loaded and each
 * answer.
 */
const Module = require('node:module');
const { readdirSync, readFileSync } = require('node:fs');
const { join, dirname } = require('node:path');

const REPORT_MARK = '@@stand-in-report ';
const registrations = [];
let programmingModel;

const coreApi = {
  version: 'stand-in',
  hostVersion: '4.1040.0',
  registerFunction(metadata, callback) {
    registrations.push({ metadata, callback });
    return { dispose() {} };
  },
  setProgrammingModel(model) {
    programmingModel = model;
  },
  getProgrammingModel: () => programmingModel,
  registerHook: () => ({ dispose() {} }),
  log() {},
  Disposable: class {
    dispose() {}
  },
};

Module.prototype.require = new Proxy(Module.prototype.require, {
  apply(target, thisArg, args) {
    return args[0] === '@azure/functions-core' ? coreApi : Reflect.apply(target, thisArg, args);
  },
});

const root = process.cwd();
const main = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).main; // "dist/functions/*.js"
const directory = join(root, dirname(main));
for (const file of readdirSync(directory).sort()) if (file.endsWith('.js')) require(join(directory, file));

const LOCAL_ONLY = [
  'node_modules/@vercel/cosmosdb-server/',
  'scripts/local-host',
  'shared/store/embedded-patches',
  'shared/store/embedded-server',
];

async function invoke(step) {
  const { HttpRequest, InvocationContext } = require(require.resolve('@azure/functions', { paths: [root] }));
  const found = registrations.find((r) => r.metadata.name === step.function);
  if (!found) return { function: step.function, missing: true };
  const request = new HttpRequest({
    method: step.method,
    url: `https://app.example.net/api/${step.path}`,
    headers: step.headers ?? {},
    params: step.params ?? {},
    body: step.body === undefined ? undefined : { string: step.body },
  });
  // The host hands every invocation its own id and W3C trace context (the invocation's span).
  const context = new InvocationContext({
    functionName: step.function,
    invocationId: step.invocationId ?? `stand-in-${Date.now()}`,
    traceContext: step.traceParent ? { traceParent: step.traceParent, traceState: '', attributes: {} } : undefined,
  });
  const started = Date.now();
  const response = await found.callback(request, context);
  const body = response.body;
  return {
    function: step.function,
    status: response.status ?? 200,
    headers: response.headers ?? {},
    body: typeof body === 'string' ? body : body === undefined ? '' : '[non-string body]',
    ms: Date.now() - started,
  };
}

/** A timer invocation: the handler with the timer object and context the host passes. */
async function invokeTimer(step) {
  const { InvocationContext } = require(require.resolve('@azure/functions', { paths: [root] }));
  const found = registrations.find((r) => r.metadata.name === step.timer);
  if (!found) return { function: step.timer, missing: true };
  const context = new InvocationContext({ functionName: step.timer, invocationId: `stand-in-${Date.now()}` });
  await found.callback({ isPastDue: false, schedule: { adjustForDST: true }, scheduleStatus: {} }, context);
  return { function: step.timer, status: 0, headers: {}, body: '', ms: 0 };
}

const summary = () => ({
  programmingModel: programmingModel && { name: programmingModel.name, version: programmingModel.version },
  registrations: registrations.map(({ metadata }) => metadata),
  localOnlyLoaded: Object.keys(require.cache).filter((file) => LOCAL_ONLY.some((m) => file.includes(m))),
});

/**
 * Interactive mode (forked with an IPC channel, STAND_IN_SCENARIO=ipc): the parent sends one step at a time, so a
 * step can use what an earlier answer or the outbox held (a login code, a token). Message 0 is the summary.
 */
if (process.env.STAND_IN_SCENARIO === 'ipc') {
  process.on('message', (message) => {
    const run = message.step.timer ? invokeTimer(message.step) : invoke(message.step);
    run.then(
      (result) => process.send({ id: message.id, result }),
      (error) => process.send({ id: message.id, error: String(error && error.stack) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ id: 0, result: summary() });
} else
  (async () => {
    const scenario = JSON.parse(process.env.STAND_IN_SCENARIO || '{"invocations":[]}');
    const answers = [];
    for (const step of scenario.invocations) answers.push(await invoke(step));
    const report = { ...summary(), answers };
    process.stdout.write(`\n${REPORT_MARK}${JSON.stringify(report)}\n`);
    process.exit(0);
  })().catch((error) => {
    process.stderr.write(`stand-in failed: ${error && error.stack}\n`);
    process.exit(1);
  });
