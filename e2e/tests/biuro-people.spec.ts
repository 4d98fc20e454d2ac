import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { ADMIN, DESK, staffLogIn, submitStaffLogin } from '../fixtures/biuro.ts';

// Issue 34: a company runs the back office without a developer. The admin adds a coordinator on
// 'Personel'; she sets her own password from the link e-mailed to her (read at /dev/outbox here) and
// works in her territory. Then she forgets it and sets a new one with 'Nie pamiętasz hasła?'.
test.use(DESK);

/** The newest e-mail to `recipient` in the development outbox, as its page shows it. */
async function newestEmail(page: import('@playwright/test').Page, recipient: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto('/dev/outbox');
  const row = outbox.getByRole('row').filter({ hasText: recipient }).filter({ hasText: 'email' }).first();
  const text = await row.getByRole('cell').last().innerText();
  await outbox.close();
  return text;
}

test('the admin adds a coordinator, who sets her password from the e-mailed link, sees her territory, and later resets a forgotten one', async ({
  page,
}) => {
  const username = `koordynatorka-${randomBytes(3).toString('hex')}@demo.pl`;
  await staffLogIn(page, ADMIN);
  await page.getByRole('link', { name: 'Personel' }).click();
  await expect(page.getByRole('heading', { name: 'Personel', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Dodaj pracownika' }).click();
  const panel = page.getByRole('dialog', { name: 'Nowy pracownik' });
  await panel.getByLabel('Imię').fill('Zofia');
  await panel.getByLabel('Nazwisko').fill('Nowicka');
  await panel.getByLabel('Login (adres e-mail)').fill(username);
  await panel.getByRole('checkbox', { name: /^Koordynator/ }).check();
  await panel.getByRole('checkbox', { name: 'WAW-CENTRUM' }).check();
  await panel.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByText(`Dodano konto. Link do ustawienia hasła wysłano na adres ${username}.`)).toBeVisible();
  const table = page.getByRole('table', { name: 'Personel' });
  await expect(table.getByRole('row').filter({ hasText: username })).toContainText('Czeka na hasło');

  // Her e-mail: the one-time link.
  const link = /\/biuro\/ustaw-haslo\?token=[\w-]+/.exec(await newestEmail(page, username))?.[0];
  expect(link, 'the e-mail carries the link').toBeTruthy();
  await page.getByRole('button', { name: 'Wyloguj' }).click();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Ustaw hasło' })).toBeVisible();
  await page.getByLabel('Nowe hasło').fill('nowe-haslo-zofii-1');
  await page.getByLabel('Powtórz hasło').fill('nowe-haslo-zofii-1');
  await page.getByRole('button', { name: 'Ustaw hasło' }).click();
  await expect(page.getByText('Hasło ustawione. Zaloguj się nim.')).toBeVisible();
  await submitStaffLogin(page, username, 'nowe-haslo-zofii-1');
  await expect(page).toHaveURL(/\/biuro\/promotorzy$/);
  const promoters = page.getByRole('table', { name: 'Promotorzy' });
  await expect(promoters.getByRole('row').filter({ hasText: 'Anna Nowak' })).toBeVisible();
  await expect(promoters.getByText('Piotr Kowalski')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Personel' })).toHaveCount(0);

  // The link works once.
  await page.getByRole('button', { name: 'Wyloguj' }).click();
  await page.goto(link!);
  await expect(page.getByText(/Ten link do ustawienia hasła już nie działa/)).toBeVisible();

  // Forgotten: a code by e-mail, a new password, and the old one no longer opens the office.
  await page.goto('/biuro');
  await page.getByRole('link', { name: 'Nie pamiętasz hasła?' }).click();
  // The login page has a field of the same label: fill the reminder's, once it is shown (a busy machine
  // filled the login's, which the reminder then replaced with an empty one).
  await expect(page.getByRole('heading', { name: 'Nie pamiętasz hasła?' })).toBeVisible();
  await page.getByLabel('Login (adres email)').fill(username);
  await page.getByRole('button', { name: 'Wyślij kod' }).click();
  await expect(page.getByRole('heading', { name: 'Ustaw nowe hasło' })).toBeVisible();
  const code = /: ([A-Z0-9]{5})\./.exec(await newestEmail(page, username))?.[1];
  expect(code, 'the e-mail carries the code').toBeTruthy();
  await page.getByLabel('Kod z wiadomości e-mail').fill(code!);
  await page.getByLabel('Nowe hasło').fill('jeszcze-inne-haslo-2');
  await page.getByLabel('Powtórz hasło').fill('jeszcze-inne-haslo-2');
  await page.getByRole('button', { name: 'Zmień hasło' }).click();
  await expect(page.getByText('Hasło zmienione. Zaloguj się nowym hasłem.')).toBeVisible();
  await submitStaffLogin(page, username, 'nowe-haslo-zofii-1');
  await expect(page).toHaveURL(/\/biuro\/logowanie/);
  await submitStaffLogin(page, username, 'jeszcze-inne-haslo-2');
  await expect(page).toHaveURL(/\/biuro\/promotorzy$/);
});
