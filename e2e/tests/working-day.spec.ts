import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { appNow, test } from '../fixtures/test.ts';
import { fillEndForm, fillStartForm } from '../fixtures/actions.ts';
import { logIn, toast } from '../fixtures/app.ts';
import { deskPage, staffLogIn, submitStaffLogin, WARSAW_COORDINATOR } from '../fixtures/biuro.ts';
import { createPromoter, type Promoter } from '../fixtures/promoters.ts';
import { PERSON, newConsumer, registerThroughWebform, seedGloDevice } from '../fixtures/webform.ts';

// Issue 33's working day, as a company runs it, asserting at each step what the back office says: the
// Warsaw coordinator imports the plan; Anna starts on her phone, registers a consumer, hands out a code
// and finishes; the coordinator sends the report back; Anna sees it on top of her list and resubmits;
// it is approved; the month's export counts it; the privacy officer erases the consumer. The action's
// status follows her (decision 110) in Plan and in the export, and the totals add up (decision 112).
// Only the app's own screens and calls: npm test runs this spec on PostgreSQL too (E2E_DATABASE_URL).

const HEADER = 'wydarzenie;nazwa;terytorium;data;od;do;punkt;ulica;kod_pocztowy;miasto;petra_id;szerokosc;dlugosc;promotorzy';
const NOTE = 'Dopisz w raporcie, ile osób podeszło do stoiska.';

/** Today in Warsaw as a Polish spreadsheet writes it (30.11.2026), and as the plan's address reads it. */
function today() {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(appNow()).split('-');
  return { polish: `${day}.${month}.${year}`, iso: `${year}-${month}-${day}` };
}

/** Her hostess code, as `createPromoter` made it from her username (e2e-<id>@demo.pl → E2E<ID>). */
const hostessCode = (promoter: Promoter) => `E2E${promoter.username.slice(4, 12).toUpperCase()}`;

const atDesk = deskPage;

const menu = (desk: Page, link: string) => desk.getByRole('navigation', { name: 'Menu biura' }).getByRole('link', { name: link }).click();

/**
 * The action's status in today's Plan of Warszawa Centrum, read anew until it is `status`: her phone
 * sends a start or an end from its outbox a moment after she tapped.
 */
async function expectPlanStatus(desk: Page, name: string, status: string): Promise<void> {
  await expect(async () => {
    await desk.goto(`/biuro/plan?dzien=${today().iso}`);
    const row = desk
      .getByRole('table', { name: /WAW-CENTRUM/ })
      .getByRole('row')
      .filter({ hasText: name });
    await expect(row).toContainText(status, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** The report's row on Raporty, filtered to her code. */
async function reportRow(desk: Page, code: string, name: string): Promise<Locator> {
  await desk.goto(`/biuro/raporty?promotor=${code}`);
  await expect(desk.getByRole('heading', { level: 1, name: 'Raporty' })).toBeVisible();
  return desk.getByRole('table', { name: 'Raporty' }).getByRole('row').filter({ hasText: name });
}

/** actions.csv of this month for her code, as the coordinator downloads it: her action's row by header. */
async function exportedRow(desk: Page, code: string, name: string): Promise<Record<string, string>> {
  await desk.goto(`/biuro/eksporty?promotor=${code}`);
  const [download] = await Promise.all([desk.waitForEvent('download'), desk.getByRole('button', { name: 'Akcje', exact: true }).click()]);
  const [header, ...rows] = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(';').map((cell) => cell.replace(/^"|"$/g, '')));
  const row = rows.find((cells) => cells[header!.indexOf('Nazwa akcji')] === name);
  expect(row, `${name} in actions.csv`).toBeDefined();
  return Object.fromEntries(header!.map((column, i) => [column, row![i]!]));
}

test('a working day from the plan to the erasure: the status and the totals the back office shows at each step', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const [anna, serial] = await Promise.all([createPromoter('Anna'), seedGloDevice()]);
  const code = hostessCode(anna);
  const name = `Promocja glo — Złote Tarasy ${code}`;
  const consumer = newConsumer();
  const desk = await atDesk(browser);

  // 1. The coordinator imports today's plan from a Polish spreadsheet: Polish headers, a dd.mm.yyyy date.
  await staffLogIn(desk, WARSAW_COORDINATOR);
  await menu(desk, 'Plan');
  await desk.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Import planu z pliku CSV' });
  const csv = `${HEADER}\nEV-2026-SAMPLING;${name};WAW-CENTRUM;${today().polish};0:00;23:59;Złote Tarasy;ul. Złota 59;00-120;Warszawa;;52,2301;21,0027;${code}\n`;
  await dialog.getByLabel('Plik CSV').setInputFiles({ name: 'plan.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Sprawdź plik' }).click();
  await expect(dialog.getByText('Nowe akcje: 1')).toBeVisible();
  // It began at midnight: a start before now is confirmed on purpose (decision 113).
  for (const box of await dialog.getByRole('checkbox').all()) await box.check();
  await dialog.getByRole('button', { name: 'Zapisz plan' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'Zapisano plan: nowe akcje 1' })).toBeVisible();
  await expectPlanStatus(desk, name, 'Zaplanowana');

  // 2. Anna starts it on her phone: the Plan says 'W trakcie'.
  await logIn(page, anna);
  await page.getByRole('link', { name: `Rozpocznij: ${name}` }).click();
  await fillStartForm(page, 'K123');
  await page.getByRole('button', { name: 'Rozpocznij', exact: true }).click();
  await expect(page).toHaveURL(/\/akcje$/);
  await expectPlanStatus(desk, name, 'W trakcie');

  // 3. She registers a consumer with a glo, and hands out a code from the pool she is given.
  await registerThroughWebform(page, consumer, serial);
  await page.goto('/akcje');
  await page.getByRole('banner').getByRole('button', { name: 'Kody promocyjne' }).click();
  await page.getByRole('dialog', { name: 'Wybierz kategorię:' }).getByRole('button', { name: 'vuse go' }).click();
  const codes = page.getByRole('dialog', { name: 'Kody: vuse go' });
  await codes.getByRole('button', { name: 'Generuj kody' }).click();
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const first = codes.getByRole('listitem').first();
  const voucher = (await first.locator('.voucher-codes__ident').innerText()).trim();
  await first.getByRole('button', { name: `Wydaj kod ${voucher}` }).click();
  await page
    .getByRole('dialog', { name: `Wydaję kod ${voucher}:` })
    .getByRole('button', { name: 'Potwierdź' })
    .click();
  await expect(toast(page, 'Wydano kod.')).toBeVisible();
  await page.keyboard.press('Escape');

  // 4. She finishes (before the planned end, so with a reason): 'Zakończona', the report 'Przesłany'.
  await page.getByRole('link', { name: `Zakończ: ${name}` }).click();
  await fillEndForm(page, 'Koniec zmiany w sklepie');
  await page.getByRole('button', { name: 'Zakończ', exact: true }).click();
  await expect(page).toHaveURL(/\/akcje$/);
  await expectPlanStatus(desk, name, 'Zakończona');
  let report = await reportRow(desk, code, name);
  await expect(async () => {
    await desk.reload();
    await expect(report).toContainText('Przesłany', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // 5. The coordinator reads the panel — one registration, and its table sums to it — and sends it back.
  await report.getByRole('button', { name: /^Otwórz raport: / }).click();
  const panel = desk.getByRole('dialog', { name: new RegExp(`^Raport: ${name}`) });
  await expect(panel.getByText('Rejestracje').first()).toBeVisible();
  await expect(panel.getByRole('row', { name: /Razem \(rejestracje\)/ })).toContainText('1');
  await panel.getByRole('button', { name: 'Poproś o poprawki…' }).click();
  await panel.getByLabel('Powód').selectOption({ label: 'Inne' });
  await panel.getByLabel('Co trzeba poprawić').fill(NOTE);
  await panel.getByRole('button', { name: 'Wyślij prośbę o poprawki' }).click();
  await expect(panel.getByText('Czekamy na poprawki promotora.')).toBeVisible();
  await desk.keyboard.press('Escape');
  await expect(report).toContainText('Do poprawy');

  // 6. On her phone the report to fix is on top of her list, with the note; she resubmits.
  await page.reload();
  const toFix = page.getByRole('region', { name: 'Raport do poprawy' });
  await expect(toFix).toContainText(name);
  await expect(toFix).toContainText(NOTE);
  await toFix.getByRole('link', { name: 'Popraw raport' }).click();
  await page.getByRole('button', { name: 'Wyślij ponownie do akceptacji' }).click();
  await expect(page.getByRole('region', { name: 'Wysłana ponownie' })).toContainText('Raport wysłany ponownie do akceptacji.');
  await page.goto('/akcje');
  await expect(page.getByRole('heading', { level: 1, name: 'Aktualnie trwające akcje:' })).toBeVisible();
  await expect(toFix).toHaveCount(0);

  // 7. The coordinator approves: 'Zaakceptowany' in Raporty, 'Zaakceptowana' in Plan.
  report = await reportRow(desk, code, name);
  await expect(async () => {
    await desk.reload();
    await expect(report).toContainText('Przesłany ponownie', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await report.getByRole('button', { name: /^Otwórz raport: / }).click();
  await panel.getByRole('button', { name: 'Zatwierdź', exact: true }).click();
  await expect(panel.getByText('Raport jest zaakceptowany.')).toBeVisible();
  await desk.keyboard.press('Escape');
  await expect(report).toContainText('Zaakceptowany');
  await expectPlanStatus(desk, name, 'Zaakceptowana');

  // 8. The month's export says what the screens said, and counts what she did.
  expect(await exportedRow(desk, code, name)).toMatchObject({
    'Kod hostessy': code,
    'Jej status': 'Zakończona',
    'Stan raportu': 'Zaakceptowany',
    'Status akcji': 'Zaakceptowana',
    Rejestracje: '1',
    'Wydane kody': '1',
  });

  // 9. The privacy officer erases the consumer; the card says so, the export still counts her registration.
  await desk.getByRole('button', { name: 'Wyloguj' }).click();
  await submitStaffLogin(desk, 'rodo@demo.pl');
  await expect(desk).toHaveURL(/\/biuro\/konsumenci$/);
  const find = desk.getByRole('form', { name: 'Wyszukiwanie konsumenta' });
  await find.getByLabel('Adres e-mail').fill(consumer.email);
  await find.getByLabel('Powód wyszukiwania').fill('Wniosek konsumentki o usunięcie danych (test e2e)');
  await find.getByRole('button', { name: 'Szukaj' }).click();
  await desk.getByRole('button', { name: `Otwórz kartę: ${PERSON.firstName} ${PERSON.lastName}` }).click();
  await expect(desk).toHaveURL(/konsument=/);
  const consumerId = new URL(desk.url()).searchParams.get('konsument')!;
  const requests = desk.getByRole('region', { name: 'Wnioski konsumenta' });
  await requests.getByRole('button', { name: 'Nowy wniosek' }).click();
  await requests.getByLabel('Rodzaj wniosku').selectOption({ label: 'Usunięcie danych' });
  await requests.getByRole('button', { name: 'Zapisz wniosek' }).click();
  await requests.getByRole('button', { name: 'Otwórz wniosek: Usunięcie danych' }).click();
  const request = desk.getByRole('dialog', { name: 'Wniosek: Usunięcie danych' });
  await request.getByRole('button', { name: 'Usuń dane konsumenta…' }).click();
  await request.getByRole('checkbox', { name: 'Rozumiem, że usuniętych danych nie da się przywrócić.' }).check();
  await request.getByRole('button', { name: 'Usuń dane bezpowrotnie' }).click();
  await expect(request.getByRole('status').filter({ hasText: 'Dane konsumenta zostały usunięte.' })).toBeVisible();
  await desk.keyboard.press('Escape');
  await expect(desk.getByRole('region', { name: 'Dane' })).toContainText(/Dane usunięte \d{2}\.\d{2}\.\d{4}/);
  await expect(desk.getByRole('region', { name: 'Dane' })).not.toContainText(consumer.email);
  // No search finds her now: Wnioski leads to her card, which says she was erased (issue 33 item 13).
  await menu(desk, 'Wnioski');
  await desk.getByLabel('Rodzaj').selectOption({ label: 'Usunięcie danych' });
  await desk
    .getByRole('link', { name: `Karta konsumenta ${consumerId.slice(0, 8)}` })
    .first()
    .click();
  await expect(desk.getByRole('region', { name: 'Dane' })).toContainText(/Dane usunięte \d{2}\.\d{2}\.\d{4}/);
  await desk.getByRole('button', { name: 'Wyloguj' }).click();
  await staffLogIn(desk, WARSAW_COORDINATOR);
  expect(await exportedRow(desk, code, name)).toMatchObject({ 'Status akcji': 'Zaakceptowana', Rejestracje: '1', 'Wydane kody': '1' });
});
