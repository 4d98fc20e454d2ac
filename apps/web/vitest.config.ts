import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  define: { __APP_BUILD_TIME__: JSON.stringify('test-build') },
  test: {
    name: 'web',
    environment: 'jsdom',
    // vmThreads: each file still gets a fresh jsdom and module graph (a vm context), but jsdom itself is
    // loaded once per worker, not once per file. On two cores the page tests took 354 CPU-seconds in
    // worker threads (180 s of vitest's 'environment'), 146 here (13 s); threads took 201 s of wall time
    // against 248 in child processes. The context lacks Node's web streams, which src/test/setup.ts puts
    // back. The server's files stay in processes: there threads were slower (108 s against 94 s).
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // npm test runs these beside the browser tests at the lowest priority (scripts/test.mjs): a page
    // test that waits its turn for the CPU is slow, not wrong.
    testTimeout: 30_000,
  },
});
