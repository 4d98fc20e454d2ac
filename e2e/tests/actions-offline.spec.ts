import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { logIn } from '../fixtures/app.ts';
import { ZABKA, actionItem, fillEndForm, fillStartForm, waitForOfflineShell } from '../fixtures/actions.ts';
import { actionIdByName, countRows, revokeSessions, writeDatabase } from '../fixtures/database.ts';
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

/** Finishes her started ZABKA from its detail page, the connection lost once the form is open. */
async function finishOffline(page: Page) {
  await actionItem(page, ZABKA).click();
  await page.getByRole('button', { name: 'Zakończ', exact: true }).click();
  await page.context().setOffline(true);
  await fillEndForm(page);
  await page.getByRole('button', { name: 'Zakończ', exact: true }).click();
  await expect(page).toHaveURL(/\/akcje$/);
  await expect(actionItem(page, ZABKA)).toContainText('Oczekuje na wysłanie');
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
  await finishOffline(page);
  await page.reload();
  await expect(actionItem(page, ZABKA)).toContainText('Oczekuje na wysłanie');
  await context.setOffline(false);
  await expect(actionItem(page, ZABKA)).toHaveCount(0, { timeout: 20_000 });
  expect(countRows('poll_answers', `action_id = ? and ident = 'action_end'`, actionId)).toBe(1);
  expect(countRows('action_files', `action_id = ? and ident = 'bereal_end'`, actionId)).toBe(2);
  expect(countRows('action_status_events', `action_id = ? and kind = 'check_out'`, actionId)).toBe(1);
});

/** meta.ts as the error popup shows it to be read out: the time in Warsaw, 'DD.MM.YYYY HH:mm:ss'. */
function warsawTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((item) => item.type === type)!.value;
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

test('a start refused after reconnecting (the action was cancelled meanwhile) is explained in Polish', async ({ page, context }) => {
  const ola = await createPromoterWithActions('Ola');
  await logIn(page, ola);
  await waitForOfflineShell(page);
  const actionId = await startOffline(page, ola.username);
  writeDatabase(`update actions set global_status = 'hst_cancelled' where id = ?`, actionId);

  await context.setOffline(false);
  const popup = page.getByRole('dialog', { name: 'Wystąpił błąd.' });
  await expect(popup).toContainText('Nie udało się zapisać odpowiedzi z ankiety.', { timeout: 20_000 });
  // Which action it was (decision 072): she may have queued several while offline.
  await expect(popup).toContainText(`Akcja „${ZABKA}”`);
  // The code is meta.ts: readable in Warsaw time, on one line, with the exact value kept for support.
  const readable = popup.getByText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
  await expect(popup).toContainText(/Kod błędu: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);
  const exact = await popup.getByText(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/).innerText();
  await expect(readable).toHaveText(warsawTime(exact));
  expect(await readable.evaluate((element) => element.getClientRects().length)).toBe(1);
  await page.screenshot({ path: test.info().outputPath('error-popup-code.png') });
  await popup.getByRole('button', { name: 'Wróć' }).click();
  await expect(popup).toContainText('Wystąpił błąd podczas wysyłania zdjęć');
  await popup.getByRole('button', { name: 'Wróć' }).click();
  await expect(popup).toContainText('Nie udało się rozpocząć akcji. Nieprawidłowy status akcji.');
  await popup.getByRole('button', { name: 'Wróć' }).click();
  await expect(popup).toBeHidden();
  await expect(actionItem(page, ZABKA)).toContainText('Odwołana');
  expect(countRows('action_status_events', 'action_id = ?', actionId)).toBe(0);
});

/** Records the text of every toast that appears in this tab, across reloads (decision 045 counts them). */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const selector = 'section[aria-label="Powiadomienia"] button';
    new MutationObserver((records) => {
      const seen = JSON.parse(sessionStorage.getItem('e2e-toasts') ?? '[]') as string[];
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof Element)) continue;
          const toasts = node.matches(selector) ? [node] : Array.from(node.querySelectorAll(selector));
          seen.push(...toasts.map((toast) => toast.textContent ?? ''));
        }
      }
      sessionStorage.setItem('e2e-toasts', JSON.stringify(seen));
    }).observe(document, { childList: true, subtree: true });
  });
}

const toastsSeen = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-toasts') ?? '[]') as string[]);

test('offline, a queued start and finish say only that they wait: no toast at all, one calm offline notice', async ({ page, context }) => {
  const ewa = await createPromoterWithActions('Ewa');
  await recordToasts(page);
  await logIn(page, ewa);
  await waitForOfflineShell(page);
  const offline = page.getByText('Brak połączenia z internetem');
  // Online the notice is empty yet already a live region in the accessibility tree, so that its coming is announced.
  await expect(page.getByRole('status').and(page.locator('.offline-notice'))).toBeEmpty();

  const actionId = await startOffline(page, ewa.username);
  // Her list, the action's page and a reload, all without a connection: no toast, one notice.
  await actionItem(page, ZABKA).click();
  // Back only once on her action's page: a quick goBack would leave the list for the start form before it.
  await expect(page).toHaveURL(/\/akcja\/[^/]+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/akcje$/);
  await page.reload();
  await expect(actionItem(page, ZABKA)).toContainText('Oczekuje na wysłanie');
  expect(await toastsSeen(page)).toEqual([]);
  await expect(offline).toHaveCount(1);
  await expect(offline).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('queued-start-offline.png') });

  await context.setOffline(false);
  await expect(actionItem(page, ZABKA)).toContainText('W trakcie', { timeout: 20_000 });
  await expect(offline).toHaveCount(0);

  await finishOffline(page);
  await expect(offline).toHaveCount(1);

  await context.setOffline(false);
  await expect(actionItem(page, ZABKA)).toHaveCount(0, { timeout: 20_000 });
  expect(await toastsSeen(page)).toEqual([]);
  // …and the outbox still delivered every item exactly once.
  expect(countRows('poll_answers', `action_id = ?`, actionId)).toBe(2);
  expect(countRows('action_files', `action_id = ?`, actionId)).toBe(4);
  expect(countRows('action_status_events', `action_id = ? and kind = 'check_in'`, actionId)).toBe(1);
  expect(countRows('action_status_events', `action_id = ? and kind = 'check_out'`, actionId)).toBe(1);
});

test('a start queued offline waits through a session ended meanwhile and arrives once after her next login', async ({ page, context }) => {
  const iga = await createPromoterWithActions('Iga');
  await logIn(page, iga);
  await waitForOfflineShell(page);
  const actionId = await startOffline(page, iga.username);
  revokeSessions(iga.username);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await expect(page.getByRole('alert')).toHaveText('Nie jesteś zalogowana(-y) lub sesja wygasła.');
  expect(countRows('action_status_events', 'action_id = ?', actionId)).toBe(0);

  await logIn(page, iga);
  await expect(actionItem(page, ZABKA)).toContainText('W trakcie', { timeout: 20_000 });
  expect(countRows('poll_answers', `action_id = ? and ident = 'action_start'`, actionId)).toBe(1);
  expect(countRows('action_files', `action_id = ? and ident = 'bereal_start'`, actionId)).toBe(2);
  expect(countRows('action_status_events', `action_id = ? and kind = 'check_in'`, actionId)).toBe(1);
});
