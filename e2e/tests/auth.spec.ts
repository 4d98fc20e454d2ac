import { expect } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { changePassword, logIn, openMenu, readResetCode, submitLogin, toast } from '../fixtures/app.ts';
import { ANNA, createPromoter } from '../fixtures/promoters.ts';

test('a wrong password shows the Polish message', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible();
  await submitLogin(page, ANNA.username, 'to-nie-jest-haslo');
  await expect(toast(page, 'Nieprawidłowe hasło.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('empty fields are explained under each field when left', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Adres email' }).focus();
  await page.getByLabel('Hasło').focus();
  await page.getByRole('button', { name: 'Dalej' }).focus();
  await expect(page.getByText('Wpisz adres email')).toBeVisible();
  await expect(page.getByText('Wpisz hasło')).toBeVisible();
});

test('Anna logs in and lands on her actions; a reload keeps her logged in', async ({ page }) => {
  await logIn(page, ANNA);
  await expect(page.getByRole('heading', { name: 'Aktualnie trwające akcje:' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/akcje$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/akcje$/);
});

test('the menu greets her by name and every entry opens its page', async ({ page }) => {
  await logIn(page, ANNA);
  const entries: [string, RegExp, string][] = [
    ['Kalendarz', /\/kalendarz$/, 'Kalendarz'],
    ['Raporty', /\/raporty$/, 'Raporty'],
    ['Webform', /\/webform$/, 'Webform'],
    ['Zdjęcia produktów', /\/photos$/, 'Zdjęcia produktów'],
    ['Twoje dane', /\/user-data$/, 'Twoje dane'],
    ['Akcje', /\/akcje$/, 'Aktualnie trwające akcje:'],
  ];
  for (const [link, url, heading] of entries) {
    await openMenu(page);
    await expect(page.getByText('Witaj Anna')).toBeVisible();
    await page.getByRole('navigation', { name: 'Nawigacja' }).getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
});

test('her data page shows who she is', async ({ page }) => {
  await logIn(page, ANNA);
  await page.goto('/user-data');
  for (const text of ['HST1001', 'anna@demo.pl', 'Anna', 'Nowak', 'WAW-CENTRUM', '+48 600 100 200', '********']) {
    await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  }
});

test('a promoter changes her password and logs in with the new one', async ({ page }) => {
  const ewa = await createPromoter('Ewa');
  await logIn(page, ewa);
  const dialog = await changePassword(page, 'krotkie');
  await expect(dialog.getByText('Hasło musi mieć co najmniej 8 znaków.')).toBeVisible();
  await dialog.getByLabel('Nowe hasło').fill('nowe-haslo-ewy');
  await dialog.getByRole('button', { name: 'Zapisz' }).click();
  await expect(toast(page, 'Zmieniono hasło.')).toBeVisible();

  await openMenu(page);
  await page.getByRole('button', { name: 'Wyloguj' }).click();
  await expect(page).toHaveURL(/\/$/);
  await submitLogin(page, ewa.username, ewa.password);
  await expect(toast(page, 'Nieprawidłowe hasło.')).toBeVisible();
  await logIn(page, { ...ewa, password: 'nowe-haslo-ewy' });
});

test('logout returns to the login page and the session is over', async ({ page }) => {
  await logIn(page, ANNA);
  await openMenu(page);
  await page.getByRole('button', { name: 'Wyloguj' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/akcje');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible();
});

test('the reminder resets the password with the code from the outbox', async ({ page }) => {
  const ola = await createPromoter('Ola');
  await page.goto('/');
  await page.getByRole('link', { name: 'Zresetuj hasło' }).click();
  await expect(page).toHaveURL(/\/remind$/);
  await page.getByRole('textbox', { name: 'Adres email' }).fill(ola.username);
  await page.getByRole('button', { name: 'Wyślij kod' }).click();
  await expect(page).toHaveURL(/\/remind\/code$/);

  const code = await readResetCode(page, ola.username);
  await page.getByRole('textbox', { name: 'Kod SMS' }).fill(code);
  await page.getByLabel('Nowe hasło').fill('haslo-po-resecie');
  await page.getByRole('button', { name: 'Zmień hasło' }).click();
  await expect(toast(page, 'Pomyślnie zmieniono hasło!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, { ...ola, password: 'haslo-po-resecie' });
});

test('a wrong reset code sends her back to the first step', async ({ page }) => {
  const iga = await createPromoter('Iga');
  await page.goto('/remind');
  await page.getByRole('textbox', { name: 'Adres email' }).fill(iga.username);
  await page.getByRole('button', { name: 'Wyślij kod' }).click();
  await page.getByRole('textbox', { name: 'Kod SMS' }).fill('AAAAA');
  await page.getByLabel('Nowe hasło').fill('haslo-po-resecie');
  await page.getByRole('button', { name: 'Zmień hasło' }).click();
  await expect(page).toHaveURL(/\/remind$/);
});

test('a token in the address resumes the session', async ({ page, request }) => {
  const res = await request.post('/api/auth/login', { data: { username: ANNA.username, password: ANNA.password } });
  const token = (await res.json()).data.token.token as string;
  await page.goto(`/?token=${token}`);
  await expect(page).toHaveURL(/\/akcje$/);
  await expect(page.getByRole('heading', { name: 'Aktualnie trwające akcje:' })).toBeVisible();
});

test('an unknown address lands on the welcome page', async ({ page }) => {
  await page.goto('/to-nie-istnieje/wcale');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible();
});
