import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogPreload } from './build/first-paint';

/**
 * The web client. `npm start` builds it into web/dist, which the local host serves at `/` (same origin as /api);
 * `npm run dev` runs this dev server on 5173 with hot reload, proxying /api to the local host (API_TARGET).
 * The progressive web app (docs/decisions/web-client-offline.md): a manifest and a Workbox service worker that
 * precaches the shell and keeps the last answer of every GET /api/* (network first) for offline use.
 */
export default defineConfig({
  root: __dirname,
  plugins: [
    react(),
    catalogPreload(),
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
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 400 },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://127.0.0.1:7071', changeOrigin: false } },
  },
});
