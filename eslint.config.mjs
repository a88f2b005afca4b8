import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Only a repository (and the store adapter itself) talks to the Cosmos client and the tracked operations. */
const storeAdapter = {
  group: ['**/store/client', '**/store/operations', '**/store/batch', '**/store/query', '@azure/cosmos'],
  message: 'Only repo.ts files (and shared/store) call the store: add a repository method instead.',
};

/**
 * The layers, top to bottom (docs/decisions/architecture.md): routes (functions/) -> edge (shared/http, then
 * shared/auth) -> domain (shared/domain/<area>, in the area layers below) -> the store and the plain support modules
 * (shared/store, shared/csv, shared/email, shared/excel, shared/telemetry, shared/*.ts). A lower layer never
 * imports a higher one. `import-x/no-restricted-paths` checks every import, type-only ones included, so a
 * back-arrow fails `npm run lint` (and `npm test`).
 */
const supportModules = ['./shared/store', './shared/csv', './shared/email', './shared/excel', './shared/telemetry'];
const edgeAndAbove = ['./shared/http', './shared/auth', './functions', './scripts'];

/**
 * Domain areas by layer, lowest first: an area imports only areas of lower layers (never one of its own layer
 * or above), so no two areas can import each other. A new area takes the lowest layer above everything it imports.
 */
const domainLayers = [
  ['vocabulary', 'rate-limits'],
  ['memberships'],
  ['users'],
  ['events', 'notifications', 'organizations'],
  // The ticket books: issued, moved and voided by the sources' writes, which sit above them (orders, direct sales,
  // free tickets, transfers); views over tickets and their sources sit above both (ticket-views).
  ['tickets'],
  ['allocations', 'delegations', 'external-sales', 'free-tickets', 'platform', 'sign-in'],
  ['invitations', 'orders', 'pledges'],
  ['archive', 'delegated-orders', 'registrations', 'transfers'],
  ['invoicing', 'sales', 'ticket-views'],
  ['dashboard', 'me', 'reports'],
  ['shared-events'],
  ['heal', 'invariants'],
];

const layerZones = [
  {
    target: supportModules,
    from: ['./shared/domain', ...edgeAndAbove],
    message: 'The store and the support modules sit below the domain: pass data in instead.',
  },
  {
    target: './shared/domain',
    from: edgeAndAbove,
    message:
      'The domain never imports the edge: it returns data and typed errors; the route builds the reply and the ' +
      'scope decides authority. Shared types (principal, grants, schemas) live in the domain vocabulary.',
  },
  {
    target: './shared/auth',
    from: ['./shared/http', './functions', './scripts'],
    message: 'shared/auth sits below shared/http.',
  },
  { target: './shared/http', from: ['./functions', './scripts'], message: 'shared/http sits below the routes.' },
  ...domainLayers.flatMap((layer, index) =>
    layer.map((area) => ({
      target: `./shared/domain/${area}`,
      from: domainLayers
        .slice(index)
        .flat()
        .filter((other) => other !== area)
        .map((other) => `./shared/domain/${other}`),
      message: `Domain area "${area}" is in layer ${index + 1} of eslint.config.mjs: it imports lower layers only.`,
    })),
  ),
  {
    // Inside the Shared Event module, capacity (and its admin) is the engine the other sub-areas call.
    target: './shared/domain/shared-events/capacity',
    from: ['./shared/domain/shared-events/reports', './shared/domain/shared-events/cancellation'],
    message: 'Shared Event capacity sits below cancellation and reports.',
  },
];

/**
 * The web client's layers, top to bottom (docs/decisions/web-client.md, "Folders and layers"): the shell and the
 * routes (web/src/app) -> the pages (web/src/pages) -> the data hooks every page shares (web/src/data) -> the
 * components and formats (web/src/ui) -> the language catalogs (web/src/i18n) -> the typed client (web/src/api). A lower
 * folder never imports a higher one.
 */
const webLayers = ['app', 'pages', 'data', 'ui', 'i18n', 'api'];
const webZones = webLayers.slice(1).map((layer, index) => ({
  target: `./web/src/${layer}`,
  from: webLayers.slice(0, index + 1).map((above) => `./web/src/${above}`),
  message: `web/src/${layer} sits below ${webLayers
    .slice(0, index + 1)
    .map((above) => `web/src/${above}`)
    .join(', ')} (eslint.config.mjs, webLayers): pass data or callbacks down instead.`,
}));

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
    // No import cycles anywhere in the service code: arrows point one way (http → auth → domain → store), as the
    // zones spell out.
    files: ['shared/**/*.ts', 'functions/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      // File-level cycles of value imports (import-x skips type-only imports; the zones below count them).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    // The web client's folders point one way (webZones above); no file-level import cycles either.
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'web/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      // Every write goes through useCurrentMutation, which runs the render's latest `run` (a form typed and
      // submitted at once sent the previous render's state: docs/decisions/web-client.md, stop 46).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message:
                'Use useCurrentMutation (web/src/data/current-mutation.ts): it sends the state the person submitted.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/data/current-mutation.ts'],
    rules: { 'no-restricted-imports': 'off' },
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
    files: ['shared/http/define-route.ts', 'functions/heal-timer.ts', 'functions/reminders-timer.ts'],
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
