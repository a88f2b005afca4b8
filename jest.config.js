/** @type {import('jest').Config} */
module.exports = {
  // Transpile only: `npm test` type-checks every file (tests included) with tsc before jest runs, and tsconfig's
  // isolatedModules keeps each file transpilable alone, so ts-jest's own type check per test file was the same work
  // again in every worker (cold, about 3.5 times slower per file here; issue 32, CI time).
  transform: { '^.+\\.tsx?$': ['ts-jest', { isolatedModules: true }] },
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts'],
  testTimeout: 30000,
  maxWorkers: 2,
  // Says once that the browser tests skip without Chromium, and runs the Lighthouse audit alone before the workers.
  globalSetup: '<rootDir>/tests/browser/global-setup.ts',
};
