import { expect, type Page } from '@playwright/test';
import { appNow, test } from '../fixtures/test.ts';
import { logIn } from '../fixtures/app.ts';
import { readDatabase } from '../fixtures/database.ts';
import { createPromoter, type Promoter } from '../fixtures/promoters.ts';

// spec §2 Calendar (/kalendarz): create, edit ('Zapisz', decision 057) and delete a block; an overlap
// is refused in Polish. Her own promoter, so that no other test's blocks overlap hers.

const ZONE = 'Europe/Warsaw';

/** Tomorrow in the server's zone: 'YYYY-MM-DD' and the column's name ('środa 26 listopada'). */
function tomorrow(): { day: string; name: string } {
  // Today's date there plus one calendar day: now + 24 h is still today in the first hour of a 25-hour day.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(appNow());
  const noon = new Date(`${today}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + 1);
  const day = noon.toISOString().slice(0, 10);
  const name = new Intl.DateTimeFormat('pl-PL', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(noon);
  return { day, name: name.replace(',', '') };
}

function storedBlocks(promoter: Promoter): { since: string; until: string }[] {
  return readDatabase(
    (db) =>
      db
        .prepare('select since, until from availability where user_id = (select id from users where username = ?) order by since')
        .all(promoter.username) as { since: string; until: string }[],
  );
}

async function setHours(page: Page, dialogName: string, from: string, to: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByLabel('Od godziny').fill(from);
  await dialog.getByLabel('Do godziny').fill(to);
  return dialog;
}

test('she adds, moves and removes an availability block; an overlapping one is refused in Polish', async ({ page }) => {
  const promoter = await createPromoter('Kalina');
  const { day, name } = tomorrow();
  await logIn(page, promoter);
  await page.goto('/kalendarz');
  await expect(page.getByRole('heading', { name: 'Kalendarz' })).toBeVisible();
  const column = page.getByRole('group', { name });

  // An empty cell: from the tapped hour, to 18:00 by default (§9).
  await column.getByRole('button', { name: `Dodaj dostępność: ${name}, 10:00` }).click();
  let dialog = page.getByRole('dialog', { name: 'Podaj zakres dostępności' });
  await expect(dialog.getByLabel('Od godziny')).toHaveValue('10');
  await expect(dialog.getByLabel('Do godziny')).toHaveValue('18');
  dialog = await setHours(page, 'Podaj zakres dostępności', '10', '14');
  await dialog.getByRole('button', { name: 'Gotowe' }).click();
  await expect(dialog).toBeHidden();
  const created = column.getByRole('button', { name: 'Dostępność 10:00–14:00' });
  await expect(created).toContainText('Dostępność');
  expect(storedBlocks(promoter)).toEqual([{ since: `${day} 10:00:00`, until: `${day} 14:00:00` }]);

  // 'Zapisz' moves it.
  await created.click();
  dialog = await setHours(page, 'Edytuj zakres dostępności', '12', '16');
  await dialog.getByRole('button', { name: 'Zapisz' }).click();
  await expect(dialog).toBeHidden();
  await expect(column.getByRole('button', { name: 'Dostępność 12:00–16:00' })).toBeVisible();
  await expect(column.getByRole('button', { name: 'Dostępność 10:00–14:00' })).toHaveCount(0);
  expect(storedBlocks(promoter)).toEqual([{ since: `${day} 12:00:00`, until: `${day} 16:00:00` }]);

  // 08:00–18:00 would overlap 12:00–16:00: the server's refusal, in Polish, inside the popup.
  await column.getByRole('button', { name: `Dodaj dostępność: ${name}, 08:00` }).click();
  dialog = page.getByRole('dialog', { name: 'Podaj zakres dostępności' });
  await dialog.getByRole('button', { name: 'Gotowe' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Ten zakres nachodzi na inny zakres dostępności.');
  await expect(dialog.getByLabel('Od godziny')).toHaveValue('8');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(storedBlocks(promoter)).toHaveLength(1);

  // 'Usuń' removes it.
  await column.getByRole('button', { name: 'Dostępność 12:00–16:00' }).click();
  dialog = page.getByRole('dialog', { name: 'Edytuj zakres dostępności' });
  await dialog.getByRole('button', { name: 'Usuń' }).click();
  await expect(dialog).toBeHidden();
  await expect(column.getByRole('button', { name: /^Dostępność/ })).toHaveCount(0);
  await expect(column.getByRole('button', { name: `Dodaj dostępność: ${name}, 12:00` })).toBeVisible();
  expect(storedBlocks(promoter)).toEqual([]);
});
