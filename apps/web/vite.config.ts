import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildInfo } from './vite-plugins/build-info.ts';
import { serviceWorker } from './vite-plugins/service-worker.ts';

// One timestamp per build: dist/version.json, the service worker's cache name and the build id that
// the fatal-error screen shows.
const buildTime = new Date().toISOString();
// Where the dev server and `vite preview` send /api and /version.json (the API server of apps/server).
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
const proxy = { '/api': apiTarget, '/version.json': apiTarget };

export default defineConfig({
  plugins: [react(), buildInfo(buildTime), serviceWorker(buildTime)],
  define: { __APP_BUILD_TIME__: JSON.stringify(buildTime) },
  server: { proxy },
  preview: { proxy },
  build: {
    // dist/.vite/manifest.json: scripts/check-bundle-size.mjs reads it.
    manifest: true,
  },
});
