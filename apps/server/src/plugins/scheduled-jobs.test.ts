import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../lib/crypto.ts';
import { createTestApp, testDatabases, type TestApp } from '../test/test-app.ts';
import { JobRunner, JobStopped, scheduleJob, type JobContext, type ScheduledJob } from './scheduled-jobs.ts';

// Decisions 099 and 103: a scheduled job runs once per tick across all instances, by a row in
// job_locks; a lease that runs out is taken over; a run that outlived its lease stops at its next step.
describe.each(testDatabases)('scheduled jobs (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const LEASE = 60_000;
  const TICK = 3_600_000;
  const runner = (holder: string) => new JobRunner({ db: t.db, now: t.clock.now, holder, leaseMs: LEASE });
  const lockOf = (name: string) =>
    t.db.selectFrom('job_locks').select(['holder', 'locked_until']).where('name', '=', name).executeTakeFirst();

  /** A job that waits inside its run until the test lets it finish. */
  /** A job held inside its run until finish(); with `step`, it then takes its next step (keepLock), as real jobs do between batches. */
  function heldJob(name = `job-${newId()}`, o: { step?: boolean } = {}) {
    let finish!: () => void;
    let entered!: (ctx: JobContext) => void;
    const inside = new Promise<JobContext>((resolve) => (entered = resolve));
    const done = new Promise<void>((resolve) => (finish = resolve));
    const job: ScheduledJob = {
      name,
      everyMs: TICK,
      run: async (ctx) => {
        entered(ctx);
        await done;
        if (o.step) await ctx.keepLock();
      },
    };
    return { job, inside, finish };
  }

  const nextTickIso = () => new Date((Math.floor(t.clock.now().getTime() / TICK) + 1) * TICK).toISOString();

  it('while one instance runs a job, another skips it; once it is done, the rest of the tick is skipped too; the next tick runs once', async () => {
    const { job, inside, finish } = heldJob();
    const first = runner('instance-a').runOnce(job);
    await inside;
    expect(await lockOf(job.name)).toMatchObject({ holder: 'instance-a' });
    expect(await runner('instance-b').runOnce(job)).toBe('skipped');
    finish();
    expect(await first).toBe('ran');
    expect(await lockOf(job.name)).toEqual({ holder: 'instance-a', locked_until: nextTickIso() });
    const quick = { name: job.name, everyMs: TICK, run: async () => {} };
    expect(await runner('instance-b').runOnce(quick)).toBe('skipped');
    expect(await runner('instance-a').runOnce(quick)).toBe('skipped');
    t.clock.advance(TICK);
    expect(await runner('instance-b').runOnce(quick)).toBe('ran');
    expect(await runner('instance-a').runOnce(quick)).toBe('skipped');
  });

  it('ticks are counted from the epoch: an instance started later agrees which tick it is', async () => {
    const name = `job-${newId()}`;
    let runs = 0;
    const job = { name, everyMs: TICK, run: async () => void runs++ };
    // To the last millisecond of a tick: one run; its first millisecond of the next: another.
    t.clock.advance(TICK - (t.clock.now().getTime() % TICK) - 1);
    expect(await runner('instance-a').runOnce(job)).toBe('ran');
    expect(await runner('instance-b').runOnce(job)).toBe('skipped');
    t.clock.advance(1);
    expect(await runner('instance-b').runOnce(job)).toBe('ran');
    expect(runs).toBe(2);
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
    await vi.waitFor(() => expect(answered).toHaveLength(19), { timeout: 10_000 });
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

  it('a job that fails holds its tick (no instance retries it at once); the next tick tries again', async () => {
    const name = `job-${newId()}`;
    const failing = { name, everyMs: TICK, run: async () => Promise.reject(new Error('boom')) };
    await expect(runner('instance-a').runOnce(failing)).rejects.toThrow('boom');
    expect(await lockOf(name)).toEqual({ holder: 'instance-a', locked_until: nextTickIso() });
    expect(await runner('instance-b').runOnce(failing)).toBe('skipped');
    t.clock.advance(TICK);
    await expect(runner('instance-b').runOnce(failing)).rejects.toThrow('boom');
  });

  it('a run that ends while its server is closing keeps its tick: another instance does not run it again (three timers closing at once ran one tick twice)', async () => {
    const a = runner('instance-a');
    let runs = 0;
    const job: ScheduledJob = {
      name: `job-${newId()}`,
      everyMs: TICK,
      run: async () => {
        runs += 1;
        a.stop(); // SIGTERM while it runs; it finishes its work all the same
      },
    };
    expect(await a.runOnce(job)).toBe('ran');
    expect(await runner('instance-b').runOnce(job)).toBe('skipped');
    expect(runs).toBe(1);
    expect(await lockOf(job.name)).toMatchObject({ holder: 'instance-a', locked_until: nextTickIso() });
  });

  it('three instances on their timers, on the real clock: never two runs in one tick', async () => {
    const EVERY = 100;
    const ticks: number[] = [];
    // Each run notes the tick it was claimed for (on a loaded machine it may begin in the next one).
    const job: ScheduledJob = { name: `job-${newId()}`, everyMs: EVERY, run: async (ctx) => void ticks.push(ctx.tick.getTime()) };
    const apps = [0, 1, 2].map(() => Fastify({ logger: false }));
    apps.forEach((app, i) => scheduleJob(app, new JobRunner({ db: t.db, now: () => new Date(), holder: `timer-${i}` }), job));
    await Promise.all(apps.map((app) => app.ready()));
    await new Promise((resolve) => setTimeout(resolve, 12 * EVERY));
    await Promise.all(apps.map((app) => app.close()));
    // Each instance fired about ten times; a load that delays timers only means fewer runs, never more.
    expect(ticks.length).toBeGreaterThan(0);
    expect(new Set(ticks).size).toBe(ticks.length);
  });

  it('scheduled on a timer: runs soon after the start, nothing at interval 0, and closing waits for a run in flight', async () => {
    const app = Fastify({ logger: false });
    const { job, inside, finish } = heldJob(undefined, { step: true });
    let offRuns = 0;
    scheduleJob(app, runner('instance-a'), { ...job, everyMs: 20 });
    scheduleJob(app, runner('instance-a'), { name: 'off', everyMs: 0, run: async () => void offRuns++ });
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
    // Stopped by its server closing: the tick is given back for another instance.
    expect(await lockOf(job.name)).toBeUndefined();
    expect(offRuns).toBe(0);
  });
});
