import { expect } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { DESK, KRAKOW_COORDINATOR, staffLogIn, submitStaffLogin, WARSAW_COORDINATOR } from '../fixtures/biuro.ts';
import { ANNA } from '../fixtures/promoters.ts';

// The back office's login and its promoters list (issue 24), at a desk.
test.use(DESK);

test('a promoter who logs in at /biuro is refused in Polish and stays on the login page', async ({ page }) => {
  await page.goto('/biuro');
  await expect(page).toHaveURL(/\/biuro\/logowanie$/);
  await submitStaffLogin(page, ANNA.username, ANNA.password);
  await expect(page.getByRole('alert')).toContainText('Biuro jest tylko dla pracowników agencji');
  await expect(page).toHaveURL(/\/biuro\/logowanie$/);
});

test('the Warsaw coordinator sees Anna but not Piotr, and a shared link keeps the view', async ({ page }) => {
  await staffLogIn(page, WARSAW_COORDINATOR);
  const table = page.getByRole('table', { name: 'Promotorzy' });
  await expect(table.getByRole('row').filter({ hasText: 'Anna Nowak' })).toBeVisible();
  await expect(table.getByText('Piotr Kowalski')).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Szukaj' }).fill('Nowak');
  await expect(page).toHaveURL(/szukaj=Nowak/);
  await table.getByRole('button', { name: /Login/ }).click();
  await expect(page).toHaveURL(/sort=login/);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Szukaj' })).toHaveValue('Nowak');
  await expect(table.getByRole('columnheader', { name: /Login/ })).toHaveAttribute('aria-sort', 'ascending');
});

test('the Kraków coordinator sees Piotr but not Anna; logging out goes back to the login page', async ({ page }) => {
  await staffLogIn(page, KRAKOW_COORDINATOR);
  const table = page.getByRole('table', { name: 'Promotorzy' });
  await expect(table.getByRole('row').filter({ hasText: 'Piotr Kowalski' })).toBeVisible();
  await expect(table.getByText('Anna Nowak')).toHaveCount(0);
  await page.getByRole('button', { name: 'Wyloguj' }).click();
  await expect(page).toHaveURL(/\/biuro\/logowanie$/);
  await expect(page.getByText('Wylogowano.')).toBeVisible();
  await page.goto('/biuro/promotorzy');
  await expect(page).toHaveURL(/\/biuro\/logowanie$/);
});

test('the edit panel of a promoter is a labelled dialog that takes focus and gives it back on Escape', async ({ page }) => {
  await staffLogIn(page, WARSAW_COORDINATOR);
  const edit = page.getByRole('button', { name: 'Edytuj: Anna Nowak' });
  await edit.click();
  const panel = page.getByRole('dialog', { name: 'Edycja: Anna Nowak' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Imię')).toHaveValue('Anna');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(edit).toBeFocused();
});
