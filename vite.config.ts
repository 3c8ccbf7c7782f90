import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { serviceWorker } from './scripts/vite-service-worker.ts';

const SERVICE_WORKER_ENTRY = fileURLToPath(
  new URL('./src/web/features/pwa/service-worker/service-worker.ts', import.meta.url),
);

// The SPA lives in src/web; `npm start` serves the built files from dist/web, and the service
// worker (ADR 029) as dist/web/sw.js.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), serviceWorker({ entry: SERVICE_WORKER_ENTRY })],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
