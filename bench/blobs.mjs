#!/usr/bin/env node
// npm run bench:blobs [-- --db postgres]: files in the bucket (issue 35, decision 130), against s3rver.
// 1. Photo uploads through the API (the real app, /api/action/file/create via inject: multipart, checks,
//    SHA-256, store, rows; the thumbnail and the bucket's confirmation follow the answer) per second and
//    p99 with BLOB_STORE=s3, file and database, beside the floor: a bare PutObject of the same bytes to the
//    same s3rver from this process. The requests' bodies are built before the clock, as the floor's are.
//    Runs alternate, BENCH_RUNS (5) a side, BENCH_UPLOADS (12) uploads a run, 4 at a time. Beside them,
//    the thumbnail alone (sharp), at the same concurrency.
// 2. The drain after an outage: BENCH_DRAIN (50) uploads (100 photos) uploaded while s3rver is down, then the
//    rounds of BlobStore.drainOnce until none waits: photos/s.
// 3. The database's size before and after `npm run blobs -- migrate --to s3` of BENCH_MIGRATE (1,000)
//    photos kept with BLOB_STORE=database (SQLite: the file after VACUUM; PostgreSQL: the app's tables in
//    its schema after VACUUM FULL of the two that hold files).
// The photo: a ~1.2 MB 3024×4032 JPEG (a camera's), or with BENCH_PHOTO=app the ≤ 300 KB 1280 px one the
// promoter app makes of it before it sends it (spec §9); each copy made unique by a comment segment. An
// upload is the start's pair of photos (ident bereal_start takes two); its floor is two PutObjects at once.
// It prints numbers; it is not part of npm test.
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!process.execArgv.some((a) => a.includes('tsx'))) {
  // The app's TypeScript: run again under tsx (npm run bench:blobs = node bench/blobs.mjs).
  const command = [process.execPath, '--import', 'tsx', ...process.argv.slice(1)];
  // BENCH_BUCKET_CPU=1: the bucket's process on that core, the bench (the app, the floor's client) on the
  // others (taskset) — a bucket on another machine, as production has it, with the floor measured alike.
  const bucketCpu = process.env.BENCH_BUCKET_CPU;
  const others = bucketCpu && [...Array(availableParallelism()).keys()].filter((cpu) => String(cpu) !== bucketCpu).join(',');
  const [file, argv] = bucketCpu ? ['taskset', ['-c', others, ...command]] : [command[0], command.slice(1)];
  const again = spawnSync(file, argv, { cwd: root, stdio: 'inherit' });
  process.exit(again.status ?? 1);
}

const args = process.argv.slice(2);
const dialect = args.includes('--db') ? args[args.indexOf('--db') + 1] : 'sqlite';
if (dialect === 'postgres') process.env.TEST_DATABASE_URL ??= process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 12); // uploads of 2 photos, a run
const DRAIN = Number(process.env.BENCH_DRAIN ?? 50); // uploads of 2 photos
const MIGRATE = Number(process.env.BENCH_MIGRATE ?? 1000);
const CONCURRENCY = 4;

const sharp = (await import('sharp')).default;
const SQLite = (await import('better-sqlite3')).default;
const { sql } = await import('kysely');
const { PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
const { createTestApp } = await import('../apps/server/src/test/test-app.ts');
const { buildAction, buildSignedInPromoter } = await import('../apps/server/src/test/builders.ts');
const { photosRequest, uploadPhotos } = await import('../apps/server/src/test/files.ts');
const { makeThumbnail } = await import('../apps/server/src/plugins/thumbnails.ts');
const { blobPlaces } = await import('../apps/server/src/modules/blob-admin/blob-places.ts');
const { migrateBlobs } = await import('../apps/server/src/modules/blob-admin/blob-migration.service.ts');
const { S3Bucket } = await import('../apps/server/src/plugins/s3-bucket.ts');
const { loadConfig } = await import('../apps/server/src/config/env.ts');

/**
 * The photo, BENCH_PHOTO: `camera` (the default) a camera's original, 12 MP: a plain ground with softened
 * colour noise over its middle, ~1.1 MB as JPEG; `app` what the promoter app sends (spec §9, web's
 * compress-image.ts): 1280 px on the long side, noise all over, within PHOTO_TARGET_BYTES (~0.3 MB).
 */
const PHOTO = process.env.BENCH_PHOTO ?? 'camera';
if (!['camera', 'app'].includes(PHOTO)) throw new Error(`BENCH_PHOTO=camera|app, not ${PHOTO}`);
/**
 * Colour noise of `size` softened by `blur`, laid over a plain ground (sharp composites after every
 * other step of its pipeline: the camera's is scaled up first, the noise then laid over its middle).
 */
async function noiseOverGround(size, blur) {
  const raw = { ...size, channels: 3 };
  const noise = await sharp(randomBytes(size.width * size.height * 3), { raw })
    .blur(blur)
    .png()
    .toBuffer();
  return sharp({ create: { ...raw, background: '#7a9' } }).composite([{ input: noise, blend: 'overlay' }]);
}
const camera = await (await noiseOverGround({ width: 1008, height: 1344 }, 0.5)).resize(3024, 4032).jpeg({ quality: 90 }).toBuffer();
const { PHOTO_MAX_SIDE_PX, PHOTO_TARGET_BYTES } = await import('../packages/contract/src/constants.ts');
/**
 * As compress-image.ts does in the browser: the highest quality whose JPEG is within the target. Of a
 * picture with a camera's detail at that size (the camera's scaled down would compress to ~0.1 MB).
 */
async function asTheAppSendsIt() {
  const picture = await (await noiseOverGround({ width: (PHOTO_MAX_SIDE_PX * 3) / 4, height: PHOTO_MAX_SIDE_PX }, 0.8)).png().toBuffer();
  for (let quality = 92; quality >= 40; quality -= 2) {
    const jpeg = await sharp(picture).jpeg({ quality }).toBuffer();
    if (jpeg.length <= PHOTO_TARGET_BYTES) return jpeg;
  }
  throw new Error('no quality brings the photo within PHOTO_TARGET_BYTES');
}
const base = PHOTO === 'app' ? await asTheAppSendsIt() : camera;
const { width: photoWidth, height: photoHeight } = await sharp(base).metadata();
const photo = () => {
  const comment = randomBytes(16);
  return Buffer.concat([base.subarray(0, 2), Buffer.from([0xff, 0xfe, 0x00, comment.length + 2]), comment, base.subarray(2)]);
};

/** s3rver in its own process (bench/s3-server-child.mjs): stop, start and close as the tests' helper has them. */
async function startS3Process() {
  const script = path.join(root, 'bench', 's3-server-child.mjs');
  const child = process.env.BENCH_BUCKET_CPU
    ? spawn('taskset', ['-c', process.env.BENCH_BUCKET_CPU, process.execPath, '--import', 'tsx', script], {
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      })
    : fork(script, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  // A child that ends before it answers (taskset refused the core, s3rver failed) ends the bench, said.
  const first = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the bucket's process ended before it started (exit ${code})`)));
  });
  // A bench that fails takes its bucket with it (else s3rver outlives it, holding its port and the output).
  process.once('exit', () => child.kill());
  const ask = (what) => new Promise((resolve) => (child.once('message', resolve), child.send(what)));
  return { ...first, stop: () => ask('stop'), start: () => ask('start'), close: () => ask('close') };
}
const s3 = await startS3Process();
const mb = (n) => (n / 1024 / 1024).toFixed(1);
console.log(
  `photo ${mb(base.length)} MB (${photoWidth}×${photoHeight} JPEG, BENCH_PHOTO=${PHOTO}); ${dialect}; ${RUNS} runs a side × ${UPLOADS} uploads of 2 photos, ${CONCURRENCY} at a time` +
    (process.env.BENCH_BUCKET_CPU ? `; the bucket on core ${process.env.BENCH_BUCKET_CPU}, the bench on the others` : ''),
);

/** `count` tasks, `limit` at a time: each one's ms, and the run's photos/s. */
async function timed(count, limit, task) {
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  return { rate: (count / (performance.now() - started)) * 1000, times };
}

const p99 = (times) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * 0.99))];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The apps, one per mode, on fresh databases; photos prepared before the clock starts.
const apps = {};
for (const mode of ['s3', 'file', 'database']) {
  // As a phone sees it: a request is done when it is answered (the thumbnails and fingerprints follow).
  apps[mode] = await createTestApp(dialect, { env: mode === 's3' ? s3.env : { BLOB_STORE: mode }, settleAfterRequests: false });
}
async function prepared(t) {
  const ewa = await buildSignedInPromoter(t);
  const actions = [];
  for (let i = 0; i < UPLOADS; i += 1) actions.push((await buildAction(t, ewa)).uuid);
  // The requests as the phone sends them, built before the clock starts as the floor's bodies are.
  return { requests: actions.map((uuid) => photosRequest(ewa.token, { action: { uuid }, ident: 'bereal_start' }, [photo(), photo()])) };
}
/** The ms from a run's last answer until the work after the answers (thumbnails, fingerprints) was done, by mode. */
const settling = {};
// BENCH_PROFILE=dir: a CPU profile of this process during each timed upload run (the inspector started
// and stopped around the run's clock), dir/<mode>-<n>.cpuprofile — what the app's event loop does.
const profileDir = process.env.BENCH_PROFILE;
const profiler = profileDir && new (await import('node:inspector/promises')).Session();
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  (await import('node:fs')).mkdirSync(profileDir, { recursive: true });
}
const profiled = {};
async function uploadRun(t, mode) {
  const { requests } = await prepared(t);
  if (profiler && mode) await profiler.post('Profiler.start');
  const run = await timed(UPLOADS, CONCURRENCY, async (i) => {
    const res = await t.app.inject(requests[i]);
    if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  });
  if (profiler && mode) {
    const { profile } = await profiler.post('Profiler.stop');
    profiled[mode] = (profiled[mode] ?? 0) + 1;
    (await import('node:fs')).writeFileSync(path.join(profileDir, `${mode}-${profiled[mode]}.cpuprofile`), JSON.stringify(profile));
  }
  // Not in the run's rate, and done before the next case runs (it would take that case's CPU).
  const answered = performance.now();
  await t.app.blobStore.afterAnswer.settled();
  if (mode) (settling[mode] ??= []).push(performance.now() - answered);
  const made = await t.db.selectFrom('blob_objects').select(t.db.fn.countAll().as('n')).where('thumbnail', 'is', null).executeTakeFirst();
  if (Number(made.n) > 0) throw new Error(`${made.n} photos without their thumbnail after the work after the answer`);
  return run;
}
const client = new S3Client({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
});
async function floorRun() {
  const photos = Array.from({ length: UPLOADS }, () => [photo(), photo()]);
  const put = (body) =>
    client.send(
      new PutObjectCommand({
        Bucket: s3.env.S3_BUCKET,
        Key: `bench/floor-${randomBytes(8).toString('hex')}`,
        Body: body,
        ContentType: 'image/jpeg',
      }),
    );
  return timed(UPLOADS, CONCURRENCY, (i) => Promise.all(photos[i].map(put)));
}
async function thumbnailRun() {
  const photos = Array.from({ length: UPLOADS }, () => [photo(), photo()]);
  return timed(UPLOADS, CONCURRENCY, (i) => Promise.all(photos[i].map(makeThumbnail)));
}

const cases = {
  floor: floorRun,
  s3: () => uploadRun(apps.s3, 's3'),
  file: () => uploadRun(apps.file, 'file'),
  database: () => uploadRun(apps.database, 'database'),
  thumbnail: thumbnailRun,
};
// BENCH_CASES=floor,s3: only those (a profile of one path); the floor is always among them.
const only = process.env.BENCH_CASES?.split(',');
if (only) for (const name of Object.keys(cases)) if (name !== 'floor' && !only.includes(name)) delete cases[name];
const results = Object.fromEntries(Object.keys(cases).map((k) => [k, { rates: [], times: [] }]));
await floorRun(); // warm the client, sharp and the apps
await uploadRun(apps.s3);
for (let run = 0; run < RUNS; run += 1) {
  for (const [name, fn] of Object.entries(cases)) {
    const { rate, times } = await fn();
    results[name].rates.push(rate);
    results[name].times.push(...times);
  }
}
const floor = median(results.floor.rates);
// The share of the floor both ways: of the medians, and the median of each run's share of the floor run
// just before it (the floor moves by ±30 % between runs on a shared machine; a pair sees the same moment).
const paired = (r) => median(r.rates.map((rate, i) => rate / results.floor.rates[i]));
console.log('\ncase        uploads/s of 2 photos (median, min–max)  p99 ms   share of floor (paired runs)');
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${name.padEnd(11)} ${median(r.rates).toFixed(1).padStart(6)} (${Math.min(...r.rates).toFixed(1)}–${Math.max(...r.rates).toFixed(1)})`.padEnd(
      46,
    ) + `${p99(r.times).toFixed(0).padStart(6)}   ${((median(r.rates) / floor) * 100).toFixed(0)} % (${(paired(r) * 100).toFixed(0)} %)`,
  );
}
console.log(
  `after the answers (thumbnails, fingerprints and signals of a run's ${UPLOADS * 2} photos), done this long after its last answer, ms median (min–max): ` +
    Object.entries(settling)
      .map(([mode, ms]) => `${mode} ${median(ms).toFixed(0)} (${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)})`)
      .join(' · '),
);

// 2. The drain after an outage.
{
  const t = apps.s3;
  await s3.stop();
  const { token, actions, photos } = await (async () => {
    const ewa = await buildSignedInPromoter(t);
    const list = [];
    for (let i = 0; i < DRAIN; i += 1) list.push((await buildAction(t, ewa)).uuid);
    return { token: ewa.token, actions: list, photos: list.map(() => [photo(), photo()]) };
  })();
  const outage = await timed(DRAIN, CONCURRENCY, async (i) => {
    const res = await uploadPhotos(t.app, token, { action: { uuid: actions[i] }, ident: 'bereal_start' }, photos[i]);
    if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode}`);
  });
  await t.app.blobStore.afterAnswer.settled();
  const waiting = (await t.app.blobStore.pending()).count;
  await s3.start();
  t.clock.advance(60 * 60_000); // past every backoff
  const started = performance.now();
  let moved = 0;
  while ((await t.app.blobStore.pending()).count > 0) moved += (await t.app.blobStore.drainOnce('bench')).uploaded;
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\ndrain: ${DRAIN} uploads while the bucket was down (${outage.rate.toFixed(1)}/s, p99 ${p99(outage.times).toFixed(0)} ms, ` +
      `each answered from the pending area; ${waiting} photos waiting), then ${moved} drained in ${seconds.toFixed(1)} s: ${(moved / seconds).toFixed(1)} photos/s`,
  );
}

// 3. The database before and after the migration.
{
  const t = apps.database;
  const store = t.app.blobStore;
  const startedFill = performance.now();
  await timed(MIGRATE, CONCURRENCY, (i) => store.put(`bench-${i}-${randomBytes(4).toString('hex')}.jpg`, photo(), 'image/jpeg'));
  const fillSeconds = (performance.now() - startedFill) / 1000;
  const size = async () => {
    if (dialect === 'postgres') {
      // The app's tables with their indexes and TOAST, in its schema: the database around it holds other
      // schemas (a test database's) and PostgreSQL's catalogue (~8 MB), which no migration changes.
      await t.asOwner((db) => sql`vacuum full blobs, blob_objects`.execute(db));
      const tables = sql`select coalesce(sum(pg_total_relation_size(c.oid)), 0) as n from pg_class c
        join pg_namespace s on s.oid = c.relnamespace where s.nspname = current_schema() and c.relkind in ('r', 'm')`;
      return Number((await tables.execute(t.db)).rows[0].n);
    }
    // Its own connection: the app's wraps every statement in a transaction, where VACUUM cannot run.
    const file = new SQLite(t.config.databaseUrl.slice('sqlite:'.length));
    try {
      file.exec('vacuum');
      return file.pragma('page_count', { simple: true }) * file.pragma('page_size', { simple: true });
    } finally {
      file.close();
    }
  };
  const before = await size();
  const bucket = new S3Bucket(loadConfig({ ...s3.env, DATABASE_URL: 'sqlite::memory:' }).blobs.s3);
  const places = blobPlaces({ db: t.db, dialect }, t.config.dataDir, bucket, () => new Date());
  const report = await migrateBlobs(places, 's3');
  const after = await size();
  console.log(
    `\nmigration: ${report.moved} photos (${MIGRATE} stored for it in ${fillSeconds.toFixed(0)} s, the rest by the uploads above; ${mb(report.bytes)} MB) moved in ${report.seconds.toFixed(1)} s ` +
      `(${(report.moved / report.seconds).toFixed(1)}/s, failures ${report.failures.length}); database ${mb(before)} MB → ${mb(after)} MB ` +
      `(${((1 - after / before) * 100).toFixed(1)} % smaller)`,
  );
  bucket.destroy();
}

client.destroy();
for (const t of Object.values(apps)) await t.close();
await s3.close();
