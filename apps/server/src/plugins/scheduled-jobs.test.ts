import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../lib/crypto.ts';
import { createTestApp, testDatabases, type TestApp } from '../test/test-app.ts';
import { JobRunner, JobStopped, scheduleJob, type JobContext, type ScheduledJob } from './scheduled-jobs.ts';

// Decision 099: one instance at a time runs a scheduled job, by a row in job_locks; a lease that runs
// out is taken over; a run that outlived its lease stops at its next step.
describe.each(testDatabases)('scheduled jobs (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const LEASE = 60_000;
  const runner = (holder: string) => new JobRunner({ db: t.db, now: t.clock.now, holder, leaseMs: LEASE });
  const lockOf = (name: string) =>
    t.db.selectFrom('job_locks').select(['holder', 'locked_until']).where('name', '=', name).executeTakeFirst();

  /** A job that waits inside its run until the test lets it finish. */
  function heldJob(name = `job-${newId()}`) {
    let finish!: () => void;
    let entered!: (ctx: JobContext) => void;
    const inside = new Promise<JobContext>((resolve) => (entered = resolve));
    const done = new Promise<void>((resolve) => (finish = resolve));
    const job: ScheduledJob = {
      name,
      run: async (ctx) => {
        entered(ctx);
        await done;
      },
    };
    return { job, inside, finish };
  }

  it('while one instance runs a job, another skips it; once it is done the other may run it', async () => {
    const { job, inside, finish } = heldJob();
    const first = runner('instance-a').runOnce(job);
    await inside;
    expect(await lockOf(job.name)).toMatchObject({ holder: 'instance-a' });
    expect(await runner('instance-b').runOnce(job)).toBe('skipped');
    finish();
    expect(await first).toBe('ran');
    expect(await lockOf(job.name)).toBeUndefined();
    expect(await runner('instance-b').runOnce({ name: job.name, run: async () => {} })).toBe('ran');
  });

  it('twenty instances asking at once: one runs', async () => {
    const { job, inside, finish } = heldJob();
    const answered: string[] = [];
    const asking = Array.from({ length: 20 }, (_, i) =>
      runner(`instance-${i}`)
        .runOnce(job)
        .then((o) => void answered.push(o)),
    );
    await inside;
    // The other nineteen have had their answer while the one runs.
    await vi.waitFor(() => expect(answered).toHaveLength(19));
    expect(new Set(answered)).toEqual(new Set(['skipped']));
    finish();
    await Promise.all(asking);
    expect(answered.filter((o) => o === 'ran')).toHaveLength(1);
  });

  it('a run that outlived its lease is taken over, stops at its next step, and leaves the new holder its lock', async () => {
    const { job, inside, finish } = heldJob();
    const first = runner('instance-a').runOnce(job);
    const ctx = await inside;
    await ctx.keepLock(); // within its lease: moved on
    t.clock.advance(LEASE + 1);
    const other = heldJob(job.name);
    const second = runner('instance-b').runOnce(other.job);
    await other.inside;
    await expect(ctx.keepLock()).rejects.toBeInstanceOf(JobStopped);
    finish();
    expect(await first).toBe('ran');
    expect(await lockOf(job.name)).toMatchObject({ holder: 'instance-b' });
    other.finish();
    expect(await second).toBe('ran');
  });

  it('a job that fails gives its lock back', async () => {
    const name = `job-${newId()}`;
    const failing = { name, run: async () => Promise.reject(new Error('boom')) };
    await expect(runner('instance-a').runOnce(failing)).rejects.toThrow('boom');
    expect(await lockOf(name)).toBeUndefined();
  });

  it('scheduled on a timer: runs soon after the start, nothing at interval 0, and closing waits for a run in flight', async () => {
    const app = Fastify({ logger: false });
    const { job, inside, finish } = heldJob();
    let offRuns = 0;
    scheduleJob(app, runner('instance-a'), job, 20);
    scheduleJob(app, runner('instance-a'), { name: 'off', run: async () => void offRuns++ }, 0);
    await app.ready();
    const ctx = await inside;
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    // Closing: the run's next step stops it.
    await expect(ctx.keepLock()).rejects.toBeInstanceOf(JobStopped);
    finish();
    await closing;
    expect(await lockOf(job.name)).toBeUndefined();
    expect(offRuns).toBe(0);
  });
});
