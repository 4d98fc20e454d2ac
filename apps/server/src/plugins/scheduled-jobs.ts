import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/kysely.ts';
import * as repo from './scheduled-jobs.repository.ts';

// Scheduled jobs (decisions 099, 103): every instance keeps a timer, and a lock row in the database
// (job_locks) makes a job run once per tick across all of them. Ticks are counted from the epoch in
// the job's interval, so every instance, whenever it started, agrees which tick it is. Taking the row
// claims the tick: the lease covers the run (a crashed holder's runs out; a long run moves it on between
// steps with `keepLock`), and when the run ends the row is kept until the next tick starts, so an
// instance whose timer fires later in the same tick finds it taken and skips. Plain SQL on both
// databases, no advisory locks: SQLite has none, and the row says who holds it.

export type JobContext = {
  /** The app's clock (tests move it). */
  now: () => Date;
  /** The start of the tick this run was claimed for (the run itself may begin or end in a later one). */
  tick: Date;
  /**
   * Call between steps: moves the lease on. Throws when the lock was taken over (this run outlived
   * its lease) or the server is closing, so the job stops where it is.
   */
  keepLock: () => Promise<void>;
};

export type ScheduledJob = {
  name: string;
  /** Its tick: it runs once per this many milliseconds across all instances (> 0). */
  everyMs: number;
  run: (ctx: JobContext) => Promise<void>;
};

export type JobOutcome = 'ran' | 'skipped';

/** How a run ended, as /metrics counts it (decision 132): JobOutcome, or it threw ('failed'), or JobStopped. */
export type JobRunOutcome = JobOutcome | 'failed' | 'stopped';

/** Where a runner reports each run (plugins/metrics.ts). */
export type JobRunSink = { recordRun: (job: string, outcome: JobRunOutcome, at: Date) => void };

/** A run ends early: the lock went to another instance, or the server is closing. */
export class JobStopped extends Error {}

/** How long a lock holds without a word from its holder: far above one step of a job. */
export const JOB_LEASE_MS = 10 * 60_000;

export type JobRunnerOptions = {
  db: Db;
  now: () => Date;
  /** This process's name in job_locks; random per runner unless a test names it. */
  holder?: string;
  leaseMs?: number;
  log?: FastifyBaseLogger;
  /** Told of every run and its outcome: the app's metrics. */
  metrics?: JobRunSink;
};

export class JobRunner {
  readonly holder: string;
  private readonly leaseMs: number;
  private stopping = false;

  constructor(private readonly o: JobRunnerOptions) {
    this.holder = o.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.leaseMs = o.leaseMs ?? JOB_LEASE_MS;
  }

  private until(): string {
    return new Date(this.o.now().getTime() + this.leaseMs).toISOString();
  }

  /**
   * Runs the job unless it already ran in this tick or another instance runs it now: 'skipped' (and
   * nothing written) then. A run that ends, done or failed, holds the tick; one stopped because its
   * server is closing gives it back, so another instance may run it in the same tick.
   */
  async runOnce(job: ScheduledJob): Promise<JobOutcome> {
    let outcome: JobRunOutcome = 'failed';
    try {
      outcome = await this.runOnceUnrecorded(job);
      return outcome;
    } catch (error) {
      if (error instanceof JobStopped) outcome = 'stopped';
      throw error;
    } finally {
      this.o.metrics?.recordRun(job.name, outcome, this.o.now());
    }
  }

  private async runOnceUnrecorded(job: ScheduledJob): Promise<JobOutcome> {
    const { db, now } = this.o;
    if (!(job.everyMs > 0)) throw new Error(`${job.name}: everyMs must be above 0`);
    const started = now();
    if (!(await repo.acquire(db, job.name, this.holder, started.toISOString(), this.until()))) {
      this.o.log?.debug({ job: job.name }, 'scheduled job skipped: it ran in this tick, or another instance runs it');
      return 'skipped';
    }
    const keepLock = async () => {
      if (this.stopping) throw new JobStopped(`${job.name}: the server is closing`);
      if (!(await repo.extend(db, job.name, this.holder, this.until()))) throw new JobStopped(`${job.name}: its lock was taken over`);
    };
    let stoppedEarly = false;
    try {
      await job.run({ now, tick: new Date(nextTick(started, job.everyMs).getTime() - job.everyMs), keepLock });
      return 'ran';
    } catch (error) {
      stoppedEarly = error instanceof JobStopped;
      throw error;
    } finally {
      // Stopped by its server closing, the tick is given back for another instance; a run that ended
      // (even while its server was closing) keeps it, or another instance would run it again.
      if (stoppedEarly && this.stopping) await repo.release(db, job.name, this.holder);
      else await repo.holdUntil(db, job.name, this.holder, nextTick(started, job.everyMs).toISOString());
    }
  }

  /** Runs in flight stop at their next step. */
  stop(): void {
    this.stopping = true;
  }
}

/** The start of the tick after the one `at` falls in (ticks of `everyMs`, counted from the epoch). */
export function nextTick(at: Date, everyMs: number): Date {
  return new Date((Math.floor(at.getTime() / everyMs) + 1) * everyMs);
}

/**
 * Runs `job` every `job.everyMs` (the first run a minute after the start, or sooner for a shorter
 * interval) on timers that never keep the process alive; 0 schedules nothing. On close the timers stop
 * and a run in flight ends at its next step before the database is closed.
 */
export function scheduleJob(app: FastifyInstance, runner: JobRunner, job: ScheduledJob): void {
  const intervalMs = job.everyMs;
  if (intervalMs <= 0) return;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runner
      .runOnce(job)
      .catch((err: unknown) => {
        if (err instanceof JobStopped) app.log.warn({ job: job.name, reason: err.message }, 'scheduled job stopped early');
        else app.log.error({ err, job: job.name }, 'scheduled job failed');
      })
      .finally(() => (running = null));
  };
  const first = setTimeout(tick, Math.min(intervalMs, 60_000));
  const every = setInterval(tick, intervalMs);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    runner.stop();
    await running;
  });
}
