import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../fixtures/app.ts';
import { ZABKA, actionItem, fillEndForm, fillStartForm, waitForOfflineShell } from '../fixtures/actions.ts';
import { actionIdByName, countRows, writeDatabase } from '../fixtures/database.ts';
import { createPromoterWithActions } from '../fixtures/promoters.ts';

// The service worker serves the app without a connection; the outbox keeps the work in IndexedDB.
test.use({ serviceWorkers: 'allow' });

async function startOffline(page: Page, username: string) {
  await page.getByRole('link', { name: `Rozpocznij: ${ZABKA}` }).click();
  await page.context().setOffline(true);
  await fillStartForm(page, 'K777');
  await page.getByRole('button', { name: 'Rozpocznij', exact: true }).click();
  await expect(page).toHaveURL(/\/akcje$/);
  await expect(actionItem(page, ZABKA)).toContainText('Oczekuje na wysłanie');
  await expect(page.getByRole('status', { name: /Do wysłania: \d/ })).toBeVisible();
  return actionIdByName(username, ZABKA);
}

test('a start made without a connection survives a reload and arrives exactly once', async ({ page, context }) => {
  const ewa = await createPromoterWithActions('Ewa');
  await logIn(page, ewa);
  await waitForOfflineShell(page);
  const actionId = await startOffline(page, ewa.username);

  await page.reload();
  await expect(actionItem(page, ZABKA)).toContainText('Oczekuje na wysłanie');
  expect(countRows('action_status_events', 'action_id = ?', actionId)).toBe(0);

  await context.setOffline(false);
  await expect(actionItem(page, ZABKA)).toContainText('W trakcie', { timeout: 20_000 });
  await expect(actionItem(page, ZABKA)).not.toContainText('Oczekuje na wysłanie');
  expect(countRows('poll_answers', `action_id = ? and ident = 'action_start'`, actionId)).toBe(1);
  expect(countRows('action_files', `action_id = ? and ident = 'bereal_start'`, actionId)).toBe(2);
  expect(countRows('action_status_events', `action_id = ? and kind = 'check_in'`, actionId)).toBe(1);

  // and the finish, the same way
  await actionItem(page, ZABKA).click();
  await page.getByRole('button', { name: 'Zakończ', exact: true }).click();
  await context.setOffline(true);
  await fillEndForm(page);
  await page.getByRole('button', { name: 'Zakończ', exact: true }).click();
  await expect(page).toHaveURL(/\/akcje$/);
  await page.reload();
  await expect(actionItem(page, ZABKA)).toContainText('Oczekuje na wysłanie');
  await context.setOffline(false);
  await expect(actionItem(page, ZABKA)).toHaveCount(0, { timeout: 20_000 });
  expect(countRows('poll_answers', `action_id = ? and ident = 'action_end'`, actionId)).toBe(1);
  expect(countRows('action_files', `action_id = ? and ident = 'bereal_end'`, actionId)).toBe(2);
  expect(countRows('action_status_events', `action_id = ? and kind = 'check_out'`, actionId)).toBe(1);
});

test('a start refused after reconnecting (the action was cancelled meanwhile) is explained in Polish', async ({ page, context }) => {
  const ola = await createPromoterWithActions('Ola');
  await logIn(page, ola);
  await waitForOfflineShell(page);
  const actionId = await startOffline(page, ola.username);
  writeDatabase(`update actions set global_status = 'hst_cancelled' where id = ?`, actionId);

  await context.setOffline(false);
  const popup = page.getByRole('dialog', { name: 'Wystąpił błąd.' });
  await expect(popup).toContainText('Nie udało się zapisać odpowiedzi z ankiety.', { timeout: 20_000 });
  await expect(popup).toContainText('Kod błędu:');
  await popup.getByRole('button', { name: 'Wróć' }).click();
  await expect(popup).toContainText('Wystąpił błąd podczas wysyłania zdjęć');
  await popup.getByRole('button', { name: 'Wróć' }).click();
  await expect(popup).toContainText('Nie udało się rozpocząć akcji. Nieprawidłowy status akcji.');
  await popup.getByRole('button', { name: 'Wróć' }).click();
  await expect(popup).toBeHidden();
  await expect(actionItem(page, ZABKA)).toContainText('Odwołana');
  expect(countRows('action_status_events', 'action_id = ?', actionId)).toBe(0);
});
