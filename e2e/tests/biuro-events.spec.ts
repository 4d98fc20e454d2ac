import { expect } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { ADMIN, DESK, deskPage, staffLogIn, WARSAW_COORDINATOR } from '../fixtures/biuro.ts';

// Issue 34 (decision 123): the admin adds a campaign on 'Wydarzenia'; the Warsaw coordinator, who reads
// the list but cannot change it, plans a file naming it. At a desk.
test.use(DESK);

const HEADER = 'event;name;territory;date;from;to;point_name;street;postal_code;city;petra_id;latitude;longitude;promoters';

test("the admin adds an event on 'Wydarzenia'; the coordinator reads it there and plans a file naming it", async ({ page, browser }) => {
  const run = Date.now().toString(36).toUpperCase();
  const ident = `EV-E2E-${run}`;
  await staffLogIn(page, ADMIN);
  await page.getByRole('navigation', { name: 'Menu biura' }).getByRole('link', { name: 'Wydarzenia' }).click();
  await expect(page.getByRole('heading', { name: 'Wydarzenia', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Dodaj wydarzenie' }).click();
  const panel = page.getByRole('dialog', { name: 'Nowe wydarzenie' });
  await panel.getByLabel('Identyfikator').fill(ident);
  await panel.getByLabel('Nazwa').fill(`Kampania ${run}`);
  await panel.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dodano wydarzenie.' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Wydarzenia' }).getByRole('row').filter({ hasText: ident })).toContainText(
    `Kampania ${run}`,
  );

  const desk = await deskPage(browser);
  await staffLogIn(desk, WARSAW_COORDINATOR);
  await desk.goto('/biuro/wydarzenia');
  await expect(desk.getByRole('table', { name: 'Wydarzenia' }).getByRole('row').filter({ hasText: ident })).toBeVisible();
  await expect(desk.getByText('Zmieniać je może tylko administrator.')).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Dodaj wydarzenie' })).toHaveCount(0);

  await desk.goto('/biuro/plan');
  await desk.getByRole('button', { name: 'Import CSV' }).click();
  const importing = desk.getByRole('dialog', { name: 'Import planu z pliku CSV' });
  const csv = `${HEADER}\n${ident};Akcja ${run};WAW-CENTRUM;2031-03-03;10:00;16:00;Złote Tarasy;ul. Złota 59;00-120;Warszawa;;52.2301;21.0027;\n`;
  await importing.getByLabel('Plik CSV').setInputFiles({ name: 'plan.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await importing.getByRole('button', { name: 'Sprawdź plik' }).click();
  await expect(importing.getByText('Nowe akcje: 1')).toBeVisible();
  await importing.getByRole('button', { name: 'Zapisz plan' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'Zapisano plan: nowe akcje 1' })).toBeVisible();
  await desk.context().close();

  // The admin's list counts the action the file planned.
  await page.reload();
  const row = page.getByRole('table', { name: 'Wydarzenia' }).getByRole('row').filter({ hasText: ident });
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
});
