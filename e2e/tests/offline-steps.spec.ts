import { expect, type Page } from '@playwright/test';
import { appNow, test } from '../fixtures/test.ts';
import { logIn } from '../fixtures/app.ts';
import { ZABKA, actionItem, fillEndForm, fillStartForm, waitForOfflineShell } from '../fixtures/actions.ts';
import { actionIdByName, countRows, readDatabase } from '../fixtures/database.ts';
import { createPromoterWithTestAction } from '../fixtures/promoters.ts';

// Issue 20 items 1, 2 and 10 (decision 072, 073): she finishes her running action and starts the next
// without a connection. Back online, the start waits for the finish (its photos included), both count
// when she tapped, and the finished action's report shows its start, end, duration and 'Zakończona'.

test.use({ serviceWorkers: 'allow' });

/** The seeded running action of a promoter made with --test-action (spec §2, exp1707). */
const RUNNING = 'Test rejestracji exp1707 — Stokrotka Galeria Krakowska';
/** How long she stays without signal after her taps: the receipt comes at least this much later. */
const DEAD_ZONE_MS = 3000;

type StoredEvent = { kind: string; created_at: string; wall_time: string; received_at: string };

function statusEvents(actionId: string): StoredEvent[] {
  return readDatabase(
    (db) =>
      db
        .prepare(`select kind, created_at, wall_time, received_at from action_status_events where action_id = ? order by created_at`)
        .all(actionId) as StoredEvent[],
  );
}

/** Taps the form's submit button and returns the moments just before and just after the tap. */
async function tap(page: Page, name: string): Promise<{ before: number; after: number }> {
  const before = appNow().getTime();
  await page.getByRole('button', { name, exact: true }).click();
  const after = appNow().getTime();
  await expect(page).toHaveURL(/\/akcje$/);
  return { before, after };
}

/** The value of a term of the report's summary ('Rozpoczęcie', 'Czas trwania', …). */
const summaryValue = (page: Page, term: string) =>
  page
    .locator('.report-summary div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');

test('a finish and the next start made without signal arrive in order, the start with its photos, counted when she tapped', async ({
  page,
  context,
}) => {
  const anna = await createPromoterWithTestAction('Anna');
  const runningId = actionIdByName(anna.username, RUNNING);
  const zabkaId = actionIdByName(anna.username, ZABKA);
  await logIn(page, anna);
  await waitForOfflineShell(page);

  // She finishes the running action, then starts Żabka, all without a connection.
  await actionItem(page, RUNNING).click();
  await page.getByRole('button', { name: 'Zakończ', exact: true }).click();
  await context.setOffline(true);
  await fillEndForm(page);
  const finished = await tap(page, 'Zakończ');
  await page.getByRole('link', { name: `Rozpocznij: ${ZABKA}` }).click();
  await fillStartForm(page, 'K777');
  const started = await tap(page, 'Rozpocznij');
  await expect(actionItem(page, ZABKA)).toContainText('Oczekuje na wysłanie');
  await page.waitForTimeout(DEAD_ZONE_MS); // the dead zone: nothing can be sent

  await context.setOffline(false);
  await expect(actionItem(page, ZABKA)).toContainText('W trakcie', { timeout: 20_000 });
  await expect(actionItem(page, ZABKA)).not.toContainText('Oczekuje na wysłanie');
  await expect(page.getByRole('dialog', { name: 'Wystąpił błąd.' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('next-start-arrived.png') });

  // Item 1: nothing refused, the start with its photos.
  expect(countRows('action_files', `action_id = ? and ident = 'bereal_start'`, zabkaId)).toBe(2);
  expect(countRows('poll_answers', `action_id = ? and ident = 'action_start'`, zabkaId)).toBe(1);
  // Item 2: each step at her tap, the receipt (after the dead zone) beside it.
  const [checkOut] = statusEvents(runningId).filter((event) => event.kind === 'check_out');
  const [checkIn] = statusEvents(zabkaId);
  for (const [event, tapped] of [
    [checkOut, finished],
    [checkIn, started],
  ] as const) {
    const at = Date.parse(event!.created_at);
    expect(at).toBeGreaterThanOrEqual(tapped.before - 1000);
    expect(at).toBeLessThanOrEqual(tapped.after);
    expect(Date.parse(event!.received_at) - at).toBeGreaterThanOrEqual(DEAD_ZONE_MS);
  }
  expect(checkIn!.kind).toBe('check_in');

  // Item 10: the report of the action she finished shows its start, end, duration and status.
  await page.goto(`/raport/${runningId}`);
  await expect(page.getByRole('heading', { level: 1, name: RUNNING })).toBeVisible();
  await expect(summaryValue(page, 'Rozpoczęcie')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(summaryValue(page, 'Zakończenie')).toHaveText(checkOut!.wall_time.slice(11));
  await expect(summaryValue(page, 'Czas trwania')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(summaryValue(page, 'Status')).toHaveText('Zakończona');
  await page.screenshot({ path: test.info().outputPath('finished-report.png') });
});
