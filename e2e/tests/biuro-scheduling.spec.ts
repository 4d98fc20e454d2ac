import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { appNow, newContext, test } from '../fixtures/test.ts';
import { DESK, staffLogIn, WARSAW_COORDINATOR } from '../fixtures/biuro.ts';
import { logIn } from '../fixtures/app.ts';
import { createPromoter } from '../fixtures/promoters.ts';
import { readDatabase } from '../fixtures/database.ts';

// Issue 34's day of a coordinator: she adds a point to the register, plans an action there for Anna and
// repeats it over the next two days — one of them a day Anna marked in her phone's calendar as free only
// in the morning, so the copy asks first — copies the whole week to the next one, finds those copies on
// 'Nieobsadzone', downloads Anna's hours, and Anna's phone shows the new actions. Anna is a promoter of
// this test's own (a fresh 'Anna Testowa' of WAW-CENTRUM), in a week eight weeks ahead that no other test
// plans in, so that the week copied holds only what this test made. Eight, not nine: her Tuesday must
// fall inside her calendar's window (to the end of the month two months ahead: 61 days at the least);
// nine weeks from a Monday at the end of November was 64 days, and the calendar refused it.
test.use(DESK);

const ZONE = 'Europe/Warsaw';

/** The Monday `weeks` weeks after this week's, as 'YYYY-MM-DD' in the app's zone, and days after it. */
function mondayAhead(weeks: number): (days: number) => string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(appNow());
  const noon = new Date(`${today}T12:00:00Z`);
  const sinceMonday = (noon.getUTCDay() + 6) % 7;
  return (days: number) => {
    const day = new Date(noon);
    day.setUTCDate(noon.getUTCDate() - sinceMonday + weeks * 7 + days);
    return day.toISOString().slice(0, 10);
  };
}

/** Her actions as stored: day and time of each, oldest first. */
function herActions(username: string): { id: string; since: string; until: string }[] {
  return readDatabase(
    (db) =>
      db
        .prepare(
          `select a.id, a.since, a.until from actions a join action_assignments s on s.action_id = a.id
           join users u on u.id = s.user_id where u.username = ? order by a.since`,
        )
        .all(username) as { id: string; since: string; until: string }[],
  );
}

async function downloadText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: (await readFile(await download.path())).toString('utf8') };
}

test('a coordinator adds a point, plans and repeats an action for Anna across her morning-only day, copies the week, downloads her hours; Anna sees the actions', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const anna = await createPromoter('Anna');
  const code = readDatabase(
    (db) => (db.prepare('select ident from users where username = ?').get(anna.username) as { ident: string }).ident,
  );
  const day = mondayAhead(8);
  const run = Date.now().toString(36);
  const pointName = `Żabka Hoża ${run}`;
  const name = `Degustacja grafik ${run}`;

  // Her phone's calendar: on Tuesday she can work only from 8 to 10.
  const login = await request.post('/api/auth/login', { data: { username: anna.username, password: anna.password } });
  const token = (await login.json()).data.token.token as string;
  const block = await request.post('/api/availability/create', {
    data: { availability: { since: `${day(1)} 08:00:00`, until: `${day(1)} 10:00:00` } },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(block.status()).toBe(200);

  // A point of the register.
  await staffLogIn(page, WARSAW_COORDINATOR);
  await page.getByRole('link', { name: 'Punkty' }).click();
  await page.getByRole('button', { name: 'Dodaj punkt' }).click();
  const pointPanel = page.getByRole('dialog', { name: 'Nowy punkt' });
  await pointPanel.getByLabel('Terytorium').selectOption('WAW-CENTRUM');
  await pointPanel.getByLabel('Nazwa punktu').fill(pointName);
  await pointPanel.getByLabel('Ulica i numer').fill('ul. Hoża 40');
  await pointPanel.getByLabel('Kod pocztowy').fill('00-516');
  await pointPanel.getByLabel('Miasto').fill('Warszawa');
  await pointPanel.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dodano punkt.' })).toBeVisible();
  const pointCode = readDatabase((db) => (db.prepare('select code from points where name = ?').get(pointName) as { code: string }).code);

  // Monday's action at that point, for Anna.
  await page.goto(`/biuro/plan?dzien=${day(0)}`);
  await page.getByRole('button', { name: 'Dodaj akcję' }).click();
  const form = page.getByRole('dialog', { name: 'Nowa akcja' });
  await form.getByLabel('Wydarzenie (identyfikator)').fill('EV-2026-SAMPLING');
  await form.getByLabel('Nazwa akcji').fill(name);
  await form.getByLabel('Terytorium').selectOption('WAW-CENTRUM');
  await form.getByLabel('Dzień').fill(day(0));
  await form.getByLabel('Od godziny').fill('11:00');
  await form.getByLabel('Do godziny').fill('17:00');
  await form.getByLabel('Szukaj punktu w rejestrze').fill(run);
  await form.getByRole('button', { name: `${pointName} — ul. Hoża 40, 00-516 Warszawa (${pointCode})` }).click();
  await expect(form.getByText(`Punkt z rejestru: ${pointCode}.`, { exact: false })).toBeVisible();
  await form.getByRole('checkbox', { name: `Anna Testowa (${code})` }).check();
  await form.getByRole('button', { name: 'Zapisz', exact: true }).click();
  const saved = page.getByRole('dialog', { name: `Akcja: ${name}` });
  await expect(saved).toBeVisible();

  // Repeated on Tuesday and Wednesday with Anna: Tuesday is outside what she marked, so it asks first.
  await saved.getByRole('radio', { name: 'Powtarzaj w wybrane dni tygodnia' }).check();
  await saved.getByRole('checkbox', { name: 'wtorek' }).check();
  await saved.getByRole('checkbox', { name: 'środa' }).check();
  await saved.getByLabel('Do dnia (włącznie)').fill(day(2));
  await saved.getByRole('checkbox', { name: /^Z przypisanymi promotorami/ }).check();
  await expect(saved.getByText('Powstanie 2 kopie:')).toBeVisible();
  await saved.getByRole('button', { name: 'Kopiuj', exact: true }).click();
  await expect(saved.getByRole('alertdialog', { name: 'Konflikt terminów — czy na pewno?' })).toContainText(
    'Anna Testowa: ten czas wykracza poza dostępność, którą zgłosiła na ten dzień w kalendarzu. Zgłoszona dostępność: 08:00–10:00.',
  );
  expect(herActions(anna.username)).toHaveLength(1);
  await saved.getByRole('button', { name: 'Kopiuj mimo to' }).click();
  await expect(saved.getByText('Utworzono 2 kopie.').first()).toBeVisible();
  const hers = herActions(anna.username);
  expect(hers.map((a) => [a.since.slice(0, 16), a.until.slice(11, 16)])).toEqual([
    [`${day(0)} 11:00`, '17:00'],
    [`${day(1)} 11:00`, '17:00'],
    [`${day(2)} 11:00`, '17:00'],
  ]);
  await saved.getByRole('button', { name: 'Zamknij', exact: true }).first().click();

  // The week to the next one, without promoters: three actions left to staff on 'Nieobsadzone'.
  await page.getByRole('button', { name: 'Kopiuj tydzień' }).click();
  const week = page.getByRole('dialog', { name: /^Kopiuj tydzień/ });
  await week.getByLabel('Terytorium').selectOption('WAW-CENTRUM');
  await expect(week.getByText('Akcje do skopiowania: 3')).toBeVisible();
  await week.getByRole('button', { name: 'Kopiuj', exact: true }).click();
  await expect(week.getByText('Utworzono 3 kopie.').first()).toBeVisible();
  await page.goto(`/biuro/nieobsadzone?dzien=${day(7)}`);
  const open = page.getByRole('table').getByRole('row').filter({ hasText: name });
  await expect(open).toHaveCount(3);

  // Her hours of those two weeks: three planned days of six hours, nothing worked yet.
  await page.goto(`/biuro/eksporty?od=${day(0)}&do=${day(13)}&promotor=${code}`);
  const hours = await downloadText(page, () => page.getByRole('button', { name: 'Godziny pracy' }).click());
  expect(hours.name).toMatch(/\.csv$/);
  const lines = hours.text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toContain('Plan (min)');
  const herLines = lines.slice(1).filter((line) => line.includes(code));
  expect(herLines.map((line) => line.split(';').slice(2, 5))).toEqual([
    [day(0), '1', '360'],
    [day(1), '1', '360'],
    [day(2), '1', '360'],
    ['Razem', '3', '1080'],
  ]);

  // Her phone: each new action opens with its name and its day (spec §2's 'd-M-yyyy').
  const phone = await (
    await newContext(browser, {
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 360, height: 640 },
      isMobile: true,
      hasTouch: true,
      locale: 'pl-PL',
      timezoneId: ZONE,
      serviceWorkers: 'block',
    })
  ).newPage();
  await logIn(phone, anna);
  for (const action of hers) {
    await phone.goto(`/akcja/${action.id}`);
    await expect(phone.getByRole('heading', { name })).toBeVisible();
    const [y, m, d] = action.since.slice(0, 10).split('-').map(Number);
    await expect(phone.getByText(`${d}-${m}-${y}, 11:00–17:00`)).toBeVisible();
  }
  await phone.context().close();
});
