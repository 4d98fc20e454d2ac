#!/usr/bin/env node
// npm test: lint, type checks, unit + integration tests (SQLite, and PostgreSQL when TEST_DATABASE_URL
// is set), the web build with its size budget, and end-to-end tests in Chromium.
// A missing PostgreSQL or Chromium is said plainly and only that part is skipped — unless CI is set,
// in which case a missing part is a failure.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const inCI = Boolean(process.env.CI) && process.env.CI !== 'false';
const env = { ...process.env };
const failures = [];
const notes = [];
/** Each step's name and seconds, printed together at the end (issue 32: where CI's time goes). */
const stages = [];
const runStarted = Date.now();

/** Runs one step with its output held, so that steps run side by side print whole, one after another. */
function heldStep({ name, command, args, extraEnv = {}, nice = false }) {
  const started = Date.now();
  return new Promise((resolve) => {
    // `nice`: the step takes only the CPU the others leave (Debian's nice, lowest priority).
    const [file, argv] = nice ? ['nice', ['-n', '19', command, ...args]] : [command, args];
    const child = spawn(file, argv, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => resolve({ name, ok: code === 0, output, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

/**
 * Lanes of steps run side by side (issue 32: CI's machine has two cores). Each lane runs its steps one
 * after another, each whatever the one before it answered. Each step's output is printed whole as soon
 * as it ends (so a run that is stopped still shows what had finished), headed by what the other lanes
 * were running meanwhile. A step's `when` (a function, given the results of the steps before it in its
 * lane) decides at its turn whether it runs.
 */
async function lanesAtOnce(lanes) {
  const spans = []; // every step started so far: its lane, its name, when it started and ended
  const results = await Promise.all(
    lanes.map(async (lane, index) => {
      const done = [];
      for (const one of lane) {
        if (one.when && !one.when(done)) continue;
        const span = { lane: index, name: one.name, started: Date.now(), ended: Infinity };
        spans.push(span);
        const result = await heldStep(one);
        span.ended = Date.now();
        const others = spans.filter((s) => s.lane !== index && s.started <= span.ended && s.ended >= span.started).map((s) => s.name);
        const { name, ok, output, seconds } = result;
        console.log(`\n=== ${name}${others.length ? ` (beside ${others.join(', ')})` : ''} ===`);
        process.stdout.write(Buffer.concat(output));
        console.log(`--- ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)`);
        stages.push({ name, seconds });
        if (!ok) failures.push(name);
        done.push(result);
      }
      return done;
    }),
  );
  return results.flat();
}

function missing(part, why) {
  if (inCI) {
    console.error(`\n${part}: ${why} — CI is set, so this is a failure.`);
    failures.push(part);
  } else {
    console.warn(`\n${part}: ${why} — skipping only this part.`);
    notes.push(`${part} skipped: ${why}`);
  }
}

async function postgresAnswers(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

// The type checks and lint (what `npm run typecheck` and `npm run lint` check): a lane of their own beside
// the tests below, at the lowest priority (issue 32: run before the tests, they kept two cores half busy
// for 220 s of CI's time). The type check and ESLint share their TypeScript programs (86 CPU-s fewer).
const checks = [
  { name: 'type check and ESLint', command: 'node', args: ['scripts/check-types-and-lint.mjs'], nice: true },
  { name: 'Prettier', command: 'npx', args: ['prettier', '--check', '.'], nice: true },
];
const webBuild = [
  { name: 'web build', command: 'npm', args: ['run', 'build', '-w', '@promotor/web'] },
  { name: 'bundle size', command: 'npm', args: ['run', 'check:size', '-w', '@promotor/web'] },
];

if (!env.TEST_DATABASE_URL) {
  missing('PostgreSQL tests', 'TEST_DATABASE_URL is not set, so the server tests run on SQLite only');
} else if (!(await postgresAnswers(env.TEST_DATABASE_URL))) {
  missing('PostgreSQL tests', `no PostgreSQL answers at TEST_DATABASE_URL`);
  delete env.TEST_DATABASE_URL;
}
const vitestReport = path.join(tmp, 'vitest.json');
fs.rmSync(vitestReport, { force: true });
const unitTests = {
  name: 'unit and integration tests',
  command: 'npx',
  args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
};

const chromium = env.CHROMIUM_PATH || '/usr/bin/chromium';
const playwrightReport = path.join(tmp, 'playwright.json');
const playwrightPostgresReport = path.join(tmp, 'playwright-postgres.json');
// Through HAProxy to three instances on one PostgreSQL database (issue 36): the working day (login, the
// plan, a whole action with photos, the webform, a code handed out, the review loop, the export, the
// erasure), an MGM invitation and the live day, each request free to land on any instance.
// And what the instances share: the guesses at a password and a retry's Idempotency-Key (cluster.spec.ts).
const THROUGH_THE_BALANCER = [
  'e2e/tests/working-day.spec.ts',
  'e2e/tests/mgm.spec.ts',
  'e2e/tests/biuro-live.spec.ts',
  'e2e/tests/cluster.spec.ts',
];
const haproxyAnswers = !spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).error;
for (const report of [playwrightReport, playwrightPostgresReport]) fs.rmSync(report, { force: true });
const endToEnd = [
  {
    name: 'end-to-end tests',
    command: 'npx',
    args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    // The specs run through the load balancer below run there only (issue 32: CI time): on PostgreSQL
    // behind three instances they cover what they did on SQLite, and the server's tests run on both.
    extraEnv: {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
      ...(env.TEST_DATABASE_URL && haproxyAnswers ? { E2E_IGNORE: THROUGH_THE_BALANCER.join(',') } : {}),
    },
  },
  {
    name: 'end-to-end through HAProxy, 3 instances on PostgreSQL',
    command: 'npx',
    args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...THROUGH_THE_BALANCER, '--reporter=list,json'],
    extraEnv: {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightPostgresReport,
      E2E_DATABASE_URL: env.TEST_DATABASE_URL,
      E2E_CLUSTER: '3',
    },
    when: () => Boolean(env.TEST_DATABASE_URL) && haproxyAnswers,
  },
];
if (env.TEST_DATABASE_URL && !haproxyAnswers) {
  missing('end-to-end tests through HAProxy', 'no haproxy on PATH (apt-get install haproxy)');
}
const unitLane = [{ ...unitTests, nice: true }];
if (!fs.existsSync(chromium)) {
  missing('end-to-end tests', `no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`);
  await lanesAtOnce([webBuild, unitLane, checks]);
} else {
  // The browser tests keep one to one and a half cores busy (the server, Chromium and the runner wait on
  // each other at times); the unit and integration tests and the checks take what they leave, at the
  // lowest priority, so that the browser tests run as on a quiet machine (issue 32). The web build comes
  // first in their lane: they test what it built.
  const built = (done) => done.some((r) => r.name === 'web build' && r.ok);
  const browserLane = [...webBuild, ...endToEnd.map((one) => ({ ...one, when: (done) => built(done) && (one.when?.(done) ?? true) }))];
  const results = await lanesAtOnce([browserLane, unitLane, checks]);
  if (!built(results)) failures.push('end-to-end tests (web build failed)');
}

// One closing line over every runner, so that CI's log says how many tests ran.
let passed = 0;
let failed = 0;
let skipped = 0;
// The names of the failed tests are repeated at the end: CI's log keeps only its tail.
const failedNames = [];
if (fs.existsSync(vitestReport)) {
  const v = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
  for (const file of v.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status !== 'failed') continue;
      const where = path.relative(process.cwd(), file.name);
      const why = (t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failedNames.push(`${where} › ${t.fullName}${why ? ` — ${why}` : ''}`);
    }
  }
}
for (const report of [playwrightReport, playwrightPostgresReport]) {
  if (!fs.existsSync(report)) continue;
  const s = JSON.parse(fs.readFileSync(report, 'utf8')).stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') failedNames.push(`${spec.file}:${spec.line} › ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of JSON.parse(fs.readFileSync(report, 'utf8')).suites ?? []) walk(suite);
}
console.log('');
const total = Math.round((Date.now() - runStarted) / 1000);
console.log(`Stage times: ${stages.map((s) => `${s.name} ${s.seconds} s`).join(' · ')} · total ${total} s`);
for (const note of notes) console.log(`note: ${note}`);
if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
for (const name of failedNames) console.log(`failed: ${name}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length || failed ? 1 : 0);
