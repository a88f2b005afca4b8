/**
 * Whether this process runs inside the Azure Functions Node.js worker.
 *
 * The worker does not install `@azure/functions-core` as a package: at start it wraps `Module.prototype.require` so
 * that `require('@azure/functions-core')` returns its own API object (azure-functions-nodejs-worker,
 * src/setupCoreModule.ts), and `@azure/functions` finds the worker the same way (tryGetCoreApiLazy: require in a
 * try). So the test is the `require` itself, never `require.resolve` (which bypasses the wrapper and always fails).
 * It holds on every plan, Flex Consumption included, where FUNCTIONS_WORKER_RUNTIME is not an app setting (the
 * runtime is `functionAppConfig.runtime`); the variable is kept only as a fallback (docs/decisions/runtime.md).
 */
let detected: boolean | undefined;

export function insideFunctionsWorker(): boolean {
  detected ??= workerCoreModuleLoads() || Boolean(process.env.FUNCTIONS_WORKER_RUNTIME);
  return detected;
}

function workerCoreModuleLoads(): boolean {
  try {
    require('@azure/functions-core'); // eslint-disable-line @typescript-eslint/no-require-imports
    return true;
  } catch {
    return false;
  }
}
