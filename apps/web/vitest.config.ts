import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  define: { __APP_BUILD_TIME__: JSON.stringify('test-build') },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Worker threads start a file's jsdom sooner than child processes (the page tests: 201 s against 248 s
    // on two cores). The server's files stay in processes: there threads were slower (108 s against 94 s).
    pool: 'threads',
    include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // npm test runs these beside the browser tests at the lowest priority (scripts/test.mjs): a page
    // test that waits its turn for the CPU is slow, not wrong.
    testTimeout: 15_000,
  },
});
