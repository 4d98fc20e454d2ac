// Builds the anchor page of `npm run bench:web` with the project's own Vite, React and React Router,
// compressed the way the Promotor build is (brotli and gzip copies beside each file).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../../apps/web/vite-plugins/precompress.ts';

export default defineConfig(() => {
  process.env.NODE_ENV = 'production';
  return { root: import.meta.dirname, plugins: [react(), precompress()] };
});
