import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugins/precompress.ts';

// The back office (/biuro, issue 24) as its own build into the same dist/, run by the app's build
// (vite-plugins/back-office.ts). A build of its own, not a second input of the app's: the app's entry
// takes every module its first screen needs into one chunk (decision 081), and with a second input
// the back office's first screen was merged into it (117 KB over the app's 110 KB budget), or would
// have loaded the app's entry chunk with it. Apart, the two share no file: the promoter app cannot
// load a byte of the back office, and its service worker, listing what the app's build emitted, never
// caches it (docs/decisions/089-back-office-web.md).
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    emptyOutDir: false,
    // dist/.vite/biuro-manifest.json: scripts/check-bundle-size.mjs reads it (the 200 KB budget).
    manifest: '.vite/biuro-manifest.json',
    modulePreload: { polyfill: false },
    // Like the app: everything the first screen (the login page) needs in one script.
    rolldownOptions: {
      input: 'biuro.html',
      output: { codeSplitting: { groups: [{ name: 'biuro', tags: ['$initial'] }] } },
    },
  },
});
