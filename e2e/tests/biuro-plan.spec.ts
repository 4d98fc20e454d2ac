import { expect, type Browser } from '@playwright/test';
import { appNow, newContext, test } from '../fixtures/test.ts';
import { DESK, KRAKOW_COORDINATOR, staffLogIn, WARSAW_COORDINATOR } from '../fixtures/biuro.ts';
import { logIn } from '../fixtures/app.ts';
import { ANNA, type Promoter } from '../fixtures/promoters.ts';
import { actionIdByName, readDatabase } from '../fixtures/database.ts';

// Issue 24: the Warsaw coordinator plans an action from a CSV file; the promoter's phone shows it and,
// once cancelled, 'Odwołana'; the Kraków coordinator never sees it. For Anna, as the issue names her:
// the action is tomorrow's and ends cancelled, so what other tests read of her list (today's actions,
// her running one) stays as it was. At a desk for the staff and on the phone for her.
test.use(DESK);

const HEADER = 'event;name;territory;date;from;to;point_name;street;postal_code;city;petra_id;latitude;longitude;promoters';

/** Her hostess code (users.ident): what the plan's CSV names her by. */
const hostessCode = (username: string) =>
  readDatabase((db) => (db.prepare('select ident from users where username = ?').get(username) as { ident: string }).ident);

/**
 * Tomorrow in the app's time zone (Europe/Warsaw), as the CSV's dates are written: today's date there
 * plus one calendar day. Not now + 24 h: in the first hour of a 25-hour day (October) that is still
 * today, and late on the day before a 23-hour one (March) it is the day after tomorrow.
 */
function tomorrow(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(appNow());
  const noon = new Date(`${today}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + 1);
  return noon.toISOString().slice(0, 10);
}

async function onHerPhone(browser: Browser, promoter: Promoter, check: (page: import('@playwright/test').Page) => Promise<void>) {
  const context = await newContext(browser, {
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await logIn(page, promoter);
  await check(page);
  await context.close();
}

test('the Warsaw coordinator imports a plan for Anna, Anna sees it, the coordinator cancels it; Kraków sees nothing of it', async ({
  page,
  browser,
}) => {
  const code = hostessCode(ANNA.username);
  const day = tomorrow();
  // A name of this run's own: a re-import of an earlier run's cancelled action would be refused.
  const name = `Degustacja e2e ${Date.now().toString(36)}`;
  const csv = `${HEADER}\nGLO-E2E;${name};WAW-CENTRUM;${day};12:00;16:00;Złote Tarasy;ul. Złota 59;00-120;Warszawa;;52.2301;21.0027;${code}\n`;

  await staffLogIn(page, WARSAW_COORDINATOR);
  await page.getByRole('navigation', { name: 'Menu biura' }).getByRole('link', { name: 'Plan' }).click();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const panel = page.getByRole('dialog', { name: 'Import planu z pliku CSV' });
  await panel.getByLabel('Plik CSV').setInputFiles({ name: 'plan.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await panel.getByRole('button', { name: 'Sprawdź plik' }).click();
  // The dry run: what would change, nothing written yet.
  await expect(panel.getByRole('heading', { name: 'Podgląd zmian (nic jeszcze nie zapisano)' })).toBeVisible();
  await expect(panel.getByText('Nowe akcje: 1')).toBeVisible();
  await expect(panel.getByRole('row').filter({ hasText: name })).toContainText(code);
  await panel.getByRole('button', { name: 'Zapisz plan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Zapisano plan: nowe akcje 1' })).toBeVisible();

  await page.goto(`/biuro/plan?dzien=${day}`);
  const row = page
    .getByRole('table', { name: /WAW-CENTRUM/ })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row).toContainText('Anna Nowak');
  await expect(row).toContainText('Zaplanowana');

  // Tomorrow's: not on 'Aktualnie trwające akcje:' (decision 111), but hers, on its detail.
  const actionId = actionIdByName(ANNA.username, name);
  await onHerPhone(browser, ANNA, async (phone) => {
    await expect(phone.getByRole('heading', { name: 'Aktualnie trwające akcje:' })).toBeVisible();
    await expect(phone.getByText(name)).toHaveCount(0);
    await phone.goto(`/akcja/${actionId}`);
    await expect(phone.getByRole('heading', { name })).toBeVisible();
  });

  await row.getByRole('button', { name: /Edytuj/ }).click();
  const actionPanel = page.getByRole('dialog', { name: `Akcja: ${name}` });
  await actionPanel.getByRole('button', { name: 'Odwołaj akcję…' }).click();
  await actionPanel.getByRole('button', { name: 'Odwołaj akcję', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Akcja odwołana.' })).toBeVisible();
  await expect(row).toContainText('Odwołana');

  await onHerPhone(browser, ANNA, async (phone) => {
    await phone.goto(`/akcja/${actionId}`);
    await expect(phone.getByRole('heading', { name })).toBeVisible();
    await expect(phone.getByText('Odwołana', { exact: true })).toBeVisible();
  });

  await page.getByRole('button', { name: 'Wyloguj' }).click();
  await staffLogIn(page, KRAKOW_COORDINATOR);
  await page.goto(`/biuro/plan?dzien=${day}`);
  await expect(page.getByRole('heading', { name: 'Plan', level: 1 })).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
});

test('a file with a bad row is refused with the errors by row, and nothing is written', async ({ page }) => {
  const day = tomorrow();
  const csv = `${HEADER}\nGLO-E2E;Zła data;WAW-CENTRUM;2026-13-45;12:00;16:00;Arkadia;al. Jana Pawła II 82;00-175;Warszawa;;;;\nGLO-E2E;Zła godzina;WAW-CENTRUM;${day};25:00;16:00;Rynek;Rynek Główny 1;31-042;Kraków;;;;\n`;
  await staffLogIn(page, WARSAW_COORDINATOR);
  await page.goto('/biuro/plan');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const panel = page.getByRole('dialog', { name: 'Import planu z pliku CSV' });
  await panel.getByLabel('Plik CSV').setInputFiles({ name: 'plan.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await panel.getByRole('button', { name: 'Sprawdź plik' }).click();
  await expect(panel.getByRole('alert')).toContainText('Błędy w pliku');
  await expect(panel.getByRole('row', { name: /^2 date / })).toBeVisible();
  await expect(panel.getByRole('row', { name: /^3 from / })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Zapisz plan' })).toHaveCount(0);
});
