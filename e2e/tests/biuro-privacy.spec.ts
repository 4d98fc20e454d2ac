import { readFileSync } from 'node:fs';
import { expect, type Browser, type Download, type Locator, type Page } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { ZABKA, startInDatabase } from '../fixtures/actions.ts';
import { logIn, openMenu } from '../fixtures/app.ts';
import { deskPage, submitStaffLogin } from '../fixtures/biuro.ts';
import { createPromoterWithActions } from '../fixtures/promoters.ts';
import { PERSON, TICKED, newConsumer, registerThroughWebform, seedGloDevice } from '../fixtures/webform.ts';

// Issue 26, the privacy officer's loop through both screens (decision 100): a promoter registers a new
// consumer through the webform; rodo@demo.pl finds her by e-mail with a reason, reads her consent
// history, downloads the proof (PDF and JSON), records a withdrawal, records an erasure request and
// carries it out; her data reads as removed, and the promoter's stats still count the registration.

const OFFICER = 'rodo@demo.pl';
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Her glo in the promoter's 'Aktualna akcja' (the phone's Raporty, fed by /api/sample/stats). */
async function expectGloCounted(page: Page) {
  await openMenu(page);
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Raporty' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Raporty' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Aktualna akcja' }).getByRole('button', { name: 'glo 1' })).toBeVisible();
}

async function officerAtDesk(browser: Browser): Promise<Page> {
  const desk = await deskPage(browser);
  await desk.goto('/biuro');
  await submitStaffLogin(desk, OFFICER);
  await expect(desk).toHaveURL(/\/biuro\/konsumenci$/);
  await expect(desk.getByRole('heading', { level: 1, name: 'Konsumenci' })).toBeVisible();
  return desk;
}

async function downloadOf(desk: Page, button: Locator): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([desk.waitForEvent('download'), button.click()]);
  return { download, bytes: readFileSync(await download.path()) };
}

test('the privacy officer finds a consumer registered through the webform, proves, withdraws and erases; the promoter’s stats still count her', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const consumer = newConsumer();
  const [serial, promoter] = await Promise.all([seedGloDevice(), createPromoterWithActions('Ewa')]);
  startInDatabase(promoter.username, ZABKA);

  // The promoter registers her through the webform.
  await logIn(page, promoter);
  await registerThroughWebform(page, consumer, serial);
  await expectGloCounted(page);

  // The officer finds her by e-mail, with the reason the audit log keeps.
  const desk = await officerAtDesk(browser);
  const find = desk.getByRole('form', { name: 'Wyszukiwanie konsumenta' });
  await find.getByLabel('Adres e-mail').fill(consumer.email);
  await find.getByRole('button', { name: 'Szukaj' }).click();
  await expect(find.getByLabel('Powód wyszukiwania')).toHaveAccessibleDescription('To pole jest wymagane.');
  await find.getByLabel('Powód wyszukiwania').fill('Wniosek konsumentki z e-maila (test e2e)');
  await find.getByRole('button', { name: 'Szukaj' }).click();
  const name = `${PERSON.firstName} ${PERSON.lastName}`;
  await desk.getByRole('button', { name: `Otwórz kartę: ${name}` }).click();
  const card = desk.getByRole('article', { name: `Karta konsumenta: ${name}` });
  await expect(card.getByRole('region', { name: 'Dane' })).toContainText(consumer.email);
  await expect(card.getByRole('region', { name: 'Obecne zgody' })).toContainText('Informacje handlowe SMS-em wyrażona');

  // Her history: each consent with the text she read, the channel, the promoter and the action.
  const history = card.getByRole('table', { name: 'Historia zgód, od najnowszych' });
  const sms = history.getByRole('row').filter({ hasText: 'Informacje handlowe SMS-em' });
  await expect(sms).toHaveCount(1);
  await expect(sms).toContainText('Wyrażona');
  await expect(sms).toContainText('Formularz rejestracji');
  await expect(sms).toContainText('Ewa');
  await expect(sms).toContainText(ZABKA);
  await sms.getByText('Pokaż treść').click();
  await expect(sms).toContainText(TICKED[3]!);
  await shot(desk, 'biuro-karta-konsumenta');

  // The proof, both formats.
  const pdf = await downloadOf(desk, card.getByRole('button', { name: 'Pobierz dowód (PDF)' }));
  expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  expect(pdf.download.suggestedFilename()).toMatch(/\.pdf$/);
  const json = await downloadOf(desk, card.getByRole('button', { name: 'Pobierz dowód (JSON)' }));
  expect(json.download.suggestedFilename()).toMatch(/\.json$/);
  expect(JSON.stringify(JSON.parse(json.bytes.toString('utf8')))).toContain('mobileOptIn');

  // A withdrawal of the SMS consent on her request: a new record, at the top of the history.
  const withdraw = card.getByRole('region', { name: 'Wycofaj zgody' });
  await withdraw.getByRole('button', { name: 'Wycofaj zgody…' }).click();
  await withdraw.getByRole('checkbox', { name: 'Informacje handlowe SMS-em' }).check();
  await withdraw.getByLabel('Jak konsument o to poprosił').fill('E-mail konsumentki (test e2e)');
  await withdraw.getByRole('button', { name: 'Wycofaj zgody…' }).click();
  await withdraw.getByRole('alertdialog').getByRole('button', { name: 'Wycofaj zgody', exact: true }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Zapisano wycofanie zgód.' })).toBeVisible();
  await expect(history.getByRole('row').nth(1)).toContainText('Wycofanie (inspektor)');
  await expect(history.getByRole('row').nth(1)).toContainText('Informacje handlowe SMS-em');
  await expect(card.getByRole('region', { name: 'Obecne zgody' })).toContainText('Informacje handlowe SMS-em brak zgody');

  // An erasure request, recorded and carried out behind the dialog that says it cannot be undone.
  const requests = card.getByRole('region', { name: 'Wnioski konsumenta' });
  await requests.getByRole('button', { name: 'Nowy wniosek' }).click();
  await requests.getByLabel('Rodzaj wniosku').selectOption({ label: 'Usunięcie danych' });
  await requests.getByLabel('Notatka (opcjonalnie)').fill('E-mail konsumentki, tożsamość potwierdzona kodem (test e2e)');
  await requests.getByRole('button', { name: 'Zapisz wniosek' }).click();
  await requests.getByRole('button', { name: 'Otwórz wniosek: Usunięcie danych' }).click();
  const panel = desk.getByRole('dialog', { name: 'Wniosek: Usunięcie danych' });
  await panel.getByRole('button', { name: 'Usuń dane konsumenta…' }).click();
  const question = panel.getByRole('alertdialog', { name: 'Usunąć dane osobowe tego konsumenta? Tej operacji nie można cofnąć.' });
  await expect(question.getByRole('button', { name: 'Usuń dane bezpowrotnie' })).toBeDisabled();
  await question.getByRole('checkbox', { name: 'Rozumiem, że usuniętych danych nie da się przywrócić.' }).check();
  await shot(desk, 'biuro-usuniecie-danych');
  await question.getByRole('button', { name: 'Usuń dane bezpowrotnie' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Dane konsumenta zostały usunięte.' })).toBeVisible();
  await desk.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(desk.getByRole('region', { name: 'Dane' })).toContainText(/Dane usunięte \d{2}\.\d{2}\.\d{4}/);
  await expect(desk.getByRole('region', { name: 'Dane' })).not.toContainText(consumer.email);

  // The request is closed on "Wnioski".
  await desk.getByRole('navigation', { name: 'Menu biura' }).getByRole('link', { name: 'Wnioski' }).click();
  await desk.getByLabel('Rodzaj').selectOption({ label: 'Usunięcie danych' });
  await expect(desk.getByRole('table', { name: 'Wnioski konsumentów, oczekujące na początku' })).toContainText('Zrealizowany');

  // The promoter's stats still count the registration.
  await page.reload();
  await expectGloCounted(page);
});
