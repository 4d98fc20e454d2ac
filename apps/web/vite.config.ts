import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { loading } from './src/i18n/pl/core.ts';
import { backOffice } from './vite-plugins/back-office.ts';
import { buildInfo } from './vite-plugins/build-info.ts';
import { loadingScreen } from './vite-plugins/loading-screen.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { serviceWorker } from './vite-plugins/service-worker.ts';

// One timestamp per build: dist/version.json, the service worker's cache name and the build id that
// the fatal-error screen shows.
const buildTime = new Date().toISOString();
// Where the dev server and `vite preview` send /api and /version.json (the API server of apps/server).
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
const proxy = { '/api': apiTarget, '/version.json': apiTarget };

export default defineConfig(({ command }) => {
  // A build is always what phones get: React's production code and the service worker. NODE_ENV in
  // the environment configures the server (`NODE_ENV=development npm start`), not this build; Vite
  // reads it after loading this file. docs/decisions/040-production-build.md
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), buildInfo(buildTime), loadingScreen(loading), serviceWorker(buildTime), precompress(), backOffice()],
    define: { __APP_BUILD_TIME__: JSON.stringify(buildTime) },
    server: { proxy },
    preview: { proxy },
    build: {
      // dist/.vite/manifest.json: scripts/check-bundle-size.mjs reads it.
      manifest: true,
      // No modulepreload polyfill (0.23 KB of the login page's budget): every browser a phone runs today
      // supports <link rel=modulepreload> except Safari before 17, which then loads the login page's
      // chunks when the entry imports them instead of beside it: slower there, never broken.
      modulePreload: { polyfill: false },
      // Everything the entry imports statically (`$initial`: React, the router, the store, the login
      // page) in the entry chunk itself: one script and one stylesheet before the login form, as a bare
      // React page has. Left alone, Rolldown split the modules it shares with later pages into three
      // small chunks, each one more request on a slow link (decision 081, docs/performance.md).
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
    },
  };
});
