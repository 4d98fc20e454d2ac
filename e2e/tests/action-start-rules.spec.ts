import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { logIn } from '../fixtures/app.ts';
import { ARKADIA, ZABKA, actionItem, fillStartForm, startInDatabase } from '../fixtures/actions.ts';
import { actionIdByName, countRows, readDatabase } from '../fixtures/database.ts';
import { createPromoterWithActions } from '../fixtures/promoters.ts';

// Issue 6: when a start cannot go on, she is told before the form; a two-point action chooses its
// point one way from the list and from the detail (docs/decisions/046–048).

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

test('while another action runs, she is told before the start form and led to its finish', async ({ page }) => {
  const ewa = await createPromoterWithActions('Ewa');
  const runningId = startInDatabase(ewa.username, ZABKA);
  const arkadiaId = actionIdByName(ewa.username, ARKADIA);
  const said = `Masz już rozpoczętą akcję „${ZABKA}”. Zakończ ją, zanim rozpoczniesz następną.`;
  const toFinish = `Przejdź do zakończenia akcji „${ZABKA}”`;
  await logIn(page, ewa);
  await expect(actionItem(page, ZABKA)).toContainText('W trakcie');

  // On the list: no location chooser, no form — the reason, right under the link.
  const start = page.getByRole('link', { name: `Rozpocznij: ${ARKADIA}` });
  await start.click();
  await expect(page.getByRole('alert')).toContainText(said);
  await expect(start).toHaveAccessibleDescription(new RegExp(said));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/akcje$/);
  await shot(page, 'list-another-running');

  // On the detail page.
  await actionItem(page, ARKADIA).click();
  await page.getByRole('button', { name: 'Rozpocznij', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(said);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Below the button, on a 360×640 screen: the whole note and its link are brought into view.
  await expect(page.getByRole('link', { name: toFinish })).toBeInViewport({ ratio: 1 });
  await shot(page, 'detail-another-running');

  // The start address opened directly: the reason instead of the form and the camera.
  await page.goto(`/akcja/start/${arkadiaId}`);
  await expect(page.getByRole('heading', { name: 'Rozpoczynanie akcji' })).toBeVisible();
  await expect(page.getByText(said)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nr kasoterminala' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Zrób zdjęcia' })).toHaveCount(0);
  await shot(page, 'start-address-another-running');

  await page.getByRole('link', { name: toFinish }).click();
  await expect(page).toHaveURL(new RegExp(`/akcja/koniec/${runningId}$`));
  await expect(page.getByRole('heading', { name: 'Zakończenie akcji' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Inne' })).toBeVisible();
  expect(countRows('action_files', `action_id = ? and ident = 'bereal_start'`, arkadiaId)).toBe(0);
});

test('a tap on the dimmed "Rozpocznij" of an action without a point says why', async ({ page }) => {
  // Her own day, made now (the demo's is made when the server starts, and a run may cross midnight).
  await logIn(page, await createPromoterWithActions('Ula'));
  await actionItem(page, 'Pokaz glo — punkt do ustalenia').click();
  const start = page.getByRole('button', { name: 'Rozpocznij', exact: true });
  await expect(start).toHaveAttribute('aria-disabled', 'true');
  // A person can tap a dimmed button; Playwright would wait for it to be enabled, so force the tap.
  await start.click({ force: true });
  const why = 'Tej akcji nie można jeszcze rozpocząć: nie ma przypisanej lokalizacji.';
  await expect(page.getByRole('alert')).toHaveText(why);
  await expect(start).toHaveAccessibleDescription(why);
  await expect(page).toHaveURL(/\/akcja\/[^/]+$/);
  await shot(page, 'detail-no-point');
});

for (const entry of ['list', 'detail'] as const) {
  test(`a two-point action started from the ${entry} asks where first and checks in at the chosen point`, async ({ page }) => {
    const iga = await createPromoterWithActions('Iga');
    await logIn(page, iga);
    if (entry === 'list') {
      await page.getByRole('link', { name: `Rozpocznij: ${ARKADIA}` }).click();
    } else {
      await actionItem(page, ARKADIA).click();
      await page.getByRole('button', { name: 'Rozpocznij', exact: true }).click();
    }
    const chooser = page.getByRole('dialog', { name: 'Wybierz lokalizację' });
    await expect(chooser.getByRole('button')).toHaveText([/^P-10877 Carrefour Arkadia/, /^P-10878 Kiosk Arkadia, poziom 0/, 'Anuluj']);
    await shot(page, `${entry}-location-chooser`);
    await chooser.getByRole('button', { name: /Kiosk Arkadia, poziom 0/ }).click();

    await expect(page).toHaveURL(/\/akcja\/start\/[^/?]+\?punkt=/);
    await expect(page.getByText('P-10878 Kiosk Arkadia, poziom 0, al. Jana Pawła II 82, 00-175 Warszawa')).toBeVisible();
    await fillStartForm(page, 'AB12');
    await page.getByRole('button', { name: 'Rozpocznij', exact: true }).click();
    await expect(actionItem(page, ARKADIA)).toContainText('W trakcie');

    const checkIn = readDatabase((db) =>
      db
        .prepare(
          `select p.name from action_status_events e join action_points p on p.id = e.action_point_id
            where e.action_id = ? and e.kind = 'check_in'`,
        )
        .all(actionIdByName(iga.username, ARKADIA)),
    );
    expect(checkIn).toEqual([{ name: 'Kiosk Arkadia, poziom 0' }]);
  });
}
