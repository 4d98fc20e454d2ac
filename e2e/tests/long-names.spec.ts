import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ZABKA, actionItem, startInDatabase } from '../fixtures/actions.ts';
import { logIn } from '../fixtures/app.ts';
import { readDatabase, writeDatabase } from '../fixtures/database.ts';
import { createPromoterWithActions } from '../fixtures/promoters.ts';
import { test } from '../fixtures/test.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

// Issue 33 item 15: on a 360×640 phone a name that is one unbroken 60-character string wraps instead
// of widening the page (her list was 401 px wide), and a sheet's buttons stay on the screen (the
// voucher sheet's 'Anuluj' and 'Potwierdź' fell off it).

/** One word of 60 characters, different in each test. */
const longWord = (prefix: string) => `${prefix}${randomBytes(30).toString('hex')}`.slice(0, 60).toUpperCase();

/** How far the page reaches past the phone's width (0: it does not scroll sideways). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('an action and a point named by one 60-character word wrap on her list and the detail', async ({ page }) => {
  const promoter = await createPromoterWithActions('Iga');
  const name = longWord('AKCJA');
  const point = longWord('PUNKT');
  const actionId = startInDatabase(promoter.username, ZABKA);
  writeDatabase('update actions set name = ? where id = ?', name, actionId);
  writeDatabase('update action_points set name = ?, street_address = ? where action_id = ?', point, point, actionId);

  await logIn(page, promoter);
  const item = actionItem(page, name);
  await expect(item).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  expect((await item.boundingBox())!.width).toBeLessThanOrEqual(360);

  await item.click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText(point).first()).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/long-names-detail-360.png`, fullPage: true });

  // Her calendar shows the action in today's column: the name stays inside it.
  await page.goto('/kalendarz');
  await expect(page.getByRole('link', { name: new RegExp(`^${name} `) }).first()).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
});

test("the voucher sheet's 'Anuluj' and 'Potwierdź' are on the 640 px screen with a 60-character code and batch", async ({ page }) => {
  const promoter = await createPromoterWithActions('Ola');
  // Opened over her list, where her started action's name is one long word too.
  const name = longWord('AKCJA');
  writeDatabase('update actions set name = ? where id = ?', name, startInDatabase(promoter.username, ZABKA));
  const batch = longWord('PARTIA');
  const codes = readDatabase(
    (db) =>
      db
        .prepare(
          `select v.id from vouchers v join voucher_batches b on b.id = v.batch_id join users u on u.id = v.assigned_to
            where u.username = ? and b.ident = 'glo hyper X2'`,
        )
        .all(promoter.username) as { id: string }[],
  );
  for (const code of codes) writeDatabase('update vouchers set ident = ? where id = ?', longWord('KOD'), code.id);
  writeDatabase(
    `update voucher_batches set ident = ? where ident = 'glo hyper X2' and id in
       (select v.batch_id from vouchers v join users u on u.id = v.assigned_to where u.username = ?)`,
    batch,
    promoter.username,
  );

  await logIn(page, promoter);
  await expect(actionItem(page, name)).toContainText('W trakcie');
  await page.getByRole('banner').getByRole('button', { name: 'Kody promocyjne' }).click();
  const picker = page.getByRole('dialog', { name: 'Wybierz kategorię:' });
  await picker.getByRole('button', { name: batch }).click();
  const list = page.getByRole('dialog', { name: `Kody: ${batch}` });
  await expect(list.getByRole('listitem')).toHaveCount(codes.length);
  expect(await sidewaysOverflow(page)).toBe(0);

  const first = list.getByRole('listitem').first();
  const ident = (await first.locator('.voucher-codes__ident').innerText()).trim();
  await first.getByRole('button', { name: `Wydaj kod ${ident}` }).click();
  const sheet = page.getByRole('dialog', { name: `Wydaję kod ${ident}:` });
  await expect(sheet.getByRole('button', { name: 'Anuluj' })).toBeInViewport({ ratio: 1 });
  await expect(sheet.getByRole('button', { name: 'Potwierdź' })).toBeInViewport({ ratio: 1 });
  expect(await sidewaysOverflow(page)).toBe(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/long-names-voucher-sheet-360.png` });
  await sheet.getByRole('button', { name: 'Potwierdź' }).click();
  await expect(sheet).toBeHidden();
});
