/** @type {import('jest').Config} */
module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts'],
  testTimeout: 30000,
  maxWorkers: 2,
  // The browser tests (tests/browser) skip without Chromium; this says so once.
  globalSetup: '<rootDir>/tests/browser/announce.ts',
};
