#!/usr/bin/env node
// npm run bench:web: the phone's first screens next to a bare React page (issue 22, decision 081).
// Builds the production web app and the anchor (bench/web/anchor: React 19 + React Router 7 and one
// login form, built by the project's own Vite), serves each with the real server (brotli copies, demo
// data), then alternates between the two: Lighthouse mobile runs (score, FCP, LCP, TBT, boot-up) and
// Playwright runs at a real 4× CPU slowdown (long tasks until 1.5 s after the login form shows; for
// Promotor also logging in until /akcje shows her list). Prints medians and Promotor ÷ anchor ratios.
// Not part of npm test. BENCH_RUNS (5) runs each; BENCH_WEB_PORT (4380) and the next port.
// --profile: instead, a CPU profile of Promotor's start with source maps (bench/web/profile-startup.mjs).
// First of all, Lighthouse's accessibility category on `/` and `/biuro/logowanie` (issue 39, decision
// 139): each must score 100, else the bench fails after its figures. --a11y: that check alone.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accessibilityRun, lighthouseRun, median } from './web/lighthouse-runs.mjs';
import { launchBrowser, longTaskRun } from './web/long-tasks.mjs';
import { profileStartup } from './web/profile-startup.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 4380);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-bench-web-'));
// Lighthouse accessibility 100 on these (issue 39): the phone's first screen and the back office's.
const A11Y_PAGES = ['/', '/biuro/logowanie'];
const ANNA = { username: 'anna@demo.pl', password: 'demo-haslo-1', listSelector: '.action-list .action-card' };

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function build() {
  console.log('Building the web app, the anchor and the server…');
  run('npx', ['vite', 'build', '--outDir', path.join(work, 'promotor'), '--emptyOutDir'], path.join(root, 'apps/web'));
  run(
    'npx',
    ['vite', 'build', '--config', 'bench/web/anchor/vite.config.ts', '--outDir', path.join(work, 'anchor'), '--emptyOutDir'],
    root,
  );
  run(process.execPath, ['scripts/build-server.mjs'], path.join(root, 'apps/server'));
}

/** The real server as `npm start` runs it, on its own database with the demo data, serving `dist`. */
function serve(name, port) {
  const child = spawn(process.execPath, ['dist/server.mjs'], {
    cwd: path.join(root, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SEED_DEMO_DATA: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(work, `data-${name}`),
      WEB_DIST_DIR: path.join(work, name),
      LOG_LEVEL: 'warn',
      LOGIN_LIMIT_PER_IP_PER_MINUTE: '10000',
    },
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

async function ready(base) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${base} did not start`);
}

const fmt = (v, unit = '') => (Number.isFinite(v) ? `${Math.round(v).toLocaleString('en')}${unit}` : '–');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : '–');

function table(title, columns, rows) {
  console.log(`\n${title}`);
  console.log(`| ${columns.join(' | ')} |`);
  console.log(`|${columns.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

/** Builds the app (with source maps when asked) and the server, serves it on PORT; stopped at exit. */
async function servedBuild({ sourcemap }) {
  const build = ['vite', 'build', ...(sourcemap ? ['--sourcemap'] : []), '--outDir', path.join(work, 'promotor'), '--emptyOutDir'];
  run('npx', build, path.join(root, 'apps/web'));
  run(process.execPath, ['scripts/build-server.mjs'], path.join(root, 'apps/server'));
  const promotor = serve('promotor', PORT);
  process.on('exit', () => {
    promotor.child.kill();
    fs.rmSync(work, { recursive: true, force: true });
  });
  await ready(promotor.base);
  return promotor;
}

async function profile() {
  const promotor = await servedBuild({ sourcemap: true });
  await profileStartup(promotor.base, path.join(work, 'promotor'), RUNS);
}

/** Lighthouse's accessibility score of each page that must score 100; the pages that do not. */
async function accessibility(base) {
  const below = [];
  for (const page of A11Y_PAGES) {
    const { score, failed } = await accessibilityRun(`${base}${page}`);
    console.log(`  lighthouse accessibility ${page.padEnd(18)} ${score}`);
    for (const audit of failed) console.log(`    ✗ ${audit.id}: ${audit.title} — ${audit.elements.join(', ') || 'the page'}`);
    if (score < 100) below.push(`${page} ${score}`);
  }
  return below;
}

async function a11yOnly() {
  return accessibility((await servedBuild({ sourcemap: false })).base);
}

const failIfBelow = (below) => {
  if (below.length > 0) throw new Error(`Lighthouse accessibility below 100: ${below.join(', ')}`);
};

async function main() {
  if (process.argv.includes('--profile')) return profile();
  if (process.argv.includes('--a11y')) return failIfBelow(await a11yOnly());
  build();
  const promotor = serve('promotor', PORT);
  const anchor = serve('anchor', PORT + 1);
  const stop = () => {
    [promotor, anchor].forEach(({ child }) => child.kill());
    fs.rmSync(work, { recursive: true, force: true });
  };
  process.on('exit', stop);
  await Promise.all([ready(promotor.base), ready(anchor.base)]);
  console.log(
    `uptime: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (load average) at ${new Date().toISOString()}`,
  );

  const a11yBelow = await accessibility(promotor.base);

  const lh = { promotor: [], anchor: [] };
  for (let i = 0; i < RUNS; i++) {
    for (const [name, { base }] of i % 2
      ? [
          ['promotor', promotor],
          ['anchor', anchor],
        ]
      : [
          ['anchor', anchor],
          ['promotor', promotor],
        ]) {
      const r = await lighthouseRun(`${base}/`);
      lh[name].push(r);
      console.log(
        `  lighthouse ${name.padEnd(8)} ${r.score} FCP ${r.fcp} LCP ${r.lcp} TBT ${r.tbt} boot-up ${r.bootup} · LCP ${r.lcpElement} · ${r.requests} requests, chain ${r.chain.length} / ${r.chain.ms} ms`,
      );
    }
  }
  const lhMed = (name, key) => median(lh[name].map((r) => r[key]));
  const lhKeys = [
    ['score', ''],
    ['fcp', ' ms'],
    ['lcp', ' ms'],
    ['tbt', ' ms'],
    ['bootup', ' ms'],
    ['mainThread', ' ms'],
  ];
  table(
    `Lighthouse ${lh.promotor.length}+${lh.anchor.length} runs, medians (scores: ${lh.promotor.map((r) => r.score).join(', ')} / ${lh.anchor.map((r) => r.score).join(', ')})`,
    ['page', 'score', 'FCP', 'LCP', 'TBT', 'boot-up', 'main thread'],
    [
      ['anchor (bare React)', ...lhKeys.map(([k, u]) => fmt(lhMed('anchor', k), u))],
      ['Promotor `/`', ...lhKeys.map(([k, u]) => fmt(lhMed('promotor', k), u))],
      ['Promotor ÷ anchor', ...lhKeys.map(([k]) => ratio(lhMed('promotor', k), lhMed('anchor', k)))],
    ],
  );

  const lt = { promotor: [], anchor: [] };
  const browser = await launchBrowser();
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const name of i % 2 ? ['promotor', 'anchor'] : ['anchor', 'promotor']) {
        const r = await longTaskRun(browser, name === 'promotor' ? promotor.base : anchor.base, name === 'promotor' ? ANNA : null);
        lt[name].push(r);
        console.log(`  4× ${name.padEnd(8)} ${JSON.stringify(r)}`);
      }
    }
  } finally {
    await browser.close();
  }
  const ltMed = (name, key) => median(lt[name].map((r) => r[key]));
  const ltKeys = ['formMs', 'longTaskMs', 'longest', 'scriptMs'];
  table(
    `Real 4× CPU slowdown (Chromium), ${RUNS} runs each, medians: until 1.5 s after the login form shows`,
    ['page', 'form shown', 'long tasks', 'longest task', 'script'],
    [
      ['anchor (bare React)', ...ltKeys.map((k) => fmt(ltMed('anchor', k), ' ms'))],
      ['Promotor `/`', ...ltKeys.map((k) => fmt(ltMed('promotor', k), ' ms'))],
      ['Promotor ÷ anchor', ...ltKeys.map((k) => ratio(ltMed('promotor', k), ltMed('anchor', k)))],
    ],
  );
  const akKeys = ['actionsMs', 'actionsLongTaskMs', 'actionsLongest', 'actionsScriptMs'];
  table(
    `Promotor: 'Dalej' tapped until /akcje shows her list (4×), medians; longest task of all runs ${fmt(Math.max(...lt.promotor.map((r) => r.actionsLongest)), ' ms')}`,
    ['', 'list shown after', 'long tasks', 'longest task', 'script'],
    [['Promotor `/akcje`', ...akKeys.map((k) => fmt(ltMed('promotor', k), ' ms'))]],
  );
  console.log(
    `\nuptime at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at ${new Date().toISOString()}`,
  );
  failIfBelow(a11yBelow);
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
