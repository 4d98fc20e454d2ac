import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // A fresh database per file makes these slower than unit tests.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Tests run in a random order (src/test/shuffle-runner.ts says why through a runner), so none may
    // lean on another test's data.
    // A run prints its seed under the RUN line: 'Running tests with seed "1763912345678"'. To replay a
    // failing order, pass it back: npx vitest run apps/server --sequence.seed=1763912345678
    // (or only the failing file with that seed: a file's order depends on the seed alone).
    runner: './src/test/shuffle-runner.ts',
    // Passwords hashed at argon2id's smallest cost in these tests (src/lib/password.ts).
    setupFiles: ['./src/test/setup.ts'],
    isolate: false,
  },
});
