import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { ARKADIA, ZABKA } from '../fixtures/actions.ts';
import { deskPage, STAFF_PASSWORD, WARSAW_COORDINATOR } from '../fixtures/biuro.ts';
import { actionIdByName, readDatabase, writeDatabase } from '../fixtures/database.ts';
import { createPromoterWithActions } from '../fixtures/promoters.ts';

// Issue 39, the back office without a mouse: a coordinator logs in, reaches 'Raporty' by Tab, sends one
// report back with a note and approves the next — by keyboard alone (no click, no fill). What she sees
// is asserted, and where focus is: on the table's row again each time the panel closes.

const NOTE = 'Brakuje zdjęcia ekspozycji po ułożeniu.';
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Presses `key` until `target` has focus (a stop at a time, as she would), failing past `max` presses. */
async function pressUntilFocused(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 40) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** Two of her actions of today finished, in the Warsaw coordinator's territory, under names of their own. */
function twoFinishedReports(username: string, ident: string): string[] {
  return [ZABKA, ARKADIA].map((seeded) => {
    const action = actionIdByName(username, seeded);
    const name = `${seeded} ${ident}`;
    writeDatabase(
      `update actions set name = ?, territory_id = (select id from territories where ident = 'WAW-CENTRUM') where id = ?`,
      name,
      action,
    );
    writeDatabase(
      `update action_assignments set status = 'finished', last_status_at = (select since from actions where id = ?)
        where action_id = ? and user_id = (select id from users where username = ?)`,
      action,
      action,
      username,
    );
    return name;
  });
}

test('a coordinator reviews by keyboard alone: one report sent back with a note, the next approved, focus back on the table', async ({
  browser,
}) => {
  // About 70 key presses, each awaited: well under the default 30 s alone, not on a machine shared with
  // other runs (40 s seen at a load of 13 on two cores).
  test.setTimeout(90_000);
  const promoter = await createPromoterWithActions('Ola');
  const ident = readDatabase(
    (db) => (db.prepare('select ident from users where username = ?').get(promoter.username) as { ident: string }).ident,
  );
  const names = twoFinishedReports(promoter.username, ident);
  const desk = await deskPage(browser);
  const keys = desk.keyboard;

  await desk.goto('/biuro');
  await pressUntilFocused(desk, desk.getByLabel('Login (adres email)'));
  // Her login and password as one input each (a password manager's way); the note below is typed key by key.
  await keys.insertText(WARSAW_COORDINATOR);
  await keys.press('Tab');
  await keys.insertText(STAFF_PASSWORD);
  await keys.press('Enter');
  await expect(desk.getByRole('heading', { level: 1, name: 'Promotorzy' })).toBeVisible();

  // The first Tab stop: 'Przejdź do treści', seen once it has focus; then the menu, to 'Raporty'.
  const skip = desk.getByRole('link', { name: 'Przejdź do treści' });
  await keys.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await shot(desk, 'biuro-klawiatura-przejdz-do-tresci');
  await pressUntilFocused(desk, desk.getByRole('navigation', { name: 'Menu biura' }).getByRole('link', { name: 'Raporty' }));
  await expect(skip).not.toBeInViewport();
  await keys.press('Enter');
  await expect(desk.getByRole('heading', { level: 1, name: 'Raporty' })).toBeVisible();

  // Back to the top, and past the menu in one step.
  await pressUntilFocused(desk, skip, 'Shift+Tab');
  await keys.press('Enter');
  await expect(desk.getByRole('main')).toBeFocused();

  // The date filter keeps its ring on each of its parts, the year too (the finding).
  const from = desk.getByLabel('Od dnia');
  await keys.press('Tab');
  await expect(from).toBeFocused();
  await keys.press('Tab');
  await keys.press('Tab');
  await expect(from).toHaveCSS('outline-style', 'solid');
  await shot(desk, 'biuro-klawiatura-data-rok');

  await pressUntilFocused(desk, desk.getByLabel('Promotor (kod hostessy)'));
  await keys.insertText(ident);
  await expect(desk).toHaveURL(new RegExp(`promotor=${ident}`));
  const table = desk.getByRole('table', { name: 'Raporty' });
  await expect(table.getByRole('button', { name: /^Otwórz raport: / })).toHaveCount(2);

  // The first report: open it from its row, ask for changes with a note.
  const openFirst = table.getByRole('button', { name: /^Otwórz raport: / }).first();
  await pressUntilFocused(desk, openFirst);
  const firstName = (await openFirst.textContent()) ?? '';
  expect(names).toContain(firstName);
  await keys.press('Enter');
  const panel = desk.getByRole('dialog', { name: `Raport: ${firstName} — Ola Testowa` });
  await expect(panel.getByRole('button', { name: 'Zamknij' })).toBeFocused();
  // Shift+Tab from its first stop goes round to its last, not to the page behind.
  await keys.press('Shift+Tab');
  await expect(panel.locator(':focus')).toHaveCount(1);
  await pressUntilFocused(desk, panel.getByRole('button', { name: 'Poproś o poprawki…' }));
  await keys.press('Enter');
  await expect(panel.getByLabel('Powód')).toBeFocused();
  await keys.press('Tab');
  await expect(panel.getByLabel('Co trzeba poprawić')).toBeFocused();
  await keys.type(NOTE);
  await pressUntilFocused(desk, panel.getByRole('button', { name: 'Wyślij prośbę o poprawki' }));
  await keys.press('Enter');
  await expect(panel.getByText('Czekamy na poprawki promotora.')).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Historia oceny' })).toContainText(NOTE);
  await keys.press('Escape');
  await expect(panel).toBeHidden();
  await expect(openFirst).toBeFocused();
  await shot(desk, 'biuro-klawiatura-fokus-w-tabeli');
  await expect(table.getByRole('row').filter({ hasText: firstName })).toContainText('Do poprawy');

  // The next report: down the table to its row, approve it.
  const secondName = names.find((name) => name !== firstName)!;
  const openSecond = table
    .getByRole('row')
    .filter({ hasText: secondName })
    .getByRole('button', { name: /^Otwórz raport: / });
  await pressUntilFocused(desk, openSecond);
  await keys.press('Enter');
  const second = desk.getByRole('dialog', { name: `Raport: ${secondName} — Ola Testowa` });
  await pressUntilFocused(desk, second.getByRole('button', { name: 'Zatwierdź', exact: true }));
  await keys.press('Enter');
  await expect(second.getByText('Raport jest zaakceptowany.')).toBeVisible();
  await keys.press('Escape');
  await expect(second).toBeHidden();
  await expect(openSecond).toBeFocused();
  await expect(table.getByRole('row').filter({ hasText: secondName })).toContainText('Zaakceptowany');
  await expect(table.getByRole('row').filter({ hasText: firstName })).toContainText('Do poprawy');
});
