import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { ZABKA, actionItem, fillEndForm, fillStartForm, startInDatabase } from '../fixtures/actions.ts';
import { logIn, openMenu } from '../fixtures/app.ts';
import { actionIdByName, countRows } from '../fixtures/database.ts';
import { createPromoterWithActions } from '../fixtures/promoters.ts';

// Issue 20 item 7, decision 076: leaving the start or end form (back link, menu, reload) keeps what she
// entered, photos included, until she sends it, discards it, or logs out.

test.beforeEach(() => test.setTimeout(60_000));

const RESTORED = 'Przywrócono dane wpisane wcześniej w tym formularzu.';

/** Both preview photos are shown with real pixels (the Blobs came back from IndexedDB). */
async function expectPhotos(page: Page) {
  for (const name of ['Zdjęcie z przedniego aparatu', 'Zdjęcie z tylnego aparatu']) {
    const photo = page.getByRole('img', { name });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
}

test('the start form she left by the back link and reloaded keeps the checklist, the cash terminal and both photos; sent, it starts', async ({
  page,
}) => {
  const promoter = await createPromoterWithActions('Hela');
  await logIn(page, promoter);
  await page.getByRole('link', { name: `Rozpocznij: ${ZABKA}` }).click();
  await fillStartForm(page, 'K77');
  await page.getByRole('link', { name: 'Wróć do akcji' }).click();
  await expect(page).toHaveURL(/\/akcje$/);

  await page.getByRole('link', { name: `Rozpocznij: ${ZABKA}` }).click();
  await expect(page.getByText(RESTORED)).toBeVisible();
  await page.reload();

  await expect(page.getByText(RESTORED)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Posiadam tablet' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Nr kasoterminala' })).toHaveValue('K77');
  await expectPhotos(page);
  await page.screenshot({ path: 'test-results-shots/start-form-draft.png' });

  await page.getByRole('button', { name: 'Rozpocznij', exact: true }).click();
  await expect(page).toHaveURL(/\/akcje$/);
  await expect(actionItem(page, ZABKA)).toContainText('W trakcie');
  const actionId = actionIdByName(promoter.username, ZABKA);
  await expect.poll(() => countRows('action_files', `action_id = ? and ident = 'bereal_start'`, actionId)).toBe(2);
});

test("the end form she left through the menu keeps 'Inne', its text and both photos; a logout forgets it", async ({ page }) => {
  const promoter = await createPromoterWithActions('Irena');
  startInDatabase(promoter.username, ZABKA);
  await logIn(page, promoter);
  await page.getByRole('link', { name: `Zakończ: ${ZABKA}` }).click();
  await fillEndForm(page, 'Awaria prądu w sklepie');
  await openMenu(page);
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Kalendarz' }).click();
  await expect(page).toHaveURL(/\/kalendarz$/);

  await openMenu(page);
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Akcje' }).click();
  await page.getByRole('link', { name: `Zakończ: ${ZABKA}` }).click();

  await expect(page.getByText(RESTORED)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Inne' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Opisz powód' })).toHaveValue('Awaria prądu w sklepie');
  await expectPhotos(page);
  await page.screenshot({ path: 'test-results-shots/end-form-draft.png' });

  // 'Anuluj' would give the draft up: she is asked first, and may stay.
  await page.getByRole('button', { name: 'Anuluj', exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Usunąć wpisane dane?' });
  await expect(question).toContainText('Zaznaczenia, wpisany tekst i zdjęcia z tego formularza zostaną usunięte z telefonu.');
  await page.waitForTimeout(1100); // for the picture only: the sheet's opening animation (spec §9)
  await page.screenshot({ path: 'test-results-shots/end-form-discard.png' });
  await question.getByRole('button', { name: 'Anuluj' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Opisz powód' })).toHaveValue('Awaria prądu w sklepie');

  await openMenu(page);
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Wyloguj' }).click();
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, promoter);
  await page.getByRole('link', { name: `Zakończ: ${ZABKA}` }).click();
  await expect(page.getByRole('radio', { name: 'Inne' })).not.toBeChecked();
  await expect(page.getByText(RESTORED)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Zrób zdjęcia' })).toBeVisible();
});
