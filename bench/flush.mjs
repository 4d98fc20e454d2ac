// `npm run bench -- --flush`: "the morning after a dead zone". 1,000 promoters (BENCH_FLUSH_PROMOTERS)
// each had an action running overnight without a connection; in the morning each phone's outbox sends,
// in order, 24 queued location pings (each its own Idempotency-Key, capturedAt during the night), then
// the end of the action as the web app's end flow queues it (features/actions/submit/outbox-items.ts):
// the end poll, the two end photos (multipart /action/file/create, real JPEG bytes) and the check-out.
// Each promoter is one sequential client arriving at a random moment of BENCH_FLUSH_WINDOW seconds
// (120); about 5 % of requests are sent again with the same key (a retry after a lost answer). The
// promoters, their started actions and their sessions are written straight into the database (no
// argon2 logins). Afterwards the database is checked: 24 pings each, every check-out, every photo row.
import { randomBytes } from 'node:crypto';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { countRows, insertRows } from './bench-db.mjs';
import { wallToday } from './scale-data.mjs';

const PROMOTERS = Number(process.env.BENCH_FLUSH_PROMOTERS ?? 1000);
const WINDOW_S = Number(process.env.BENCH_FLUSH_WINDOW ?? 120);
const PHOTO_BYTES = Number(process.env.BENCH_PHOTO_BYTES ?? 200_000);
const PINGS = 24;
const RETRY_SHARE = 0.05;

/** A seeded PRNG (mulberry32): the same arrivals and retries on every run. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n) => String(n).padStart(4, '0');

/** Promoters with a started action each and a session; returns their tokens and ids. */
async function setUp(db, timezone) {
  const [{ password_hash: passwordHash }] = await db.all(`select password_hash from users where username = 'anna@demo.pl'`);
  const today = wallToday(timezone);
  const now = new Date();
  const promoters = Array.from({ length: PROMOTERS }, (_, i) => ({
    userId: `flush-user-${pad(i)}`,
    actionId: `flush-action-${pad(i)}`,
    pointId: `flush-point-${pad(i)}`,
    token: `flush-token-${pad(i)}-${randomBytes(16).toString('hex')}`,
  }));
  const iso = now.toISOString();
  const since = `${today} 06:00:00`;
  await db.transaction(async () => {
    await db.run(`insert into events (id, ident, name) values ('flush-event', 'EV-FLUSH', 'Sampling — poranek po martwej strefie')`);
    await insertRows(
      db,
      'users',
      promoters.map((p, i) => ({
        id: p.userId,
        ident: `FL${pad(i)}`,
        username: `flush${pad(i)}@bench.pl`,
        password_hash: passwordHash,
        firstname: 'Promotor',
        lastname: `Poranny ${pad(i)}`,
        email_address: `flush${pad(i)}@bench.pl`,
        mobile_phone: null,
        created_at: iso,
      })),
    );
    const action = (p, i) => ({
      id: p.actionId,
      ident: `FA-${pad(i)}`,
      name: `Degustacja glo — Punkt ${pad(i)}`,
      event_id: 'flush-event',
      since,
      until: `${today} 22:00:00`,
      global_status: 'started',
      created_at: iso,
    });
    await insertRows(db, 'actions', promoters.map(action));
    await insertRows(
      db,
      'action_points',
      promoters.map((p, i) => ({
        id: p.pointId,
        action_id: p.actionId,
        position: 0,
        name: `Żabka ${pad(i)}`,
        street_address: 'ul. Poranna 1',
        postal_code: '00-001',
        city_name: 'Warszawa',
        petra_id: null,
      })),
    );
    await insertRows(
      db,
      'action_assignments',
      promoters.map((p) => ({
        action_id: p.actionId,
        user_id: p.userId,
        status: 'started',
        action_point_id: p.pointId,
        last_status_at: since,
        cancelled_at: null,
      })),
    );
    await insertRows(
      db,
      'sessions',
      promoters.map((p) => ({
        id: `flush-session-${p.userId.slice(-4)}`,
        user_id: p.userId,
        token_hash: createHash('sha256').update(p.token).digest('hex'),
        created_at: iso,
        expires_at: new Date(now.getTime() + 14 * 24 * 3_600_000).toISOString(),
        revoked_at: null,
      })),
    );
  });
  return promoters;
}

function jpeg() {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(PHOTO_BYTES - 4)]);
}

/** multipart/form-data as the web app's api-client sends it: `_input` and files[] (photo-N.jpg). */
function multipart(input, files) {
  const boundary = `----promotorbench${randomBytes(8).toString('hex')}`;
  const chunks = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="_input"\r\n\r\n${JSON.stringify(input)}\r\n`)];
  files.forEach((data, i) => {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="photo-${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    chunks.push(Buffer.from(head), data, Buffer.from('\r\n'));
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

/** The requests one phone's outbox holds for the morning, in order. */
function outboxOf(p, i, nightStart) {
  const action = { uuid: p.actionId };
  const json = (path, body) => ({ path, body: JSON.stringify(body), type: 'application/json' });
  const pings = Array.from({ length: PINGS }, (_, k) =>
    json('/action/location/save', {
      action,
      location: {
        latitude: 52.2 + i / 10_000,
        longitude: 21.0 + k / 10_000,
        accuracy: 8 + (k % 20),
        capturedAt: new Date(nightStart + k * 15 * 60_000).toISOString(),
      },
    }),
  );
  const poll = json('/poll/answer', {
    action,
    poll: { ident: 'action_end', content: [{ question_ident: 'q0', answer_ident: ['no_traffic'] }] },
  });
  const photos = { path: '/action/file/create', ...multipart({ action, ident: 'bereal_end' }, [jpeg(), jpeg()]) };
  const checkOut = json('/action/check-out', { action, actionPoint: { uuid: p.pointId }, location: { latitude: 52.2, longitude: 21.0 } });
  return [...pings, poll, photos, checkOut].map((r, k) => ({ ...r, key: `flush-${process.pid}-${pad(i)}-${k}` }));
}

/** Drives the flush against `base` and checks the database through `db`. */
export async function runFlush(db, { base, timezone }) {
  const promoters = await setUp(db, timezone);
  const rand = random(8);
  const nightStart = Date.now() - 8 * 3_600_000;
  /** Latencies (ms) of every answered request, and by call. */
  const latencies = [];
  const byPath = new Map();
  const errors = new Map();
  const count = (what) => errors.set(what, (errors.get(what) ?? 0) + 1);
  let duplicates = 0;
  let replayed = 0;

  async function sendOnce(p, request) {
    const t = performance.now();
    const res = await fetch(`${base}/api${request.path}`, {
      method: 'POST',
      headers: { 'content-type': request.type, authorization: `Bearer ${p.token}`, 'idempotency-key': request.key },
      body: request.body,
    });
    const text = await res.text();
    const ms = performance.now() - t;
    latencies.push(ms);
    if (!byPath.has(request.path)) byPath.set(request.path, []);
    byPath.get(request.path).push(ms);
    if (res.headers.get('idempotent-replayed')) replayed++;
    if (res.status < 200 || res.status > 299) count(`${request.path} ${res.status} ${/"error":"(\w+)"/.exec(text)?.[1] ?? ''}`.trim());
  }

  /** As the outbox does: a request that got no answer at all is sent again with the same key. */
  async function send(p, request) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await sendOnce(p, request);
      } catch (error) {
        count(`${request.path} no answer (${error.cause?.code ?? error.message}), sent again`);
        if (attempt === 5) throw error;
      }
    }
  }

  const plan = promoters.map((p, i) => ({ p, at: rand() * WINDOW_S * 1000, outbox: outboxOf(p, i, nightStart), retries: [] }));
  for (const client of plan) client.retries = client.outbox.map(() => rand() < RETRY_SHARE);
  console.log(
    `flush: ${PROMOTERS} promoters × (${PINGS} pings + end poll + 2 end photos of ${PHOTO_BYTES.toLocaleString('en')} B + check-out), ` +
      `arriving within ${WINDOW_S} s, ${RETRY_SHARE * 100} % sent twice`,
  );
  const started = performance.now();
  await Promise.all(
    plan.map(async ({ p, at, outbox, retries }) => {
      await sleep(at);
      for (const [k, request] of outbox.entries()) {
        await send(p, request);
        // The first answer was lost on the way: the outbox sends the same request with the same key.
        if (retries[k]) {
          duplicates++;
          await send(p, request);
        }
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const pct = (list, q) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(0);
  };
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(
    `requests ${latencies.length.toLocaleString('en')} (${duplicates} sent twice, ${replayed} answered as replays), wall ${wall.toFixed(1)} s, ` +
      `${(latencies.length / wall).toFixed(0)} req/s; latency p50 ${pct(latencies, 0.5)} ms, p95 ${pct(latencies, 0.95)} ms, ` +
      `p99 ${pct(latencies, 0.99)} ms, max ${pct(latencies, 1)} ms; errors ${errorCount}`,
  );
  for (const [path, list] of byPath) {
    console.log(`  ${path.padEnd(22)} ${String(list.length).padStart(6)} requests, p50 ${pct(list, 0.5)} ms, p99 ${pct(list, 0.99)} ms`);
  }
  for (const [what, n] of errors) console.log(`  error: ${what} × ${n}`);
  await check(db);
}

/** What the database holds afterwards: 24 pings each, every check-out, two photos each. */
async function check(db) {
  const pings = await db.all(
    `select n, count(*) as promoters from (select count(*) as n from action_locations where user_id like 'flush-user-%' group by user_id) t group by n`,
  );
  let exact = 0;
  let duplicated = 0;
  let lost = PROMOTERS * PINGS;
  for (const r of pings) {
    const [n, promoters] = [Number(r.n), Number(r.promoters)];
    if (n === PINGS) exact += promoters;
    duplicated += Math.max(0, n - PINGS) * promoters;
    lost -= Math.min(n, PINGS) * promoters;
  }
  const [one] = await db.all(
    `select
       (select count(*) from action_assignments where user_id like 'flush-user-%' and status = 'finished') as finished,
       (select count(*) from action_status_events where user_id like 'flush-user-%' and kind = 'check_out') as check_outs,
       (select count(*) from action_files where user_id like 'flush-user-%' and ident = 'bereal_end') as photos,
       (select count(*) from poll_answers where user_id like 'flush-user-%' and ident = 'action_end') as polls`,
  );
  const ok = (cond) => (cond ? 'ok' : 'WRONG');
  console.log(
    `database: ${exact} of ${PROMOTERS} promoters with exactly ${PINGS} pings, duplicates ${duplicated}, lost ${lost} ` +
      `${ok(exact === PROMOTERS && duplicated === 0 && lost === 0)}; ` +
      `finished ${one.finished} ${ok(Number(one.finished) === PROMOTERS)}, check-out events ${one.check_outs} ` +
      `${ok(Number(one.check_outs) === PROMOTERS)}, end photos ${one.photos} ${ok(Number(one.photos) === 2 * PROMOTERS)}, ` +
      `end polls ${one.polls} ${ok(Number(one.polls) === PROMOTERS)}`,
  );
  const counts = await countRows(db, ['idempotency_keys']);
  console.log(`idempotency keys stored: ${counts.idempotency_keys.toLocaleString('en')}`);
}
