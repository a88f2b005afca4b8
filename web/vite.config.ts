import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { resolve } from 'node:path';
import type { ManualChunkMeta } from 'rollup';

/**
 * The web client. `npm start` builds it into web/dist, which the local host serves at `/` (same origin as /api);
 * `npm run dev` runs this dev server on 5173 with hot reload, proxying /api to the local host (API_TARGET).
 * The progressive web app (docs/decisions/web-client-offline.md): a manifest and a Workbox service worker that
 * precaches the shell and keeps the last answer of every GET /api/* (network first) for offline use.
 */
/**
 * The application (boot.tsx and everything it imports, React included) as one chunk, apart from the few modules the
 * entry itself imports: left to itself, the bundler cut it into some fifteen pieces shared with the lazy pages, and
 * a phone fetched them through a handful of connections one after another (docs/decisions/web-client.md,
 * "The first screen").
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
  return application.has(id) ? 'boot' : undefined;
}
let application: Set<string> | undefined;
let entry: Set<string> | undefined;

export default defineConfig({
  root: __dirname,
  plugins: [
    react(),
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
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
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
});
