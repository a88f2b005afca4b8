import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Only a repository (and the store adapter itself) talks to the Cosmos client and the tracked operations. */
const storeAdapter = {
  group: ['**/store/client', '**/store/operations', '**/store/batch', '**/store/query', '@azure/cosmos'],
  message: 'Only repo.ts files (and shared/store) call the store: add a repository method instead.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      '.local/**',
      '.deploy/**',
      '.azure/**',
      'web/dist/**',
      'web/src/api/schema.d.ts',
      '.artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['*.js'],
    languageOptions: { globals: { module: 'writable', require: 'readonly' } },
  },
  {
    // Black-box tests read JSON bodies whose shape is what is under test.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No import cycles anywhere in the service code: arrows point one way (http → auth → domain → store).
    files: ['shared/**/*.ts', 'functions/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['shared/domain/**/*.ts', 'shared/auth/**/*.ts', 'shared/http/**/*.ts', 'functions/**/*.ts'],
    ignores: ['shared/domain/**/repo.ts', 'shared/domain/**/repo/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            storeAdapter,
            { group: ['**/store/pagination'], importNames: ['queryPage'], message: storeAdapter.message },
          ],
        },
      ],
    },
  },
  {
    // Bootstrap: the Functions entry points open the store before the first request; that is all they may take.
    files: ['shared/http/define-route.ts', 'functions/heal-timer.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { ...storeAdapter, group: storeAdapter.group.filter((g) => g !== '**/store/client') },
            { group: ['**/store/client'], allowImportNames: ['openStore'], message: storeAdapter.message },
            { group: ['**/store/pagination'], importNames: ['queryPage'], message: storeAdapter.message },
          ],
        },
      ],
    },
  },
);
