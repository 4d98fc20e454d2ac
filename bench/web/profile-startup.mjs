// `npm run bench:web -- --profile`: where the first screen's script time goes. A CPU profile (Chromium's
// Profiler, 4× CPU slowdown) of opening / until 1.5 s after the login form shows, on a build with source
// maps; each sample's own time is charged to the original file the source map names (a package for
// node_modules). Prints the files that cost most, summed over the runs.
import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js'; // postcss's, which Vite brings
import { launchBrowser } from './long-tasks.mjs';

const consumers = new Map();

function consumerFor(distDir, url) {
  const file = path.join(distDir, new URL(url).pathname);
  if (!consumers.has(file))
    consumers.set(file, fs.existsSync(`${file}.map`) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))) : null);
  return consumers.get(file);
}

/** The original file of a profile node: a package name under node_modules, else the path under the repo. */
function originOf(distDir, { url, lineNumber, columnNumber, functionName }) {
  if (!url) return { file: functionName.startsWith('(') ? functionName : `(${functionName || 'program'})`, name: '' };
  if (!url.includes('/assets/')) return { file: url, name: functionName };
  const original = consumerFor(distDir, url)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  const source = original?.source ?? url;
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  const file = pkg ? pkg[1] : source.replace(/^.*?(apps|packages)\//, '$1/');
  return { file, name: `${original?.name ?? functionName}:${original?.line ?? ''}` };
}

async function profileOnce(browser, base, distDir, totals) {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${base}/`);
  await page.locator('form button[type=submit]').waitFor();
  await page.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  await context.close();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const deltas = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const { file, name } = originOf(distDir, node.callFrame);
    // BENCH_PROFILE_FUNCTIONS=1: by the position the source map names (function:line) instead of by file.
    const origin = process.env.BENCH_PROFILE_FUNCTIONS ? `${file} ${name}` : file;
    if (file === '(idle)' || file === '(program)') return;
    totals.set(origin, (totals.get(origin) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  });
}

export async function profileStartup(base, distDir, runs) {
  const totals = new Map();
  const browser = await launchBrowser();
  try {
    for (let i = 0; i < runs; i++) await profileOnce(browser, base, distDir, totals);
  } finally {
    await browser.close();
  }
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  console.log(`\nCPU profile at 4×, ${runs} runs: own time by original file (mean per run; all JS ${Math.round(all / runs)} ms)`);
  for (const [origin, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${(ms / runs).toFixed(1).padStart(7)} ms  ${origin}`);
  }
}
