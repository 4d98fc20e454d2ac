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

function step(name, command, args, extraEnv = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  const ok = result.status === 0;
  const seconds = Math.round((Date.now() - started) / 1000);
  stages.push({ name, seconds });
  console.log(`--- ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)`);
  if (!ok) failures.push(name);
  return ok;
}

/**
 * Steps that share nothing, run at once (issue 32: lint and the type checks each keep one core busy,
 * and the machine has two). Each one's output is held and printed whole when it ends, so the log reads
 * as if they had run one after the other.
 */
async function stepsAtOnce(list) {
  const started = Date.now();
  const results = await Promise.all(
    list.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => resolve({ name, ok: code === 0, output, seconds: Math.round((Date.now() - started) / 1000) }));
        }),
    ),
  );
  for (const { name, ok, output, seconds } of results) {
    console.log(
      `\n=== ${name} (at the same time as ${list
        .filter((s) => s.name !== name)
        .map((s) => s.name)
        .join(', ')}) ===`,
    );
    process.stdout.write(Buffer.concat(output));
    console.log(`--- ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)`);
    stages.push({ name, seconds });
    if (!ok) failures.push(name);
  }
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

await stepsAtOnce([
  { name: 'lint', command: 'npm', args: ['run', 'lint', '--silent'] },
  { name: 'type check', command: 'npm', args: ['run', 'typecheck', '--silent'] },
]);

if (!env.TEST_DATABASE_URL) {
  missing('PostgreSQL tests', 'TEST_DATABASE_URL is not set, so the server tests run on SQLite only');
} else if (!(await postgresAnswers(env.TEST_DATABASE_URL))) {
  missing('PostgreSQL tests', `no PostgreSQL answers at TEST_DATABASE_URL`);
  delete env.TEST_DATABASE_URL;
}
const vitestReport = path.join(tmp, 'vitest.json');
fs.rmSync(vitestReport, { force: true });
step('unit and integration tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);

const built =
  step('web build', 'npm', ['run', 'build', '-w', '@promotor/web']) &&
  step('bundle size', 'npm', ['run', 'check:size', '-w', '@promotor/web']);

const chromium = env.CHROMIUM_PATH || '/usr/bin/chromium';
const playwrightReport = path.join(tmp, 'playwright.json');
const playwrightPostgresReport = path.join(tmp, 'playwright-postgres.json');
const WORKING_DAY = 'e2e/tests/working-day.spec.ts';
for (const report of [playwrightReport, playwrightPostgresReport]) fs.rmSync(report, { force: true });
if (!fs.existsSync(chromium)) {
  missing('end-to-end tests', `no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`);
} else if (!built) {
  failures.push('end-to-end tests (web build failed)');
} else {
  step('end-to-end tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  // The working day of issue 33 again, on PostgreSQL: the database of every real deployment.
  if (env.TEST_DATABASE_URL && fs.existsSync(path.join(root, WORKING_DAY))) {
    step(
      'end-to-end working day on PostgreSQL',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts', WORKING_DAY, '--reporter=list,json'],
      {
        CHROMIUM_PATH: chromium,
        PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightPostgresReport,
        E2E_DATABASE_URL: env.TEST_DATABASE_URL,
      },
    );
  }
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
