import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongFilesFirstSequencer } from './scripts/vitest-sequencer.ts';

// One run covers the contract, the server (integration through app.inject) and the web app (jsdom).
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web',
      // The lint rules of our own (scripts/eslint/), tested with ESLint's RuleTester.
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
    // Test files start in a random order. This also makes vitest pick a seed for the run and print it,
    // which the server project's shuffled tests use (apps/server/vitest.config.ts); tests inside a
    // file are shuffled there only, since sequence.shuffle is read from this root config alone.
    // The files' order: scripts/vitest-sequencer.ts (one project after another; in each, random, the longest few first).
    // A custom sequencer leaves the seed unset, so it is set here (`--sequence.seed=N` still replays one),
    // and the sequencer prints it as Vitest does.
    sequence: { shuffle: { files: true, tests: false }, sequencer: LongFilesFirstSequencer, seed: Date.now() },
    // Every core (vitest's default leaves one free: on CI's two, the server's files ran one at a time,
    // 94 s on SQLite, 80 s with both; the page tests 248 s, 163 s with both and threads).
    maxWorkers: availableParallelism(),
  },
});
