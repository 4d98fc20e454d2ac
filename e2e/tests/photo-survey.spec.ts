import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { appNow, test } from '../fixtures/test.ts';
import { logIn } from '../fixtures/app.ts';
import { ZABKA, actionItem, startInDatabase } from '../fixtures/actions.ts';
import { readDatabase, writeDatabase } from '../fixtures/database.ts';
import { createPromoterWithActions, type Promoter } from '../fixtures/promoters.ts';

// spec §2 Photos survey, §4 Photos survey submit, §5, §8 (E_FILE_ALREADY_EXISTS). Each test has her
// own promoter; the stored photos and answers are read from the server's database (the report screen
// that shows them is tested in reports.spec.ts).

const BEFORE = 'Zdjęcie przed ułożeniem ekspozycji';
const AFTER = 'Zdjęcie po ułożeniu ekspozycji';
const ALREADY_SENT = 'Masz już wgrane zdjęcia w ramach tej akcji';

/** Her survey's first photo, stored by another of her phones (a row only: the check looks at the rows). */
function storeSurveyPhotoElsewhere(username: string, actionId: string) {
  writeDatabase(
    `insert into action_files (id, action_id, user_id, ident, position, blob_key, content_type, size, created_at)
     select ?, ?, id, 'start', 0, 'elsewhere.jpg', 'image/jpeg', 1000, ? from users where username = ?`,
    randomUUID(),
    actionId,
    appNow().toISOString(),
    username,
  );
}

type StoredFile = { ident: string; content_type: string; size: number };
type StoredSurvey = { chechboxes: string; text: string | null };

function storedSurvey(username: string, actionId: string): { files: StoredFile[]; surveys: StoredSurvey[] } {
  return readDatabase((db) => {
    const user = (db.prepare('select id from users where username = ?').get(username) as { id: string }).id;
    const files = db
      .prepare('select ident, content_type, size from action_files where action_id = ? and user_id = ? order by ident desc')
      .all(actionId, user) as StoredFile[];
    const surveys = db
      .prepare('select chechboxes, text from action_surveys where action_id = ? and user_id = ?')
      .all(actionId, user) as StoredSurvey[];
    return { files, surveys };
  });
}

/** A real JPEG of a shelf-like picture, drawn and encoded by the browser (1600×1200, larger than the upload size). */
async function shelfJpeg(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 1200;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#f4efe6';
    context.fillRect(0, 0, 1600, 1200);
    for (let shelf = 0; shelf < 4; shelf += 1) {
      context.fillStyle = '#8a5a2b';
      context.fillRect(0, 280 * shelf + 250, 1600, 30);
      for (let box = 0; box < 12; box += 1) {
        context.fillStyle = `hsl(${box * 30}, 70%, 50%)`;
        context.fillRect(box * 130 + 20, 280 * shelf + 120, 100, 130);
      }
    }
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function fromFiles(page: Page, step: string, jpeg: Buffer) {
  await page.getByRole('button', { name: new RegExp(`zdjęcie: ${step}`) }).click();
  const chooserOpened = page.waitForEvent('filechooser');
  await page.getByRole('dialog', { name: 'Wybierz sposób' }).getByRole('button', { name: 'Wybór mediów' }).click();
  const chooser = await chooserOpened;
  await chooser.setFiles({ name: 'polka.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.getByRole('img', { name: `Podgląd: ${step}` })).toBeVisible();
}

async function fromCamera(page: Page, step: string) {
  await page.getByRole('button', { name: new RegExp(`zdjęcie: ${step}`) }).click();
  await page.getByRole('dialog', { name: 'Wybierz sposób' }).getByRole('button', { name: 'Aparat' }).click();
  const camera = page.getByRole('dialog', { name: 'Aparat' });
  await camera.getByRole('button', { name: 'Zrób zdjęcie', exact: true }).click();
  await camera.getByRole('button', { name: 'Akceptuj' }).click();
  await expect(camera).toBeHidden();
  await expect(page.getByRole('img', { name: `Podgląd: ${step}` })).toBeVisible();
}

async function answer(page: Page, answers: readonly ['tak' | 'nie', 'tak' | 'nie', 'tak' | 'nie'], comment: string) {
  const questions = [
    'Czy nasze produkty są wyeksponowane na meblu?',
    'Czy planogram został przygotowany?',
    'Czy przeprowadzono szkolenie dla detalisty?',
  ];
  for (const [index, question] of questions.entries()) {
    await page.getByRole('group', { name: question }).getByRole('radio', { name: answers[index] }).check();
  }
  await page.getByRole('textbox', { name: 'Twój komentarz (opcjonalnie)' }).fill(comment);
}

async function startedPromoter(page: Page): Promise<{ promoter: Promoter; actionId: string }> {
  const promoter = await createPromoterWithActions('Zosia');
  const actionId = startInDatabase(promoter.username, ZABKA);
  await logIn(page, promoter);
  await expect(actionItem(page, ZABKA)).toContainText('W trakcie');
  return { promoter, actionId };
}

test('a survey with a photo from the files and one from the camera is stored for her action; then the page says so instead of a second form', async ({
  page,
}) => {
  // Two surveys with four photos and a visit to the report on a shared two-core machine: more than the default 30 s.
  test.setTimeout(150_000);
  const { promoter, actionId } = await startedPromoter(page);
  await page.goto('/photos');
  await expect(page.getByRole('heading', { name: 'Zdjęcia produktów' })).toBeVisible();
  await expect(page.getByText(ZABKA)).toBeVisible();
  await expect(page.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} – \d{2}:\d{2}$/)).toBeVisible();

  await page.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByText('Zdjęcie jest wymagane')).toHaveCount(2);
  await expect(page.getByText('Odpowiedź jest wymagana')).toHaveCount(3);
  await page.screenshot({ path: '/tmp/shots/photos-validation.png', fullPage: true });

  const jpeg = await shelfJpeg(page);
  await fromFiles(page, BEFORE, jpeg);
  const preview = await page.getByRole('img', { name: `Podgląd: ${BEFORE}` }).boundingBox();
  expect(preview!.width).toBeLessThanOrEqual(300);
  expect(preview!.height).toBeLessThanOrEqual(300);
  await fromCamera(page, AFTER);
  await answer(page, ['tak', 'nie', 'tak'], 'Ekspozycja przy kasie nr 2');
  await page.screenshot({ path: '/tmp/shots/photos-filled.png', fullPage: true });

  await page.getByRole('button', { name: 'Zapisz' }).click();
  const thanks = page.getByRole('dialog', { name: 'Dziękujemy' });
  await expect(thanks).toContainText('Twoje zdjęcia i odpowiedzi zostały zapisane.');
  await page.screenshot({ path: '/tmp/shots/photos-thanks.png' });
  await thanks.getByRole('button', { name: 'Zamknij' }).click();
  // One survey per action: no fresh form for another one that would only be refused (decision 075).
  await expect(page.getByText(ALREADY_SENT)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zapisz' })).toHaveCount(0);

  const stored = storedSurvey(promoter.username, actionId);
  expect(stored.files.map((file) => [file.ident, file.content_type])).toEqual([
    ['start', 'image/jpeg'],
    ['end', 'image/jpeg'],
  ]);
  // Compressed in the browser: the 1600×1200 JPEG arrives at most 1280 px wide, within the 300 KB aim.
  expect(stored.files.every((file) => file.size > 1000 && file.size <= 300 * 1024)).toBe(true);
  expect(stored.surveys).toEqual([{ chechboxes: '["tak","nie","tak"]', text: 'Ekspozycja przy kasie nr 2' }]);

  // The survey appears in that action's report (/raport/{uuid}): both photos, the answers and the comment.
  await page.goto(`/raport/${actionId}`);
  const photos = page.getByRole('region', { name: 'Zdjęcia produktów' }).getByRole('img');
  await expect(photos).toHaveCount(2);
  for (const photo of await photos.all()) {
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  const answers = page.getByRole('region', { name: 'Odpowiedzi z ankiety' }).locator('dd');
  await expect(answers).toHaveText(['Tak', 'Nie', 'Tak', 'Ekspozycja przy kasie nr 2']);
  // Opened again, the page says so before she fills anything in.
  await page.goto('/photos');
  await expect(page.getByText(ALREADY_SENT)).toBeVisible();
  await expect(page.getByRole('button', { name: `Dodaj zdjęcie: ${BEFORE}` })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/shots/photos-already-sent.png' });
  expect(storedSurvey(promoter.username, actionId)).toEqual(stored);
});

test('a survey stored meanwhile from another phone is refused: E_FILE_ALREADY_EXISTS with meta.ts as the code', async ({ page }) => {
  test.setTimeout(90_000);
  const { promoter, actionId } = await startedPromoter(page);
  await page.goto('/photos');
  await expect(page.getByRole('button', { name: `Dodaj zdjęcie: ${BEFORE}` })).toBeVisible();
  storeSurveyPhotoElsewhere(promoter.username, actionId);

  await fromCamera(page, BEFORE);
  await fromCamera(page, AFTER);
  await answer(page, ['nie', 'nie', 'nie'], '');
  await page.getByRole('button', { name: 'Zapisz' }).click();
  const popup = page.getByRole('dialog', { name: 'Wystąpił błąd.' });
  await expect(popup).toContainText(ALREADY_SENT);
  await expect(popup).toContainText(/Kod błędu: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);
  await page.screenshot({ path: '/tmp/shots/photos-refused.png' });
  await popup.getByRole('button', { name: 'Wróć' }).click();
  expect(storedSurvey(promoter.username, actionId).files.map((file) => file.ident)).toEqual(['start']);
});

test('without a started action the page says there is none', async ({ page }) => {
  // Making her account (npm run admin) alone takes ~20 s on a loaded two-core machine.
  test.setTimeout(60_000);
  const promoter = await createPromoterWithActions('Ola');
  await logIn(page, promoter);
  await expect(actionItem(page, ZABKA)).toBeVisible();
  await page.goto('/photos');
  await expect(page.getByText('Brak aktywnych akcji')).toBeVisible();
  await expect(page.getByText('Rozpocznij nową akcję, aby móc dodać zdjęcia produktów')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zapisz' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/shots/photos-no-action.png' });
});
