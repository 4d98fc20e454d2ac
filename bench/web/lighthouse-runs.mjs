// One Lighthouse run (mobile defaults: simulated slow 4G, 4× CPU slowdown) of a URL in a fresh
// headless Chromium, as the CLI does; the figures `npm run bench:web` prints (bench/web-startup.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

// Lighthouse and its 200 packages are this bench's alone: a package of their own (bench/web/lighthouse,
// its versions locked there), installed on the bench's first run rather than by every `npm ci` (issue
// 32: about a tenth of CI's `npm ci`).
const tools = path.join(import.meta.dirname, 'lighthouse');
let loaded;
async function lighthouseTools() {
  if (!fs.existsSync(path.join(tools, 'node_modules', 'lighthouse'))) {
    console.log('Installing Lighthouse for this bench (bench/web/lighthouse, once)…');
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tools, stdio: 'inherit' });
    if (install.status !== 0) throw new Error(`npm ci in ${tools} failed`);
  }
  const from = createRequire(path.join(tools, 'package.json'));
  const load = (name) => import(pathToFileURL(from.resolve(name)).href);
  loaded ??= Promise.all([load('chrome-launcher'), load('lighthouse')]).then(([chromeLauncher, lighthouse]) => ({
    chromeLauncher,
    lighthouse: lighthouse.default,
  }));
  return loaded;
}

/**
 * Score (0–100), FCP, LCP, TBT, boot-up (script evaluation) in ms, the LCP element and the critical
 * chain. A run Lighthouse itself failed to record (NO_NAVSTART on a busy machine) is made again, twice at most.
 */
export async function lighthouseRun(url) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouseOnce(url);
    if (result || attempt === 3) return result ?? { score: NaN, fcp: NaN, lcp: NaN, tbt: NaN, bootup: NaN, mainThread: NaN, chain: {} };
  }
}

async function lighthouseOnce(url) {
  const { chromeLauncher, lighthouse } = await lighthouseTools();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox'] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const { audits, categories, runtimeError, runWarnings } = result.lhr;
    if (runtimeError) {
      console.log(`    lighthouse: ${runtimeError.code} ${runWarnings.join(' ')}: run again`);
      return null;
    }
    const value = (id) => Math.round(audits[id]?.numericValue ?? NaN);
    const lcpItem = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    return {
      score: Math.round((categories.performance.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      bootup: value('bootup-time'),
      mainThread: value('mainthread-work-breakdown'),
      longTasks: audits['long-tasks']?.details?.items?.length ?? 0,
      lcpElement: lcpItem?.selector ?? '?',
      requests: audits['network-requests']?.details?.items?.length ?? 0,
      chain: criticalChain(audits['critical-request-chains']?.details?.chains),
    };
  } finally {
    await chrome.kill();
  }
}

// Flags for the accessibility runs (issue 39): Debian's Chromium headless, no sandbox in a container,
// no GPU, and none of its own requests in the background.
const A11Y_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/**
 * Lighthouse's accessibility category only (issue 39, decision 139): its score (0–100) and the audits
 * that failed, each with the selectors of the elements it names. The page is loaded as the phone's
 * mobile default (the back office's login page too: at 412 px it must still pass).
 */
export async function accessibilityRun(url) {
  const { chromeLauncher, lighthouse } = await lighthouseTools();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: A11Y_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility'] });
    const { audits, categories, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${runtimeError.code} ${runtimeError.message}`);
    const failed = categories.accessibility.auditRefs
      .map((ref) => audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => ({
        id: audit.id,
        title: audit.title,
        elements: (audit.details?.items ?? []).map((item) => item.node?.selector ?? '?'),
      }));
    return { score: Math.round((categories.accessibility.score ?? 0) * 100), failed };
  } finally {
    await chrome.kill();
  }
}

/** The longest critical request chain: its length in requests and its end time (ms after the first). */
function criticalChain(chains) {
  let longest = { length: 0, ms: 0 };
  const walk = (node, depth, start) => {
    for (const child of Object.values(node ?? {})) {
      const begin = start ?? child.request.startTime;
      const ms = Math.round((child.request.endTime - begin) * 1000);
      if (ms > longest.ms) longest = { length: depth, ms };
      walk(child.children, depth + 1, begin);
    }
  };
  walk(chains, 1, undefined);
  return longest;
}

export const median = (values) => {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
