import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { takePhotos } from '../fixtures/actions.ts';
import { logIn, openMenu, toast } from '../fixtures/app.ts';
import { STAFF_PASSWORD, WARSAW_COORDINATOR } from '../fixtures/biuro.ts';
import { actionIdByName, readDatabase, writeDatabase } from '../fixtures/database.ts';
import { createPromoterWithActions } from '../fixtures/promoters.ts';

// Issue 25, the promoter's side of the review loop (decision 093): her report sent back with a note,
// what she adds, 'Wyślij ponownie do akceptacji', and 'Zaakceptowana'. The coordinator's part is played
// through the back office's API here; the full loop through both screens is its own spec.

const REPORT_ACTION = 'Promocja glo i velo — Carrefour Arkadia';
const NOTE = 'Brakuje zdjęcia ekspozycji po ułożeniu. Dodaj je i uzupełnij ankietę.';
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The Warsaw coordinator decides on her report through /api/admin/reports/review. */
async function review(
  request: APIRequestContext,
  report: { action: string; promoter: string },
  decision: 'approved' | 'changes_requested',
) {
  const login = await request.post('/api/admin/auth/login', { data: { username: WARSAW_COORDINATOR, password: STAFF_PASSWORD } });
  const token = ((await login.json()) as { data: { token: { token: string } } }).data.token.token;
  const body = {
    action: { uuid: report.action },
    promoter: { ident: report.promoter },
    decision,
    ...(decision === 'changes_requested' ? { reason: 'photos', note: NOTE } : {}),
  };
  const answer = await request.post('/api/admin/reports/review', { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status(), await answer.text()).toBe(200);
}

const reviewState = (action: string) =>
  readDatabase(
    (db) => (db.prepare('select state from report_reviews where action_id = ?').get(action) as { state: string } | undefined)?.state,
  );

test('her report sent back: "Do poprawy" with the note, she sends the end photos and the survey again, resubmits, and then reads "Zaakceptowana"', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const ewa = await createPromoterWithActions('Ewa');
  const action = actionIdByName(ewa.username, REPORT_ACTION);
  const ident = readDatabase(
    (db) => (db.prepare('select ident from users where username = ?').get(ewa.username) as { ident: string }).ident,
  );
  // The organiser's part: the seeded day has no territory; the Warsaw coordinator's is Warszawa Centrum.
  // A name of its own: the demo's action of that name and hours is there already (one action per
  // event, territory, times and name, decision 106).
  const name = `${REPORT_ACTION} ${ident}`;
  writeDatabase(
    `update actions set name = ?, territory_id = (select id from territories where ident = 'WAW-CENTRUM') where id = ?`,
    name,
    action,
  );
  await review(request, { action, promoter: ident }, 'changes_requested');

  // Every call of her phone says what waits in its outbox, once the outbox has read its database.
  const outboxHeaders: (string | null)[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/api/')) outboxHeaders.push(sent.headers()['x-outbox'] ?? null);
  });

  await logIn(page, ewa);
  // On top of her action list at once, with the note (issue 33 item 18), until she resubmits.
  const onTop = page.getByRole('region', { name: 'Raport do poprawy' });
  await expect(onTop).toContainText(name);
  await expect(onTop).toContainText(NOTE);
  await expect(onTop.getByRole('link', { name: 'Popraw raport' })).toHaveAttribute('href', `/raport/${action}`);
  await page.screenshot({ path: 'test-results-shots/akcje-raport-do-poprawy-360.png', fullPage: true });
  await openMenu(page);
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Raporty' }).click();
  const listed = page.getByRole('link', { name: new RegExp(`^${name} Do poprawy \\d{2}-\\d{2}-\\d{4}$`) });
  await expect(listed).toBeVisible();
  await shot(page, 'raporty-do-poprawy');
  await listed.click();

  const fix = page.getByRole('region', { name: 'Do poprawy' });
  await expect(fix).toContainText('Powód: Zdjęcia');
  await expect(fix).toContainText('Uwagi koordynatora:');
  await expect(fix).toContainText(NOTE);
  await shot(page, 'raport-do-poprawy');

  // The end photos again: front and rear, as on the finish screen; back on her report afterwards.
  await fix.getByRole('link', { name: 'Wyślij ponownie zdjęcia z zakończenia akcji' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zdjęcia z zakończenia akcji' })).toBeVisible();
  await takePhotos(page);
  await shot(page, 'zdjecia-koncowe-ponownie');
  await page.getByRole('button', { name: 'Wyślij zdjęcia' }).click();
  await expect(toast(page, 'Zdjęcia zapisane. Zostaną wysłane do koordynatora.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/raport/${action}$`));

  // The survey again: offered though her first one is stored.
  await page.getByRole('region', { name: 'Do poprawy' }).getByRole('link', { name: 'Wyślij ponownie zdjęcia produktów i ankietę' }).click();
  await expect(page.getByText('Poprawka raportu: wyślij zdjęcia i ankietę jeszcze raz. Zastąpią wysłane wcześniej.')).toBeVisible();
  await shot(page, 'ankieta-ponownie');
  for (const step of ['Zdjęcie przed ułożeniem ekspozycji', 'Zdjęcie po ułożeniu ekspozycji']) {
    await page.getByRole('button', { name: `Dodaj zdjęcie: ${step}` }).click();
    await page.getByRole('dialog', { name: 'Wybierz sposób' }).getByRole('button', { name: 'Aparat' }).click();
    const camera = page.getByRole('dialog', { name: 'Aparat' });
    await camera.getByRole('button', { name: 'Zrób zdjęcie', exact: true }).click();
    await camera.getByRole('button', { name: 'Akceptuj' }).click();
    await expect(camera).toBeHidden();
  }
  for (const question of [
    'Czy nasze produkty są wyeksponowane na meblu?',
    'Czy planogram został przygotowany?',
    'Czy przeprowadzono szkolenie dla detalisty?',
  ]) {
    await page.getByRole('group', { name: question }).getByRole('radio', { name: 'tak' }).check();
  }
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await page.getByRole('dialog', { name: 'Dziękujemy' }).getByRole('button', { name: 'Zamknij' }).click();
  await page.getByRole('link', { name: 'Wróć do raportu' }).click();

  await page.getByRole('button', { name: 'Wyślij ponownie do akceptacji' }).click();
  const resubmitted = page.getByRole('region', { name: 'Wysłana ponownie' });
  await expect(resubmitted).toContainText('Raport wysłany ponownie do akceptacji.');
  await shot(page, 'raport-wyslany-ponownie');
  expect(reviewState(action)).toBe('resubmitted');
  const resent = readDatabase(
    (db) =>
      db
        .prepare(`select ident from action_files where action_id = ? and ident in ('start', 'end', 'bereal_end') order by ident`)
        .all(action) as {
        ident: string;
      }[],
  );
  expect(resent.map((file) => file.ident)).toEqual(['bereal_end', 'bereal_end', 'end', 'start']);

  // Up to here one page load: once its outbox was read, every call said what waits (a reload starts over).
  const known = outboxHeaders.slice(outboxHeaders.findIndex((value) => value !== null));
  expect(known.length).toBeGreaterThan(5);
  for (const value of known) expect(value).toMatch(/^(0|\d+; \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)$/);

  // Resubmitted: no longer on top of her list.
  const toFixRead = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/action/report/to-fix');
  await page.goto('/akcje');
  expect((await toFixRead).ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Aktualnie trwające akcje:' })).toBeVisible();
  await expect(onTop).toHaveCount(0);
  await page.goto(`/raport/${action}`);

  await review(request, { action, promoter: ident }, 'approved');
  await page.reload();
  await expect(page.locator('.report-summary')).toContainText('Zaakceptowana');
  await expect(page.getByRole('region', { name: /Do poprawy|Wysłana ponownie/ })).toHaveCount(0);
  await shot(page, 'raport-zaakceptowany');
});
