import http from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config/env.ts';
import type { Db, PoolUsage } from '../db/kysely.ts';
import { AppError } from '../lib/app-error.ts';
import { failure } from '../lib/envelope.ts';
import type { BlobStore } from './blob-store.ts';
import { phoneBacklog } from './phone-outbox.repository.ts';
import type { JobRunSink } from './scheduled-jobs.ts';

// GET /metrics in Prometheus's text format (issue 36, decision 132). Every app has a registry of its
// own (tests build many apps in one process; the default global one would mix them). Request times
// are observed as answers go out; everything read from the database (files waiting for the bucket,
// the phones' outboxes) is read when Prometheus asks, by one aggregate query each.

/** The route label of a request no route matched (an unknown path, the web app's pages): one value, not the URL. */
export const UNMATCHED_ROUTE = 'unmatched';
/** A phone seen longer ago than this no longer counts in the outbox gauges: it was put away, not stuck. */
export const PHONE_BACKLOG_WINDOW_MS = 24 * 3_600_000;
/** Seconds: from a 5 ms list call to a 30 s export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type Options = {
  metrics: Config['metrics'];
  host: string;
  db: Db;
  /** PostgreSQL's pool (none on SQLite: its one connection is not pooled). */
  pool?: (() => PoolUsage) | undefined;
  blobStore: BlobStore;
  now: () => Date;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      /** Where scheduled jobs and the files' drain report their runs. */
      jobs: JobRunSink;
      /** The metrics listener's address (METRICS_PORT), once the app is ready; null without one. */
      address: () => AddressInfo | null;
      /** The text Prometheus reads, collected now. */
      scrape: () => Promise<string>;
    };
  }
}

const seconds = (ms: number) => ms / 1000;
/** The event loop monitor's nanoseconds (NaN before its first sample). */
const fromNanoseconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);

function bearerCheck(token: string | null): (header: string | undefined) => boolean {
  if (token === null) return () => true;
  // Digests of equal length, so timingSafeEqual compares in constant time whatever was sent.
  const expected = createHash('sha256').update(token).digest();
  return (header) => {
    const sent = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1];
    return sent !== undefined && timingSafeEqual(createHash('sha256').update(sent).digest(), expected);
  };
}

export const metricsPlugin = fp(
  async (app: FastifyInstance, o: Options) => {
    const registry = new Registry();
    const registers = [registry];

    const requestDuration = new Histogram({
      name: 'promotor_http_request_duration_seconds',
      help: 'Time from the request to its answer, by route pattern (unmatched: no route) and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    });
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
      requestDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, seconds(reply.elapsedTime));
      done();
    });

    const jobRuns = new Counter({
      name: 'promotor_job_runs_total',
      help: "Runs of background jobs in this instance: ran, skipped (another instance's tick), failed, stopped (closing, lock lost).",
      labelNames: ['job', 'outcome'] as const,
      registers,
    });
    const jobLastSuccess = new Gauge({
      name: 'promotor_job_last_success_timestamp_seconds',
      help: 'When a run of the job last ended well in this instance (Unix time).',
      labelNames: ['job'] as const,
      registers,
    });
    const jobs: JobRunSink = {
      recordRun: (job, outcome, at) => {
        jobRuns.inc({ job, outcome });
        if (outcome === 'ran') jobLastSuccess.set({ job }, seconds(at.getTime()));
      },
    };

    // The event loop's delay since the last scrape (the names of prom-client's default metrics, which
    // are not used: their monitors and observers are never stopped, one more per app in the tests).
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    app.addHook('onClose', async () => loop.disable());
    const lagGauge = (name: string, help: string) => new Gauge({ name: `promotor_nodejs_eventloop_lag_${name}_seconds`, help, registers });
    const lag = {
      mean: lagGauge('mean', 'Mean event loop delay since the last scrape.'),
      p99: lagGauge('p99', '99th percentile of the event loop delay since the last scrape.'),
      max: lagGauge('max', 'Longest event loop delay since the last scrape.'),
    };
    const residentMemory = new Gauge({ name: 'promotor_process_resident_memory_bytes', help: 'Resident memory size.', registers });
    const heapUsed = new Gauge({ name: 'promotor_nodejs_heap_size_used_bytes', help: 'V8 heap in use.', registers });
    const cpu = new Counter({ name: 'promotor_process_cpu_seconds_total', help: 'User and system CPU time spent.', registers });
    let cpuCounted = 0;
    new Gauge({ name: 'promotor_process_start_time_seconds', help: 'When the process started (Unix time).', registers }).set(
      Math.round(Date.now() / 1000 - process.uptime()),
    );

    const pool = o.pool;
    const poolGauges = pool && {
      inUse: new Gauge({ name: 'promotor_db_pool_connections_in_use', help: 'Database connections running a query.', registers }),
      idle: new Gauge({ name: 'promotor_db_pool_connections_idle', help: 'Database connections open and idle.', registers }),
      waiting: new Gauge({ name: 'promotor_db_pool_waiting_requests', help: 'Queries waiting for a free connection.', registers }),
      max: new Gauge({ name: 'promotor_db_pool_connections_max', help: 'The most connections the pool opens.', registers }),
    };

    const blobsPending = new Gauge({ name: 'promotor_blobs_pending', help: 'Files waiting for the bucket (BLOB_STORE=s3).', registers });
    const blobsPendingBytes = new Gauge({ name: 'promotor_blobs_pending_bytes', help: 'Their bytes.', registers });
    const blobsPendingAge = new Gauge({
      name: 'promotor_blobs_pending_oldest_age_seconds',
      help: 'How long the oldest of them has waited (0: none waits).',
      registers,
    });
    const phonesWithBacklog = new Gauge({
      name: 'promotor_phone_outbox_promoters_with_backlog',
      help: 'Promoters whose phone, seen in the last 24 hours, last reported items waiting in its outbox (X-Outbox).',
      registers,
    });
    const phoneOldestItem = new Gauge({
      name: 'promotor_phone_outbox_oldest_item_age_seconds',
      help: 'Age of the oldest item those phones reported waiting (0: none).',
      registers,
    });

    // A source that does not answer (the database down) leaves its series out of this scrape rather
    // than repeating an old value; the log says why.
    const collect = async (what: string, gauges: Gauge[], read: () => Promise<void>, log: FastifyBaseLogger) => {
      try {
        await read();
      } catch (error) {
        for (const gauge of gauges) gauge.reset();
        log.warn({ err: error }, `metrics: could not read ${what}`);
      }
    };

    const scrape = async () => {
      const at = o.now().getTime();
      lag.mean.set(fromNanoseconds(loop.mean));
      lag.p99.set(fromNanoseconds(loop.percentile(99)));
      lag.max.set(fromNanoseconds(loop.max));
      loop.reset();
      residentMemory.set(process.memoryUsage.rss());
      heapUsed.set(process.memoryUsage().heapUsed);
      const { user, system } = process.cpuUsage();
      cpu.inc(Math.max(0, (user + system) / 1e6 - cpuCounted));
      cpuCounted = Math.max(cpuCounted, (user + system) / 1e6);
      if (pool && poolGauges) {
        const usage = pool();
        poolGauges.inUse.set(usage.total - usage.idle);
        poolGauges.idle.set(usage.idle);
        poolGauges.waiting.set(usage.waiting);
        poolGauges.max.set(usage.max);
      }
      await Promise.all([
        collect(
          'the files waiting for the bucket',
          [blobsPending, blobsPendingBytes, blobsPendingAge],
          async () => {
            const pending = await o.blobStore.pending();
            blobsPending.set(pending.count);
            blobsPendingBytes.set(pending.bytes);
            blobsPendingAge.set(pending.oldestAt ? Math.max(0, seconds(at - Date.parse(pending.oldestAt))) : 0);
          },
          app.log,
        ),
        collect(
          "the phones' outboxes",
          [phonesWithBacklog, phoneOldestItem],
          async () => {
            const backlog = await phoneBacklog(o.db, new Date(at - PHONE_BACKLOG_WINDOW_MS).toISOString());
            phonesWithBacklog.set(backlog.phones);
            phoneOldestItem.set(backlog.oldestAt ? Math.max(0, seconds(at - Date.parse(backlog.oldestAt))) : 0);
          },
          app.log,
        ),
      ]);
      return registry.metrics();
    };

    const authorized = bearerCheck(o.metrics.token);
    let listener: http.Server | null = null;
    app.decorate('metrics', {
      jobs,
      scrape,
      address: () => (listener?.address() as AddressInfo | null | undefined) ?? null,
    });

    if (o.metrics.port === null && o.metrics.token !== null) {
      app.get('/metrics', { config: { public: true } }, async (request, reply) => {
        if (!authorized(request.headers.authorization)) throw new AppError('E_UNAUTHORIZED');
        return reply
          .header('content-type', registry.contentType)
          .header('cache-control', 'no-store')
          .send(await scrape());
      });
    } else {
      // Not served here: the envelope of an unknown path, never the web app's page (a scraper pointed at
      // the wrong port sees a 404, not HTML).
      app.get('/metrics', { config: { public: true } }, async () => {
        throw new AppError('E_NOT_FOUND');
      });
    }

    const port = o.metrics.port;
    if (port === null) return;
    // A listener of its own, outside Fastify: nothing of the app's (routes, hooks, the web app) on it.
    const answer = (res: http.ServerResponse, status: number, type: string, body: string) =>
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) }).end(body);
    const envelope = (res: http.ServerResponse, code: 'E_NOT_FOUND' | 'E_UNAUTHORIZED' | 'E_INTERNAL', status: number) =>
      answer(res, status, 'application/json; charset=utf-8', JSON.stringify(failure(code, new Date().toISOString())));
    listener = http.createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return envelope(res, 'E_NOT_FOUND', 404);
      if (!authorized(req.headers.authorization)) return envelope(res, 'E_UNAUTHORIZED', 401);
      scrape().then(
        (text) => answer(res, 200, registry.contentType, req.method === 'HEAD' ? '' : text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics: the scrape failed');
          envelope(res, 'E_INTERNAL', 500);
        },
      );
    });
    const server = listener;
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, o.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      app.log.info({ address: server.address() }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Prometheus keeps its connection alive between scrapes: cut it, or close would wait for it.
      server.closeAllConnections();
      await closed;
    });
  },
  { name: 'metrics' },
);
