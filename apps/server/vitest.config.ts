import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // argon2 and a fresh database per file make these slower than unit tests.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
