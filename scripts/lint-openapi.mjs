/* global process, console */
/**
 * Lints an OpenAPI document with Redocly's `recommended` rules (offline: @redocly/openapi-core, no CLI download).
 * Prints every problem and a JSON summary line; exits 1 on any error or warning. Run by the OpenAPI tests and by
 * `npm run lint:openapi` (docs/api.md).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const file = resolve(process.argv[2] ?? 'openapi.json');
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source: readFileSync(file, 'utf8'), absoluteRef: file, config });
for (const problem of problems) {
  const where = problem.location?.[0]?.pointer ?? '';
  console.log(`${problem.severity} ${problem.ruleId}: ${problem.message} ${where}`);
}
const errors = problems.filter((p) => p.severity === 'error').length;
const warnings = problems.filter((p) => p.severity === 'warn').length;
console.log(JSON.stringify({ errors, warnings }));
process.exitCode = errors + warnings > 0 ? 1 : 0;
