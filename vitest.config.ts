import { defineConfig } from 'vitest/config';

// One run covers the contract, the server (integration through app.inject) and the web app (jsdom).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
