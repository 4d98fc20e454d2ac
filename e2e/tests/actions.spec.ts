import { expect } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { logIn } from '../fixtures/app.ts';
import { ARKADIA, LIDL, ZABKA, actionItem, fillEndForm, fillStartForm, takePhotos } from '../fixtures/actions.ts';
import { actionIdByName, countRows, readDatabase } from '../fixtures/database.ts';
import { createPromoterWithActions, createPromoterWithTestAction } from '../fixtures/promoters.ts';

const TEST_ACTION = 'Test rejestracji exp1707 — Stokrotka Galeria Krakowska';

test('a promoter sees every branch of her list: started, cancelled, with and without a start link', async ({ page }) => {
  // A day of her own made now, not the demo's made when the server started: a run that crosses
  // midnight must not find yesterday's actions where it looks for today's.
  const ola = await createPromoterWithTestAction('Ola');
  await logIn(page, ola);
  await expect(actionItem(page, TEST_ACTION)).toContainText('W trakcie');
  await expect(actionItem(page, 'Pokaz vuse — Relay Dworzec Centralny')).toContainText('Odwołana');
  await expect(page.getByRole('link', { name: `Zakończ: ${TEST_ACTION}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Rozpocznij: ${ZABKA}` })).toBeVisible();
  // No link: tomorrow's action, the cancelled one, and the one without a point.
  await expect(page.getByRole('link', { name: `Rozpocznij: ${LIDL}` })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Rozpocznij: Pokaz vuse — Relay Dworzec Centralny' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Rozpocznij: Pokaz glo — punkt do ustalenia' })).toHaveCount(0);
});

test('a promoter starts an action, is tracked, finishes it with "Inne" and finds it in her history', async ({ page, request }) => {
  const ewa = await createPromoterWithActions('Ewa');
  await logIn(page, ewa);
  await page.getByRole('link', { name: `Rozpocznij: ${ZABKA}` }).click();
  await expect(page).toHaveURL(/\/akcja\/start\//);

  // spec §5: the cash-terminal messages, on leaving the field
  const cashTerminal = page.getByRole('textbox', { name: 'Nr kasoterminala' });
  for (const [value, message] of [
    ['A1', 'Wprowadź co najmniej 3 znaki.'],
    ['A-12', 'Dozwolone są tylko litery i cyfry.'],
    ['ABCDE', 'Wprowadź maksymalnie 4 znaki.'],
    ['', 'To pole jest wymagane'],
  ]) {
    await cashTerminal.fill(value!);
    await cashTerminal.blur();
    await expect(page.getByText(message!, { exact: true })).toBeVisible();
  }
  await fillStartForm(page, 'K123');
  await page.getByRole('button', { name: 'Rozpocznij', exact: true }).click();

  await expect(page).toHaveURL(/\/akcje$/);
  await expect(actionItem(page, ZABKA)).toContainText('W trakcie');
  const actionId = actionIdByName(ewa.username, ZABKA);
  const checkIn = readDatabase((db) =>
    db.prepare(`select * from action_status_events where action_id = ? and kind = 'check_in'`).all(actionId),
  ) as {
    cash_terminal_id: string;
    latitude: number;
    longitude: number;
  }[];
  expect(checkIn).toEqual([expect.objectContaining({ cash_terminal_id: 'K123', latitude: 52.2297, longitude: 21.0122 })]);
  expect(countRows('action_files', `action_id = ? and ident = 'bereal_start'`, actionId)).toBe(2);
  const poll = readDatabase((db) =>
    db.prepare(`select content from poll_answers where action_id = ? and ident = 'action_start'`).get(actionId),
  ) as { content: string };
  expect(JSON.parse(poll.content)[0].answer_ident).toEqual(['has_badge', 'has_tablet', 'has_outfit', 'has_product_stock']);
  // spec §4 Location tracking: a position is sent as soon as the action is current
  await expect.poll(() => countRows('action_locations', 'action_id = ?', actionId)).toBeGreaterThanOrEqual(1);

  await actionItem(page, ZABKA).click();
  await expect(page.getByText('Można już zakończyć akcję.')).toBeVisible();
  await page.getByRole('button', { name: 'Zakończ', exact: true }).click();
  await expect(page).toHaveURL(/\/akcja\/koniec\//);
  await page.getByRole('radio', { name: 'Inne' }).check();
  await page.getByRole('textbox', { name: 'Opisz powód' }).focus();
  await page.getByRole('textbox', { name: 'Opisz powód' }).blur();
  await expect(page.getByText('To pole jest wymagane', { exact: true })).toBeVisible();
  await fillEndForm(page, 'Awaria prądu w sklepie');
  await page.getByRole('button', { name: 'Zakończ', exact: true }).click();

  await expect(page).toHaveURL(/\/akcje$/);
  await expect(actionItem(page, ZABKA)).toHaveCount(0);
  const endPoll = readDatabase((db) =>
    db.prepare(`select content from poll_answers where action_id = ? and ident = 'action_end'`).get(actionId),
  ) as { content: string };
  expect(JSON.parse(endPoll.content)[0]).toMatchObject({ answer_ident: ['other'], answer_text: 'Awaria prądu w sklepie' });
  expect(countRows('action_files', `action_id = ? and ident = 'bereal_end'`, actionId)).toBe(2);

  const token = await page.evaluate(() => localStorage.getItem('token'));
  const history = await request.post('/api/action/list', {
    headers: { authorization: `Bearer ${token}` },
    data: { actions: { since: '2020-01-01 00:00:00', finished: true }, pagination: { limit: 100, offset: 0 } },
  });
  expect((await history.json()).data.actions.map((a: { name: string }) => a.name)).toContain(ZABKA);
});

test('an action with two points asks where she starts, and checks in there', async ({ page }) => {
  const iga = await createPromoterWithActions('Iga');
  await logIn(page, iga);
  await actionItem(page, ARKADIA).click();
  await page.getByRole('button', { name: 'Rozpocznij', exact: true }).click();
  const chooser = page.getByRole('dialog', { name: 'Wybierz lokalizację' });
  await chooser.getByRole('button', { name: /Kiosk Arkadia, poziom 0/ }).click();
  await fillStartForm(page, 'AB12');
  await page.getByRole('button', { name: 'Rozpocznij', exact: true }).click();
  await expect(actionItem(page, ARKADIA)).toContainText('W trakcie');
  const point = readDatabase((db) =>
    db
      .prepare(`select p.name from action_status_events e join action_points p on p.id = e.action_point_id where e.action_id = ?`)
      .get(actionIdByName(iga.username, ARKADIA)),
  ) as { name: string };
  expect(point.name).toBe('Kiosk Arkadia, poziom 0');
});

test('a promoter cancels her participation after confirming', async ({ page }) => {
  const ola = await createPromoterWithActions('Ola');
  await logIn(page, ola);
  await actionItem(page, ZABKA).click();
  await page.getByRole('button', { name: 'Odwołać' }).click();
  const confirm = page.getByRole('dialog', { name: 'Czy na pewno chcesz odwołać swój udział w akcji?' });
  await confirm.getByRole('button', { name: 'Anuluj' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Odwołać' }).click();
  await confirm.getByRole('button', { name: 'Potwierdź' }).click();
  // Back on her list, the action leaves it once the server has taken the cancel (the outbox sends it);
  // a reload only then, not while the cancel may still be on its way.
  await expect(page).toHaveURL(/\/akcje$/);
  await expect(actionItem(page, ZABKA)).toHaveCount(0);
  expect(countRows('action_status_events', `action_id = ? and kind = 'cancel'`, actionIdByName(ola.username, ZABKA))).toBe(1);
  await page.reload();
  // Tomorrow's is not on 'Aktualnie trwające akcje:' (decision 111); the cancelled one stays gone.
  await expect(actionItem(page, ARKADIA)).toBeVisible();
  await expect(actionItem(page, LIDL)).toHaveCount(0);
  await expect(actionItem(page, ZABKA)).toHaveCount(0);
});

test('the start form cannot be sent without photos and says why', async ({ page }) => {
  const ala = await createPromoterWithActions('Ala');
  await logIn(page, ala);
  await page.getByRole('link', { name: `Rozpocznij: ${ZABKA}` }).click();
  await page.getByRole('textbox', { name: 'Nr kasoterminala' }).fill('K123');
  await expect(page.getByText('Zrób oba zdjęcia.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rozpocznij', exact: true })).toBeDisabled();
  await takePhotos(page);
  await page.getByRole('button', { name: 'Usuń zdjęcia i zrób ponownie' }).click();
  await expect(page.getByRole('img', { name: 'Zdjęcie z przedniego aparatu' })).toHaveCount(0);
  await expect(page.getByText('Zrób oba zdjęcia.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rozpocznij', exact: true })).toBeDisabled();
});
