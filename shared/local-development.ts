/**
 * Where the process runs, for the few local conveniences that must never reach Azure (docs/decisions/runtime.md,
 * "Core Tools"):
 * - `onAzure`: the platform sets WEBSITE_INSTANCE_ID on every App Service and Functions instance (Flex Consumption
 *   included); Core Tools, `npm start` and the tests do not.
 * - `coreToolsDevelopment`: Core Tools (`func start`) sets AZURE_FUNCTIONS_ENVIRONMENT=Development for the worker.
 *   The same value set as an app setting on Azure counts for nothing: `onAzure` wins.
 */
export const onAzure = (env: NodeJS.ProcessEnv = process.env): boolean => Boolean(env.WEBSITE_INSTANCE_ID);

export const coreToolsDevelopment = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.AZURE_FUNCTIONS_ENVIRONMENT === 'Development' && !onAzure(env);

/**
 * A store endpoint on this machine (the Cosmos DB emulator, `npm run store`): the only endpoints whose self-signed
 * certificate the store client accepts, through an agent of its own, never on Azure.
 */
export function localStoreEndpoint(endpoint: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (onAzure(env)) return false;
  let hostname: string;
  try {
    hostname = new URL(endpoint).hostname;
  } catch {
    return false;
  }
  return ['localhost', '127.0.0.1', '[::1]'].includes(hostname.toLowerCase());
}

/**
 * The JWT secret `local.settings.json.example` ships with, so the file serves as copied under Core Tools. It is
 * public: refused everywhere but a Core Tools development run (`npm run setup:local` writes a fresh one).
 */
export const EXAMPLE_JWT_SECRET = 'local-development-only-secret-from-local-settings-example';
