import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { registeredRoutes } from './route';

let loaded = false;

/**
 * Loads every module under functions/ so each `defineRoute` runs once. Works on the TypeScript sources
 * (tests) and on the compiled output (npm start), mirroring the Functions host's `main` glob.
 */
export function loadFunctions(directory = join(__dirname, '..', '..', 'functions')) {
  if (!loaded) {
    for (const file of readdirSync(directory).sort()) {
      if (/\.(js|ts)$/.test(file) && !file.endsWith('.d.ts')) require(join(directory, file)); // eslint-disable-line @typescript-eslint/no-require-imports
    }
    loaded = true;
  }
  return registeredRoutes();
}
