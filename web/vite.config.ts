import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The web client. `npm start` builds it into web/dist, which the local host serves at `/` (same origin as /api);
 * `npm run dev` runs this dev server on 5173 with hot reload, proxying /api to the local host (API_TARGET).
 */
export default defineConfig({
  root: __dirname,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 400 },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://127.0.0.1:7071', changeOrigin: false } },
  },
});
