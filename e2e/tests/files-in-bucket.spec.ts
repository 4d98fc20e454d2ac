import { expect, type Page } from '@playwright/test';
import { startS3Server, type TestS3Server } from '../../apps/server/src/test/s3-server.ts';
import { ZABKA, fillEndForm, fillStartForm } from '../fixtures/actions.ts';
import { logIn } from '../fixtures/app.ts';
import { DESK, staffLogIn, WARSAW_COORDINATOR } from '../fixtures/biuro.ts';
import { freePort, startDedicatedServer, type DedicatedServer } from '../fixtures/dedicated-server.ts';
import { createPromoterWithActions } from '../fixtures/promoters.ts';
import { newContext, test } from '../fixtures/test.ts';

// Issue 35 in the browser (decision 130): with BLOB_STORE=s3, a promoter starts and finishes an
// action while the bucket is down (her photos wait in the pending area, she notices nothing);
// the Warsaw coordinator reviews her report by its thumbnails and sees the files waiting on the live day;
// the bucket comes back, the drain moves the files, and the full photo opens from the bucket's origin
// (the serve call's 303, followed by fetch in CORS mode, without the staff token). Then, the bucket down
// again, a full photo says in Polish that it is unavailable and keeps its thumbnail.
// The shared server has no bucket: this spec runs a server of its own against s3rver (the server
// tests' helper, with the bucket's CORS rule), on the demo seed of a fresh database.

const SHOTS = process.env.E2E_SHOTS_DIR;
/** The desk's page at a desk (1280×800) and at a tablet's width (768×1024), for a look at the panel. */
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const viewport of [DESK.viewport, { width: 768, height: 1024 }]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png` });
  }
  await page.setViewportSize(DESK.viewport);
}

const PORT = freePort();
test.use({ baseURL: `http://localhost:${PORT}` });

let s3: TestS3Server;
let server: DedicatedServer;

test.beforeAll(async () => {
  s3 = await startS3Server({ prefix: 'e2e/' });
  // The drain every second, so that the bucket's return shows within the test.
  server = await startDedicatedServer(PORT, { ...s3.env, BLOB_DRAIN_INTERVAL_SECONDS: '1' });
});
test.afterAll(async () => {
  await server?.close();
  await s3?.close();
});

const waitingFiles = () =>
  server.database((db) => (db.prepare(`select count(*) as n from blob_objects where location = 'local'`).get() as { n: number }).n);

/** The full photo's pixels in the open image's button (its object URL made of the bucket's answer). */
const naturalWidth = (page: Page) =>
  page
    .getByRole('region', { name: 'Zdjęcia' })
    .getByRole('button', { expanded: true })
    .getByRole('img')
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

test('photos taken while the bucket is down are reviewed by their thumbnails, and open in full from the bucket once it is back', async ({
  page,
  browser,
}) => {
  test.setTimeout(SHOTS ? 120_000 : 60_000);
  // Ewa, a promoter of her own with a fresh day of demo actions; the organiser's part: her Żabka in the
  // Warsaw coordinator's territory, under a name of its own.
  const ewa = await createPromoterWithActions('Ewa', server.on);
  const name = `${ZABKA} (S3)`;
  const ident = server.database((db) => {
    db.prepare(
      `update actions set name = ?, territory_id = (select id from territories where ident = 'WAW-CENTRUM')
        where name = ? and id in (select action_id from action_assignments s join users u on u.id = s.user_id where u.username = ?)`,
    ).run(name, ZABKA, ewa.username);
    return (db.prepare('select ident from users where username = ?').get(ewa.username) as { ident: string }).ident;
  });

  await s3.stop();
  await logIn(page, ewa);
  await page.getByRole('link', { name: `Rozpocznij: ${name}` }).click();
  await fillStartForm(page);
  await page.getByRole('button', { name: 'Rozpocznij', exact: true }).click();
  await expect(page).toHaveURL(/\/akcje$/);
  await page.getByRole('link', { name: `Zakończ: ${name}` }).click();
  await fillEndForm(page, 'Koniec towaru');
  await page.getByRole('button', { name: 'Zakończ', exact: true }).click();
  await expect(page).toHaveURL(/\/akcje$/);
  // Her four photos (two at the start, two at the end) wait on the server; the bucket has none of them.
  // (the end photos go from her phone's outbox just after the page moves on).
  const photosOf = () =>
    server.database((db) =>
      (
        db.prepare(`select f.blob_key from action_files f join actions a on a.id = f.action_id where a.name = ?`).all(name) as {
          blob_key: string;
        }[]
      ).map((row) => row.blob_key),
    );
  await expect.poll(() => photosOf().length).toBe(4);
  const herPhotos = photosOf();
  await expect.poll(waitingFiles).toBe(4);
  expect(s3.objectKeys()).not.toContain(herPhotos[0]);

  const desk = await (
    await newContext(browser, { ...DESK, baseURL: server.baseURL, locale: 'pl-PL', timezoneId: 'Europe/Warsaw' })
  ).newPage();
  const toBucket: { url: string; authorization: string | undefined }[] = [];
  desk.on('request', (request) => {
    if (request.url().startsWith(s3.endpoint))
      void request.allHeaders().then((h) => toBucket.push({ url: request.url(), authorization: h.authorization }));
  });
  await staffLogIn(desk, WARSAW_COORDINATOR);
  await desk.goto('/biuro/na-zywo');
  await expect(desk.getByText(/^Zdjęcia czekające na magazyn: 4 \(najstarsze od \d{2}:\d{2}\)$/)).toBeVisible();
  await shots(desk, 'na-zywo-pliki-czekaja');

  await desk.goto(`/biuro/raporty?promotor=${ident}`);
  await desk
    .getByRole('table', { name: 'Raporty' })
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: /^Otwórz raport: / })
    .click();
  const gallery = desk
    .getByRole('dialog', { name: new RegExp(`^Raport: ${name.replace(/[()]/g, '\\$&')}`) })
    .getByRole('region', { name: 'Zdjęcia' });
  const thumbnails = gallery.getByRole('img');
  await expect(thumbnails).toHaveCount(4);
  for (const img of await thumbnails.all()) {
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0))).toBeGreaterThan(0);
  }
  if (SHOTS) await gallery.scrollIntoViewIfNeeded();
  await shots(desk, 'raport-miniatury');

  // The bucket is back: the drain (every second; its backoff after the failed tries is not waited out
  // here) moves the four files and the pending area empties.
  await s3.start();
  server.database((db) =>
    db.prepare(`update blob_objects set next_attempt_at = ? where location = 'local'`).run(new Date(0).toISOString()),
  );
  await expect.poll(waitingFiles, { timeout: 10_000 }).toBe(0);
  expect(s3.objectKeys()).toEqual(expect.arrayContaining(herPhotos));

  const fromBucket = desk.waitForResponse((response) => response.url().startsWith(s3.endpoint) && response.status() === 200);
  await gallery
    .getByRole('button', { name: /^Powiększ: / })
    .first()
    .click();
  await fromBucket;
  await expect.poll(() => naturalWidth(desk)).toBeGreaterThan(0);
  await shots(desk, 'raport-pelne-zdjecie');
  // The staff token stayed with the app: the browser dropped it on the hop to the bucket.
  expect(toBucket.length).toBeGreaterThan(0);
  expect(toBucket.every((request) => request.authorization === undefined)).toBe(true);
  await gallery
    .getByRole('button', { name: /^Powiększ: / })
    .first()
    .click();

  // The bucket down again: a photo not opened before cannot come, and the panel says so over its thumbnail.
  await s3.stop();
  const other = gallery.getByRole('button', { name: /^Powiększ: / }).nth(1);
  await other.click();
  await expect(other.getByRole('alert')).toHaveText('Pełne zdjęcie jest chwilowo niedostępne. Miniatura poniżej.');
  await expect(other.getByRole('img')).toBeVisible();
  await shots(desk, 'raport-pelne-niedostepne');
});
