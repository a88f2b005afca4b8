import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { resolve } from 'node:path';
import type { ManualChunkMeta } from 'rollup';
import type { Plugin } from 'vite';
import { catalogAssets } from './catalog-assets';

/**
 * The web client. `npm start` builds it into web/dist, which the local host serves at `/` (same origin as /api);
 * `npm run dev` runs this dev server on 5173 with hot reload, proxying /api to the local host (API_TARGET).
 * The progressive web app (docs/decisions/web-client-offline.md): a manifest and a Workbox service worker that
 * precaches the shell and keeps the last answer of every GET /api/* (network first) for offline use.
 */
/**
 * The application (boot.tsx and everything it imports) as two chunks, apart from the few modules the entry itself
 * imports: the libraries it uses (`libraries`: the renderer, i18next, TanStack Query, …) and its own code (`boot`).
 * Left to itself, the bundler cut it into some fifteen pieces shared with the lazy pages, and a phone fetched them
 * through a handful of connections one after another. Two, because a chunk is evaluated in one task: main.tsx
 * evaluates the libraries one task before the application's own code, so neither holds the page for long
 * (docs/decisions/web-client.md, "The first screen").
 */
function applicationChunk(id: string, { getModuleInfo }: ManualChunkMeta): string | undefined {
  if (!application) {
    const reach = (root: string) => {
      const seen = new Set<string>();
      const walk = (moduleId: string) => {
        if (seen.has(moduleId)) return;
        seen.add(moduleId);
        for (const next of getModuleInfo(moduleId)?.importedIds ?? []) walk(next);
      };
      walk(root);
      return seen;
    };
    entry = reach(resolve(__dirname, 'src/main.tsx'));
    application = reach(resolve(__dirname, 'src/boot.tsx'));
  }
  // The entry's own modules are named too: a manual chunk otherwise takes in every module it imports.
  if (entry!.has(id)) return 'index';
  if (!application.has(id)) return undefined;
  // The bundler's own helpers (ids starting with a NUL, e.g. its CommonJS interop) go with the libraries that use them.
  return id.includes('/node_modules/') || id.startsWith('\0') ? 'libraries' : 'boot';
}
let application: Set<string> | undefined;
/** The build's renderer (`resolve.alias` below). */
const PREACT_IN_PLACE_OF_REACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
let entry: Set<string> | undefined;

/**
 * The application's chunks (and its stylesheet) asked for by the page itself, at the lowest priority, as `prefetch`:
 * its download starts with the page's, not after the entry has run and the first frame is painted, while its
 * evaluation still waits for that frame (main.tsx imports it then and gets it from the HTTP cache; hashed assets are
 * immutable). A prefetch does not hold up the first paint, as a `modulepreload` (high priority) would on a slow link.
 */
function prefetchApplication(): Plugin {
  return {
    name: 'prefetch-application',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const boot = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.name === 'boot');
        if (!boot || boot.type !== 'chunk') return [];
        // Its imports: the libraries' chunk (the entry's own chunk is already the page's).
        const imports = boot.imports.filter((file) => !/\/index-[^/]*\.js$/.test(file));
        const files = [boot.fileName, ...imports, ...(boot.viteMetadata?.importedCss ?? [])];
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'prefetch', href: `/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  root: __dirname,
  plugins: [
    react(),
    prefetchApplication(),
    catalogAssets(resolve(__dirname, 'src/i18n/locales')),
    VitePWA({
      // src/offline/start.ts registers it after the page has loaded; a new version takes over on the next load.
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['icons/apple-touch-icon.png'],
      manifest: {
        name: 'Tickets',
        short_name: 'Tickets',
        description: 'Request, sell and report tickets for your organization’s events.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f6f7f9',
        theme_color: '#0b5cad',
        lang: 'en',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The languages' catalogs are JSON files among the assets (catalog-assets.ts).
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}', 'assets/*.json'],
        // Every client route opens the shell offline; the API and the docs it serves are never the shell.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // The last data load, for offline: the network first, its answer kept; the kept one when there is none.
            // From the start of the address: the same origin, or the function app's (VITE_API_BASE_URL) on Azure.
            urlPattern: /^https?:\/\/[^/]+\/api\//,
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: 'api-data',
              networkTimeoutSeconds: 10,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 },
            },
          },
        ],
      },
    }),
  ],
  // Preact's compat layer renders the built client in place of react-dom (docs/decisions/dependencies.md): 84 KB
  // gzipped for the application chunk instead of 144. The code and its types stay React's. The dev server keeps React,
  // whose Fast Refresh `@vitejs/plugin-react` provides; the browser tests and every user run the build.
  resolve: { alias: command === 'build' ? PREACT_IN_PLACE_OF_REACT : [] },
  // The manifest names each chunk's imports: tests/web/build.test.ts weighs the first load from it.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 400,
    rollupOptions: { output: { manualChunks: applicationChunk } },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://127.0.0.1:7071', changeOrigin: false } },
  },
}));
