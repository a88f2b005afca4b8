import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The package version, found by walking up from this file (works from sources and from dist/). */
function readVersion(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
  }
  return '0.0.0';
}

export const SERVICE_VERSION = readVersion();
