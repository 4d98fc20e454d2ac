import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { deskPage, submitStaffLogin, WARSAW_COORDINATOR } from '../fixtures/biuro.ts';
import { readDatabase, writeDatabase } from '../fixtures/database.ts';

// Issue 38 (decision 138), 'Zdjęcia': the brand's client sees approved reports' photos without anyone's
// name or hostess code, and has no promoter filter; the Warsaw coordinator sees the same photo with
// her code. The photo is added to one of the demo's approved reports (the seed's review loop).

const CLIENT = 'klient@demo.pl';
const SHOTS = process.env.E2E_SHOTS_DIR;

type Blob = { blob_key: string; content_type: string };
type Approved = { action_id: string; user_id: string; ident: string; firstname: string; lastname: string; since: string };

/** One approved report of the demo, with her code and name. */
const approvedReport = () =>
  readDatabase(
    (db) =>
      db
        .prepare(
          `select r.action_id, r.user_id, u.ident, u.firstname, u.lastname, a.since from report_reviews r
           join users u on u.id = r.user_id join actions a on a.id = r.action_id
           join action_assignments s on s.action_id = r.action_id and s.user_id = r.user_id
           where r.state = 'approved' and s.status = 'finished' and a.territory_id is not null order by a.since desc limit 1`,
        )
        .get() as Approved,
  );

async function openPhotos(page: Page, username: string, from: string, to: string) {
  await page.goto('/biuro');
  await submitStaffLogin(page, username);
  await expect(page.getByRole('navigation', { name: 'Menu biura' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Menu biura' }).getByRole('link', { name: 'Zdjęcia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zdjęcia' })).toBeVisible();
  await page.goto(`/biuro/zdjecia?od=${from}&do=${to}`);
}

test("the client's Zdjęcia shows approved reports' photos with no names and no promoter filter", async ({ browser }) => {
  const report = approvedReport();
  const id = randomUUID();
  const now = new Date();
  // The bytes of one of the demo's photos: its thumbnail and full size are there to see.
  const bytes = readDatabase(
    (db) => db.prepare('select blob_key, content_type from action_files order by created_at limit 1').get() as Blob,
  );
  writeDatabase(
    `insert into action_files (id, action_id, user_id, ident, position, blob_key, content_type, size, created_at)
     values (?, ?, ?, 'bereal_end', 90, ?, ?, 1, ?)`,
    id,
    report.action_id,
    report.user_id,
    bytes.blob_key,
    bytes.content_type,
    now.toISOString(),
  );
  // From a month back (the demo's reviewed reports and their photos) to today in Warsaw (the one added).
  const warsawDay = (at: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(at);
  const [from, to] = [warsawDay(new Date(now.getTime() - 31 * 86_400_000)), warsawDay(now)];

  const client = await deskPage(browser);
  await openPhotos(client, CLIENT, from, to);
  const grid = client.getByRole('list').filter({ has: client.locator('.photo-tile') });
  await expect(grid.locator('.photo-tile').first()).toBeVisible();
  await expect(client.getByLabel('Promotor (kod hostessy)')).toHaveCount(0);
  const text = await client.locator('main').innerText();
  expect(text).not.toContain(report.ident);
  expect(text).not.toContain(report.lastname);
  if (SHOTS) await client.screenshot({ path: `${SHOTS}/int-library-client.png`, fullPage: true });

  const coordinator = await deskPage(browser);
  await openPhotos(coordinator, WARSAW_COORDINATOR, from, to);
  await expect(coordinator.getByLabel('Promotor (kod hostessy)')).toBeVisible();
  await expect(coordinator.locator('main')).toContainText(report.ident);
  // A photo's point narrows the page to it (no one types a point's id), and its chip brings all back.
  const onlyPoint = coordinator.getByRole('button', { name: /^Tylko punkt / }).first();
  const pointName = ((await onlyPoint.textContent()) ?? '').replace(/^Tylko punkt /, '');
  await onlyPoint.click();
  await expect(coordinator.getByRole('button', { name: `Pokaż wszystkie punkty zamiast: ${pointName}` })).toBeVisible();
  await expect(coordinator).toHaveURL(/punkt=/);
  for (const caption of await coordinator.locator('.photo-tile__point').allTextContents()) expect(caption).toBe(pointName);
  if (SHOTS) await coordinator.screenshot({ path: `${SHOTS}/int-library-point.png` });
  await coordinator.getByRole('button', { name: `Pokaż wszystkie punkty zamiast: ${pointName}` }).click();
  await expect(coordinator).not.toHaveURL(/punkt=/);
  if (SHOTS) {
    await coordinator.waitForLoadState('networkidle');
    await coordinator.screenshot({ path: `${SHOTS}/int-library-1280.png` });
    await coordinator.setViewportSize({ width: 768, height: 1024 });
    await coordinator.screenshot({ path: `${SHOTS}/int-library-768.png` });
    await coordinator.locator('.photo-tile__image').first().click();
    await expect(coordinator.getByRole('dialog')).toBeVisible();
    await coordinator.screenshot({ path: `${SHOTS}/int-library-768-dialog.png` });
  }
});
