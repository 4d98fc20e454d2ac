import { TestRunner } from 'vitest';

type RunnerConfig = ConstructorParameters<typeof TestRunner>[0];

/**
 * The server project's runner: the tests of every server file run in a random order, so a test that
 * leans on another's data or on the order fails soon. Vitest 4 reads `sequence.shuffle` from the root
 * config only (a project's own setting is ignored), and shuffling there would shuffle the web app's
 * tests too; this runner turns it on for this project alone. The order comes from the run's seed,
 * which the root config makes vitest pick and print (see apps/server/vitest.config.ts).
 */
export default class ShuffledTestRunner extends TestRunner {
  constructor(config: RunnerConfig) {
    super({ ...config, sequence: { ...config.sequence, shuffle: true } });
  }
}
