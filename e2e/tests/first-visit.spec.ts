import { gzipSync } from 'node:zlib';
import { expect, type Page, type Response } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { logIn } from '../fixtures/app.ts';
import { createPromoter } from '../fixtures/promoters.ts';

// What a phone really fetches on its first visit to / (docs/performance.md). The budget is the README's:
// 110 KB of gzipped JavaScript for the login page.
const BUDGET_BYTES = 110 * 1024;

type Fetched = { url: string; type: string; encoding: string | undefined; transferred: number; decoded: Buffer };

/** Opens `url` in the (fresh) page and records every response until the network is idle. */
async function visit(page: Page, url: string): Promise<Fetched[]> {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(url, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible();
  return Promise.all(
    responses.map(async (response) => ({
      url: new URL(response.url()).pathname,
      type: response.request().resourceType(),
      encoding: (await response.allHeaders())['content-encoding'],
      transferred: (await response.request().sizes()).responseBodySize,
      decoded: await response.body(),
    })),
  );
}

const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;

test('a first visit to / fetches at most 110 KB of gzipped JavaScript, then login still works', async ({ page }) => {
  const fetched = await visit(page, '/');
  const scripts = fetched.filter((f) => f.type === 'script');
  const total = scripts.reduce((sum, f) => sum + gzipSize(f.decoded), 0);
  const listing = scripts.map((f) => `${f.url} ${gzipSize(f.decoded)} B`).join('\n');
  test.info().annotations.push({ type: 'first visit', description: `${scripts.length} scripts, ${total} B gzipped` });
  expect(total, `scripts fetched by /:\n${listing}`).toBeLessThanOrEqual(BUDGET_BYTES);
  // The header (and its menu) belong to the pages after login, not to the login page.
  expect(scripts.map((f) => f.url).filter((url) => /\/assets\/header-/.test(url))).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('first-visit-360.png') });

  const promoter = await createPromoter('Fiona');
  await logIn(page, promoter);
  await expect(page.getByRole('button', { name: 'Otwórz menu' })).toBeVisible();
});

test('nothing on the first screen moves while the app starts (no layout shift)', async ({ page }) => {
  await page.addInitScript(() => {
    // Each shift with what moved (tag.class#id), so a failure names the element, not just a number.
    const shifts: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = shifts;
    type Shift = { value: number; sources?: { node?: Element | null }[] };
    const name = (node?: Element | null) => (node ? `${node.nodeName.toLowerCase()}.${node.className}#${node.id}` : '?');
    new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => {
        const shift = entry as unknown as Shift;
        shifts.push(`${shift.value.toFixed(5)} ${(shift.sources ?? []).map((source) => name(source.node)).join(', ')}`);
      }),
    ).observe({
      type: 'layout-shift',
      buffered: true,
    });
  });
  // A slow start, as on a phone: the loading screen shows before the login page replaces it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
});

test('the app shell comes compressed with brotli and is transferred smaller than it is', async ({ page }) => {
  const fetched = await visit(page, '/');
  const text = fetched.filter((f) => ['document', 'script', 'stylesheet'].includes(f.type));
  expect(text.map((f) => f.type)).toEqual(expect.arrayContaining(['document', 'script', 'stylesheet']));
  for (const f of text) {
    expect.soft(f.encoding, f.url).toBe('br');
    expect.soft(f.transferred, f.url).toBeLessThan(f.decoded.length);
  }
  const transferred = fetched.filter((f) => f.type === 'script').reduce((sum, f) => sum + f.transferred, 0);
  expect(transferred).toBeLessThanOrEqual(BUDGET_BYTES);
});
