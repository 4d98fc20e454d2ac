import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { DESK, STAFF_PASSWORD, submitStaffLogin } from '../fixtures/biuro.ts';
import { serverCommand } from '../fixtures/promoters.ts';
import { test } from '../fixtures/test.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

// Issue 33 item 14: no page of the back office scrolls sideways, on a desk (1280×800) or a tablet
// (768×1024): wide tables scroll inside their own box, and nothing (not even a visually hidden column
// header) reaches past it. Measured as the walkthrough measured it: the document's scrollWidth against
// the viewport, on every page, as a staff member whose roles open every page (admin and privacy).

test.beforeEach(() => test.setTimeout(120_000));

const PAGES = [
  { path: '/biuro/promotorzy', heading: 'Promotorzy' },
  { path: '/biuro/plan', heading: 'Plan' },
  { path: '/biuro/nieobsadzone', heading: 'Nieobsadzone akcje' },
  { path: '/biuro/punkty', heading: 'Punkty' },
  { path: '/biuro/vouchery', heading: 'Vouchery' },
  { path: '/biuro/raporty', heading: 'Raporty' },
  { path: '/biuro/zdjecia', heading: 'Zdjęcia' },
  { path: '/biuro/eksporty', heading: 'Eksporty' },
  { path: '/biuro/konsumenci', heading: 'Konsumenci' },
  { path: '/biuro/wnioski', heading: 'Wnioski' },
  { path: '/biuro/dziennik', heading: 'Dziennik zdarzeń' },
  { path: '/biuro/na-zywo', heading: 'Dzień na żywo' },
  { path: '/biuro/pulpit', heading: 'Pulpit' },
] as const;

const SIZES = [
  { name: 'desk', width: 1280, height: 800 },
  { name: 'tablet', width: 768, height: 1024 },
] as const;

/** A staff member of her own whose roles open every page of the back office. */
async function everyPageStaff(): Promise<string> {
  const username = `e2e-wszystko-${randomBytes(4).toString('hex')}@demo.pl`;
  await serverCommand('admin', [
    'create-staff',
    '--username',
    username,
    '--password',
    STAFF_PASSWORD,
    '--role',
    'admin',
    '--role',
    'privacy',
  ]);
  return username;
}

/** How far the page reaches past the viewport's width (0: it does not scroll sideways). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function openPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  // Its data drawn: no loading state left on the page.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.biuro-spinner')).toHaveCount(0);
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} no page of the back office scrolls sideways`, async ({ browser }) => {
    const username = await everyPageStaff();
    const context = await browser.newContext({ ...DESK, viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    await page.goto('/biuro');
    await submitStaffLogin(page, username);
    await expect(page.getByRole('navigation', { name: 'Menu biura' })).toBeVisible();
    const overflows: Record<string, number> = {};
    for (const { path, heading } of PAGES) {
      await openPage(page, path, heading);
      overflows[path] = await sidewaysOverflow(page);
      // For a person to look at (E2E_SHOTS_DIR, as the other specs): full pages cost a second each.
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/biuro-layout-${size.width}${path.replaceAll('/', '-')}.png`, fullPage: true });
    }
    expect(overflows).toEqual(Object.fromEntries(PAGES.map(({ path }) => [path, 0])));
    await context.close();
  });
}

test("at 1280×800 the plan's table fits its box, 'Edytuj' whole, and the menu's dark column runs the page's length", async ({
  browser,
}) => {
  const username = await everyPageStaff();
  const context = await browser.newContext(DESK);
  const page = await context.newPage();
  await page.goto('/biuro');
  await submitStaffLogin(page, username);
  await expect(page.getByRole('navigation', { name: 'Menu biura' })).toBeVisible();
  await openPage(page, '/biuro/plan', 'Plan');
  // Every territory's table (with the demo's longest words) within its box, each 'Edytuj' whole.
  const viewport = page.viewportSize()!;
  const tables = await page.getByRole('table').all();
  expect(tables.length).toBeGreaterThan(1);
  for (const table of tables) {
    await expect(table.getByRole('button', { name: /^Edytuj:/ }).first()).toBeVisible();
    const fits = await table.evaluate((element) => ({ table: element.scrollWidth, box: element.parentElement!.clientWidth }));
    expect(fits.table).toBeLessThanOrEqual(fits.box);
    for (const edit of await table.getByRole('button', { name: /^Edytuj:/ }).all()) {
      const at = (await edit.boundingBox())!;
      expect(at.x + at.width).toBeLessThanOrEqual(viewport.width);
    }
  }

  // The menu's dark column runs the page's whole length, not only the first screen's; scrolled to the
  // end of the long plan, its links are still in view.
  const column = await page.getByRole('banner').evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    page: document.documentElement.scrollHeight,
  }));
  expect(column.page).toBeGreaterThan(viewport.height);
  // scrollHeight is a whole number of pixels, rounded; the column's height may end in a fraction.
  expect(Math.round(column.height)).toBeGreaterThanOrEqual(column.page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('navigation', { name: 'Menu biura' }).getByRole('link', { name: 'Plan' })).toBeInViewport();
  await context.close();
});
