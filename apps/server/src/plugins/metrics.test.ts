import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPromoter, buildSignedInPromoter } from '../test/builders.ts';
import { buildPhoto } from '../test/files.ts';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { createTestApp, loginAs, post, testDatabases, type TestApp } from '../test/test-app.ts';

// GET /metrics (issue 36, decision 132): never public (a bearer token, or a port of its own), and
// what an operator's Prometheus reads from it: request times by route, job runs, the files waiting
// for the bucket, what the phones report waiting in their outboxes.

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus's text format, the lines this server writes: `name{label="value",…} number`. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = raw!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    const value = match[3] === '+Inf' ? Infinity : match[3] === '-Inf' ? -Infinity : Number(match[3]);
    samples.push({ name: match[1]!, labels, value });
  }
  return samples;
}

/** The value of the one sample of `name` carrying these labels (others it has may be anything); 0 when none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

const token = () => randomBytes(24).toString('hex');

describe.each(testDatabases)('GET /metrics with METRICS_TOKEN (%s)', (dialect) => {
  const METRICS_TOKEN = token();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { METRICS_TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseMetrics(res.body);
  };

  it('answers 401 E_UNAUTHORIZED without the token or with another, and shows nothing', async () => {
    const wrong = [
      undefined,
      'Bearer',
      `Bearer ${token()}`,
      `Bearer ${METRICS_TOKEN}x`,
      `Bearer ${METRICS_TOKEN.slice(1)}`,
      `Basic ${Buffer.from(`prometheus:${METRICS_TOKEN}`).toString('base64')}`,
      `Token ${METRICS_TOKEN}`,
    ];
    for (const authorization of wrong) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ status: { success: false }, data: { error: 'E_UNAUTHORIZED' } });
      expect(res.body).not.toContain('promotor_');
    }
  });

  it('times a login under its route pattern and status code, and an unknown path as one route', async () => {
    const login = { method: 'POST', route: '/api/auth/login', status_code: '200' };
    const before = await scrape();
    const promoter = await buildPromoter(t);
    await loginAs(t.app, promoter.username, promoter.password);
    const missing = await t.app.inject({ method: 'GET', url: `/api/nie-ma-takiej/${randomBytes(4).toString('hex')}?a=1` });
    expect(missing.statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: '/version.json?v=123' });
    const after = await scrape();

    const bucket = 'promotor_http_request_duration_seconds_bucket';
    expect(valueOf(after, bucket, { ...login, le: '+Inf' })).toBe(valueOf(before, bucket, { ...login, le: '+Inf' }) + 1);
    expect(valueOf(after, 'promotor_http_request_duration_seconds_count', login)).toBe(
      valueOf(before, 'promotor_http_request_duration_seconds_count', login) + 1,
    );
    expect(valueOf(after, 'promotor_http_request_duration_seconds_sum', login)).toBeGreaterThan(
      valueOf(before, 'promotor_http_request_duration_seconds_sum', login),
    );
    // Buckets are cumulative, the largest holds every login.
    expect(valueOf(after, bucket, { ...login, le: '30' })).toBe(valueOf(after, bucket, { ...login, le: '+Inf' }));
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    expect(valueOf(after, 'promotor_http_request_duration_seconds_count', unmatched)).toBe(
      valueOf(before, 'promotor_http_request_duration_seconds_count', unmatched) + 1,
    );
    expect(valueOf(after, 'promotor_http_request_duration_seconds_count', { method: 'GET', route: '/version.json' })).toBe(1);
    // The raw address (its id, its query) is never a label.
    const routes = new Set(after.filter((s) => s.name.startsWith('promotor_http_')).map((s) => s.labels.route));
    expect([...routes].filter((r) => r?.includes('nie-ma-takiej') || r?.includes('?'))).toEqual([]);
  });

  it("counts a job's runs by outcome and keeps the time of its last success", async () => {
    const name = `metrics-test-${randomBytes(4).toString('hex')}`;
    const job = { name, everyMs: 3_600_000, run: async () => {} };
    expect(await t.app.jobRunner.runOnce(job)).toBe('ran');
    const ranAt = t.clock.now();
    // The same tick again: another instance's, or this one's, run holds it.
    expect(await t.app.jobRunner.runOnce(job)).toBe('skipped');
    const failing = { name: `${name}-failing`, everyMs: 3_600_000, run: () => Promise.reject(new Error('kaput')) };
    await expect(t.app.jobRunner.runOnce(failing)).rejects.toThrow('kaput');

    const samples = await scrape();
    expect(valueOf(samples, 'promotor_job_runs_total', { job: name, outcome: 'ran' })).toBe(1);
    expect(valueOf(samples, 'promotor_job_runs_total', { job: name, outcome: 'skipped' })).toBe(1);
    expect(valueOf(samples, 'promotor_job_runs_total', { job: `${name}-failing`, outcome: 'failed' })).toBe(1);
    expect(valueOf(samples, 'promotor_job_last_success_timestamp_seconds', { job: name })).toBe(ranAt.getTime() / 1000);
    // A job that never succeeded has no last success.
    expect(samples.some((s) => s.name === 'promotor_job_last_success_timestamp_seconds' && s.labels.job === `${name}-failing`)).toBe(false);
  });

  it("reports how many phones seen in the last day have items waiting, and the oldest one's age", async () => {
    const anna = await buildSignedInPromoter(t);
    const ewa = await buildSignedInPromoter(t);
    const oldest = new Date(t.clock.now().getTime() - 2 * 3_600_000).toISOString();
    await post(t.app, '/auth/session', undefined, anna.token, { 'x-outbox': `3; ${oldest}` });
    await post(t.app, '/auth/session', undefined, ewa.token, { 'x-outbox': '0' });
    await t.app.phoneReports.settled();
    let samples = await scrape();
    expect(valueOf(samples, 'promotor_phone_outbox_promoters_with_backlog')).toBe(1);
    expect(valueOf(samples, 'promotor_phone_outbox_oldest_item_age_seconds')).toBe(2 * 3600);

    // Ewa's phone now has items too, newer than Anna's: two phones, the oldest still Anna's.
    t.clock.advance(60_000);
    await post(t.app, '/auth/session', undefined, ewa.token, { 'x-outbox': `1; ${t.clock.now().toISOString()}` });
    await t.app.phoneReports.settled();
    samples = await scrape();
    expect(valueOf(samples, 'promotor_phone_outbox_promoters_with_backlog')).toBe(2);
    expect(valueOf(samples, 'promotor_phone_outbox_oldest_item_age_seconds')).toBe(2 * 3600 + 60);

    // A day without a call from either: put away, no longer counted.
    t.clock.advance(24 * 3_600_000 + 1_000);
    samples = await scrape();
    expect(valueOf(samples, 'promotor_phone_outbox_promoters_with_backlog')).toBe(0);
    expect(valueOf(samples, 'promotor_phone_outbox_oldest_item_age_seconds')).toBe(0);
  });

  it(`reports the database pool on PostgreSQL, and the event loop's delay`, async () => {
    // The delay is measured since the last scrape: each scrape comes 50 ms after the one before, a few of
    // the monitor's 10 ms turns (on a loaded machine a process may get none in 50 ms: then asked again).
    await scrape();
    let samples: Sample[] = [];
    await expect
      .poll(
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          samples = await scrape();
          return valueOf(samples, 'promotor_nodejs_eventloop_lag_max_seconds');
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    if (dialect === 'postgres') {
      expect(valueOf(samples, 'promotor_db_pool_connections_max')).toBe(10);
      expect(valueOf(samples, 'promotor_db_pool_connections_idle')).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'promotor_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(samples.some((s) => s.name.startsWith('promotor_db_pool_'))).toBe(false);
    }
    expect(valueOf(samples, 'promotor_process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe.each(testDatabases)('GET /metrics: files waiting for the bucket (%s)', (dialect) => {
  const METRICS_TOKEN = token();
  let s3: TestS3Server;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(dialect, { env: { ...s3.env, METRICS_TOKEN, BLOB_DRAIN_INTERVAL_SECONDS: '1' } });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return parseMetrics(res.body);
  };
  const drainRuns = (samples: Sample[], outcome: string) => valueOf(samples, 'promotor_job_runs_total', { job: 'blob-drain', outcome });

  it('counts a file kept while the bucket is down, its age, and the drain rounds until it moved', async () => {
    await s3.stop();
    const photo = buildPhoto();
    await t.app.blobStore.put(`metrics-${randomBytes(4).toString('hex')}.jpg`, photo, 'image/jpeg');
    t.clock.advance(90_000);
    const waiting = await scrape();
    expect(valueOf(waiting, 'promotor_blobs_pending')).toBe(1);
    expect(valueOf(waiting, 'promotor_blobs_pending_bytes')).toBe(photo.length);
    expect(valueOf(waiting, 'promotor_blobs_pending_oldest_age_seconds')).toBe(90);
    // The drain tries and fails while the bucket is down.
    await vi.waitFor(async () => expect(drainRuns(await scrape(), 'failed')).toBeGreaterThanOrEqual(1), { timeout: 10_000 });

    await s3.start();
    // Its next try is due after the back-off.
    t.clock.advance(15 * 60_000);
    // The row says moved a moment before the round that moved it ends and is counted: wait for both.
    await vi.waitFor(
      async () => {
        const moved = await scrape();
        expect(valueOf(moved, 'promotor_blobs_pending')).toBe(0);
        expect(valueOf(moved, 'promotor_job_last_success_timestamp_seconds', { job: 'blob-drain' })).toBe(t.clock.now().getTime() / 1000);
      },
      { timeout: 10_000 },
    );
    const moved = await scrape();
    expect(valueOf(moved, 'promotor_blobs_pending_oldest_age_seconds')).toBe(0);
    expect(drainRuns(moved, 'ran')).toBeGreaterThanOrEqual(1);
  });
});

describe.each(testDatabases)('GET /metrics without METRICS_TOKEN or METRICS_PORT (%s)', (dialect) => {
  it('answers 404 as any unknown path', async () => {
    const t = await createTestApp(dialect);
    try {
      for (const headers of [{}, { authorization: `Bearer ${token()}` }]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ status: { success: false }, data: { error: 'E_NOT_FOUND' } });
      }
    } finally {
      await t.close();
    }
  });
});

describe.each(testDatabases)('GET /metrics on METRICS_PORT (%s)', (dialect) => {
  it('answers on its own port only, not on the main one, and closes with the app', async () => {
    const t = await createTestApp(dialect, { env: { METRICS_PORT: '0', HOST: '127.0.0.1' } });
    let url: string;
    try {
      const main = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(main.statusCode).toBe(404);
      expect(main.json().data.error).toBe('E_NOT_FOUND');
      await post(t.app, '/auth/login', { username: 'nikt', password: 'zle-haslo-123' });

      const address = t.app.metrics.address();
      expect(address).toMatchObject({ address: '127.0.0.1' });
      url = `http://127.0.0.1:${address!.port}`;
      const res = await fetch(`${url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const samples = parseMetrics(await res.text());
      // The failed login above, seen on the main port, counted here.
      expect(
        valueOf(samples, 'promotor_http_request_duration_seconds_bucket', { method: 'POST', route: '/api/auth/login', le: '+Inf' }),
      ).toBeGreaterThanOrEqual(1);
      // Nothing else of the app answers on this port.
      const other = await fetch(`${url}/api/health`);
      expect(other.status).toBe(404);
      expect(((await other.json()) as { data: { error: string } }).data.error).toBe('E_NOT_FOUND');
    } finally {
      await t.close();
    }
    await expect(fetch(`${url}/metrics`)).rejects.toThrow();
  });

  it('asks for the token there too when METRICS_TOKEN is set', async () => {
    const METRICS_TOKEN = token();
    const t = await createTestApp(dialect, { env: { METRICS_PORT: '0', HOST: '127.0.0.1', METRICS_TOKEN } });
    try {
      const url = `http://127.0.0.1:${t.app.metrics.address()!.port}/metrics`;
      const refused = await fetch(url, { headers: { authorization: `Bearer ${token()}` } });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { data: { error: string } }).data.error).toBe('E_UNAUTHORIZED');
      const res = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE promotor_http_request_duration_seconds histogram');
      // The main port does not serve them even with the token.
      const main = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(main.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
