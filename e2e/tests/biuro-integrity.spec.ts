import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { ZABKA, startInDatabase } from '../fixtures/actions.ts';
import { deskPage, staffLogIn, WARSAW_COORDINATOR } from '../fixtures/biuro.ts';
import { readDatabase, writeDatabase } from '../fixtures/database.ts';
import { createPromoterWithActions } from '../fixtures/promoters.ts';

// Issue 38 (decision 138), the review's part: a report with a plausibility flag is 'Do wyjaśnienia' in
// Raporty; the Warsaw coordinator opens it, reads the flag in words with its small map, marks it
// 'Wyjaśnione' with a note, and the report leaves the filter. The flag is written as the signals write
// one (their computation is tested on the server): the spec is about where people see it.

const SHOTS = process.env.E2E_SHOTS_DIR;
const NOTE = 'Sklep w galerii, wejście od strony parkingu — potwierdzone telefonicznie.';

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [w, h] of [
    [1280, 800],
    [768, 1024],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}x${h}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const idOf = (sql: string, ...params: unknown[]) => readDatabase((db) => (db.prepare(sql).get(...params) as { id: string }).id);

test('the coordinator opens a flagged report, sees the evidence and marks the flag explained', async ({ browser }) => {
  test.setTimeout(180_000);
  const anna = await createPromoterWithActions('Anna');
  const action = startInDatabase(anna.username, ZABKA);
  const userId = idOf('select id from users where username = ?', anna.username);
  const ident = readDatabase((db) => (db.prepare('select ident from users where id = ?').get(userId) as { ident: string }).ident);
  const name = `${ZABKA} ${ident}`;
  // The organiser's part and her finished day, straight in the database: how she finished is tested elsewhere.
  writeDatabase(
    `update actions set name = ?, territory_id = (select id from territories where ident = 'WAW-CENTRUM') where id = ?`,
    name,
    action,
  );
  writeDatabase(`update action_assignments set status = 'finished' where action_id = ? and user_id = ?`, action, userId);
  const since = readDatabase((db) => (db.prepare('select since from actions where id = ?').get(action) as { since: string }).since);
  const at = (hhmm: string) => `${since.slice(0, 10)} ${hhmm}:00`;
  const evidence = {
    distanceMeters: 820,
    accuracyMeters: 35,
    point: { latitude: 52.2297, longitude: 21.0122, name: 'Żabka Marszałkowska' },
    fixes: [
      { latitude: 52.2371, longitude: 21.0122, accuracy: 35, at: at('10:02') },
      { latitude: 52.2368, longitude: 21.0135, accuracy: 40, at: at('10:20') },
    ],
  };
  writeDatabase(
    `insert into integrity_flags (id, action_id, user_id, kind, subject, evidence, raised_at, explained_at, explained_by, explanation)
     values (?, ?, ?, 'check_in_far', '', ?, ?, null, null, null)`,
    `e2e-flag-${ident}`,
    action,
    userId,
    JSON.stringify(evidence),
    new Date().toISOString(),
  );

  const desk = await deskPage(browser);
  await staffLogIn(desk, WARSAW_COORDINATOR);
  await desk.getByRole('navigation', { name: 'Menu biura' }).getByRole('link', { name: 'Raporty' }).click();
  await desk.getByLabel('Do wyjaśnienia').selectOption({ label: 'Tylko do wyjaśnienia' });
  await desk.getByLabel('Promotor (kod hostessy)').fill(ident);
  await expect(desk).toHaveURL(/wyjasnienie=tak/);
  const row = desk.getByRole('table', { name: 'Raporty' }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Do wyjaśnienia: 1');
  await shot(desk, 'int-review-raporty');

  await row.getByRole('button', { name: /^Otwórz raport: / }).click();
  const panel = desk.getByRole('dialog', { name: `Raport: ${name} — Anna Testowa` });
  const flags = panel.getByRole('region', { name: 'Do wyjaśnienia' });
  await expect(flags).toContainText('Zameldowanie 820 m od punktu, dokładność 35 m');
  await expect(flags.getByRole('img', { name: 'Mapa: pozycje promotora i punkt Żabka Marszałkowska' })).toBeVisible();
  await expect(flags).toContainText('Pozycja 1, 10:02, dokładność 35 m');
  await flags.scrollIntoViewIfNeeded();
  await shot(desk, 'int-review-panel');

  await flags.getByLabel('Wyjaśnienie').fill(NOTE);
  await flags.getByRole('button', { name: 'Oznacz jako wyjaśnione' }).click();
  await expect(flags).toContainText('Wyjaśnione: ');
  await expect(flags).toContainText(NOTE);
  await expect(flags.getByRole('button', { name: 'Oznacz jako wyjaśnione' })).toHaveCount(0);
  await shot(desk, 'int-review-panel-explained');
  // Explained: no longer 'Do wyjaśnienia'; the review goes on as before.
  await expect(panel.getByRole('button', { name: 'Poproś o poprawki…' })).toBeVisible();
  await desk.keyboard.press('Escape');
  await expect(row).toHaveCount(0);
  const stored = readDatabase(
    (db) => db.prepare('select explanation from integrity_flags where id = ?').get(`e2e-flag-${ident}`) as { explanation: string },
  );
  expect(stored.explanation).toBe(NOTE);
});
