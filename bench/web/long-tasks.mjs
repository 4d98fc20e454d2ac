// Long tasks under a real 4× CPU slowdown (Chromium's Emulation.setCPUThrottlingRate), counted by a
// PerformanceObserver in the page: until 1.5 s after the login form shows, and for Promotor also from
// tapping 'Dalej' until /akcje shows her list. Part of `npm run bench:web` (bench/web-startup.mjs).
/* global window, document, PerformanceObserver, MutationObserver -- the observer and evaluate() run in the page */
import { chromium } from 'playwright';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const AFTER_FORM_MS = 1500;

// Runs before any script of the page: records every long task and when the login form appeared.
const observer = () => {
  const w = window;
  w.__bench = { tasks: [], formAt: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const seen = () => {
    if (w.__bench.formAt === null && document.querySelector('form button[type=submit]')) w.__bench.formAt = performance.now();
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
};

const sum = (tasks) => Math.round(tasks.reduce((total, t) => total + t.duration, 0));
const longest = (tasks) => Math.round(Math.max(0, ...tasks.map((t) => t.duration)));

async function scriptMs(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Math.round((metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000);
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
}

/**
 * Opens `base`/ in a fresh context at 4× slowdown: the form's time, long tasks until 1.5 s after it,
 * and script time. With `login`, then logs in and waits for her list on /akcje.
 */
export async function longTaskRun(browser, base, login) {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(observer);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    await page.goto(`${base}/`);
    await page.locator('form button[type=submit]').waitFor();
    await page.waitForTimeout(AFTER_FORM_MS);
    const first = await page.evaluate(() => window.__bench);
    const until = first.formAt + AFTER_FORM_MS;
    const startTasks = first.tasks.filter((t) => t.start < until);
    const result = {
      formMs: Math.round(first.formAt),
      longTaskMs: sum(startTasks),
      longest: longest(startTasks),
      scriptMs: await scriptMs(cdp),
    };
    if (login) Object.assign(result, await toActions(page, cdp, login));
    return result;
  } finally {
    await context.close();
  }
}

/** Logs in and waits for her list: long tasks, the longest, script time and the wall time it took. */
async function toActions(page, cdp, { username, password, listSelector }) {
  await page.getByRole('textbox', { name: 'Adres email' }).fill(username);
  await page.getByLabel('Hasło').fill(password);
  const before = await page.evaluate(() => ({ at: performance.now(), count: window.__bench.tasks.length }));
  const scriptBefore = await scriptMs(cdp);
  await page.getByRole('button', { name: 'Dalej' }).click();
  await page.waitForURL(/\/akcje$/);
  await page.locator(listSelector).first().waitFor();
  const shownAt = await page.evaluate(() => performance.now());
  await page.waitForTimeout(500); // a long task still running when the list shows is reported after it ends
  const tasks = (await page.evaluate(() => window.__bench.tasks)).slice(before.count).filter((t) => t.start < shownAt);
  return {
    actionsMs: Math.round(shownAt - before.at),
    actionsLongTaskMs: sum(tasks),
    actionsLongest: longest(tasks),
    actionsScriptMs: (await scriptMs(cdp)) - scriptBefore,
  };
}
