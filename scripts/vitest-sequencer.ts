import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Test files start in a random order within their project (vitest.config.ts says why), but a few take tens of seconds each —
// servers started as processes and drained, imports of large plans, every role × route — and one of
// them drawn last keeps a core idle while it finishes alone (issue 32: CI time; 78 s for the drain's on
// a loaded machine). These start first, in the run's random order among themselves; the rest follow,
// shuffled by the same seed. Measured with Vitest's JSON report (decision 129).
const LONG_FILES = [
  'apps/server/src/server-drain.test.ts',
  'apps/server/src/server-start.test.ts',
  'apps/server/src/modules/planning/plan-import.test.ts',
  'apps/server/src/modules/staff/admin-access.test.ts',
  'apps/server/src/modules/promoters-admin/promoters-admin.test.ts',
  'apps/server/src/modules/audit/audit-tries.test.ts',
  'apps/server/src/modules/retention/retention.test.ts',
  'apps/server/src/modules/mgm/mgm.test.ts',
  'apps/server/src/modules/staff/staff-auth.test.ts',
  'apps/server/src/plugins/metrics.test.ts',
  'apps/server/src/modules/leads/lead-register.test.ts',
  'apps/server/src/plugins/blob-store.test.ts',
  'apps/web/src/biuro/requests/requests-page.test.tsx',
  'apps/web/src/biuro/reports/reports-page.test.tsx',
];

/** The seeded Fisher–Yates shuffle (a small LCG), so a seed printed by Vitest replays the same order. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0 || 1;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export class LongFilesFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root.replace(/\/$/, '');
    const isLong = (file: TestSpecification) => LONG_FILES.includes(file.moduleId.slice(root.length + 1));
    const seed = this.ctx.config.sequence.seed;
    console.log(`      Running tests with seed "${seed}"`);
    // One project's files after another's: a worker reused from one file to the next of its project
    // keeps what it imported (the server's project runs without isolation), while files of two projects
    // interleaved made Vitest start a worker for nearly every file — all of them 466 s and 833 CPU-seconds
    // on two cores, each project on its own 259 s and 427 (issue 32: CI time). Each project's files are
    // shuffled on their own, so a run of one project with a full run's seed replays its order there.
    // The project with the most long files first (the server's), so that a run's shape does not vary.
    const names = [...new Set(files.map((file) => file.project.name))];
    const longIn = (name: string) => files.filter((file) => file.project.name === name && isLong(file)).length;
    names.sort((a, b) => longIn(b) - longIn(a) || a.localeCompare(b));
    return names.flatMap((name) => {
      const order = shuffled(
        files.filter((file) => file.project.name === name),
        seed,
      );
      return [...order.filter(isLong), ...order.filter((file) => !isLong(file))];
    });
  }
}
