import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { logIn, openMenu } from '../fixtures/app.ts';
import { createPromoterWithActions } from '../fixtures/promoters.ts';

// spec §2 Reports list and Report detail. Her own promoter: `seed --actions-for` gives her, yesterday,
// the finished action below with a change of point, three receipts, the survey's two photos and
// answers, and registrations in it (Glo devices among them, one a 'nano').

const REPORT_ACTION = 'Promocja glo i velo — Carrefour Arkadia';

// Each test makes her promoter and her day with two npm commands (several seconds each on a loaded
// two-core machine) before the browser does anything.
test.beforeEach(() => test.setTimeout(60_000));

/** From the actions page through the menu, as she would (no reload of the app). */
async function openReports(page: Page) {
  await openMenu(page);
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Raporty' }).click();
  await expect(page).toHaveURL(/\/raporty$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Raporty' })).toBeVisible();
}

test("the reports screen shows her sold devices of the last action, a brand expands to its models ('nano' as 'Hyper Air')", async ({
  page,
}) => {
  const ewa = await createPromoterWithActions('Ewa');
  await logIn(page, ewa);
  await openReports(page);

  await expect(page.getByRole('heading', { name: 'Ilość sprzedanych urządzeń:' })).toBeVisible();
  const lastAction = page.getByRole('region', { name: 'Ostatnia zakończona akcja' });
  const glo = lastAction.getByRole('button', { name: /^glo \d+$/ });
  await expect(glo).toHaveAttribute('aria-expanded', 'false');
  await expect(lastAction.getByText('Hyper Air')).toBeHidden();
  await glo.click();
  await expect(glo).toHaveAttribute('aria-expanded', 'true');
  await expect(lastAction.getByText('Hyper Air')).toBeVisible();
  // Yesterday is this month or last month: her registrations count there too.
  await expect(page.getByRole('region', { name: /Bieżący miesiąc|Ostatni miesiąc/ }).first()).toBeVisible();

  const report = page.getByRole('link', { name: new RegExp(`^${REPORT_ACTION} \\d{2}-\\d{2}-\\d{4}$`) });
  await expect(report).toBeVisible();
  await report.click();
  await expect(page).toHaveURL(/\/raport\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: REPORT_ACTION })).toBeVisible();
});

test('a report shows its times and status, the receipts behind "Pokaż paragony", the product photos and the answers', async ({ page }) => {
  const ewa = await createPromoterWithActions('Ewa');
  await logIn(page, ewa);
  await openReports(page);
  await page.getByRole('link', { name: new RegExp(`^${REPORT_ACTION} `) }).click();
  await expect(page.getByRole('heading', { level: 1, name: REPORT_ACTION })).toBeVisible();

  const summary = page.locator('.report-summary');
  await expect(summary).toContainText('Terytorium');
  await expect(summary).toContainText('Warszawa');
  await expect(summary).toContainText(/Ewa Testowa,\s*ID: E2E/);
  await expect(summary).toContainText(/Zakończona|Zaakceptowana/);
  // She changed point during the action: a time, not '-'; the duration as HH:MM:SS.
  const valueOf = (term: string) =>
    summary
      .locator('div')
      .filter({ has: page.getByText(term, { exact: true }) })
      .locator('dd');
  await expect(valueOf('Zmiana lokalizacji')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(valueOf('Czas trwania')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(page.getByRole('region', { name: 'Lokalizacje' }).getByRole('listitem')).toHaveCount(2);

  // Product photos: start then end, loaded through authenticated calls into object URLs.
  const photos = page.getByRole('region', { name: 'Zdjęcia produktów' });
  const photoImages = photos.getByRole('img');
  await expect(photoImages).toHaveCount(2);
  await expect(photoImages.nth(0)).toHaveAttribute('alt', 'Zdjęcie przed ułożeniem ekspozycji');
  await expect(photoImages.nth(1)).toHaveAttribute('alt', 'Zdjęcie po ułożeniu ekspozycji');
  await expect(photoImages.nth(0)).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => photoImages.nth(0).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const survey = page.getByRole('region', { name: 'Odpowiedzi z ankiety' });
  await expect(survey).toContainText('1. Czy nasze produkty są wyeksponowane na meblu?');
  await expect(survey).toContainText('3. Czy przeprowadzono szkolenie dla detalisty?');
  await expect(survey.locator('dd')).toHaveCount(4);
  await expect(survey.locator('dd').nth(0)).toHaveText(/^(Tak|Nie)$/);

  await page.getByRole('button', { name: 'Pokaż paragony' }).click();
  const receipts = page.getByRole('region', { name: 'Paragony' });
  const receiptImages = receipts.getByRole('img');
  await expect(receiptImages).toHaveCount(3);
  await expect(receiptImages.first()).toHaveAttribute('alt', /^Urządzenie: /);
  await expect.poll(() => receiptImages.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await receipts
    .getByRole('button', { name: /^Powiększ: Urządzenie: / })
    .first()
    .click();
  const modal = page.getByRole('dialog', { name: /^Urządzenie: / });
  await expect(modal.getByRole('img')).toBeVisible();
  await modal.getByRole('button', { name: 'Zamknij' }).click();
  await expect(modal).toBeHidden();

  await page.getByRole('link', { name: 'Wróć do raportów' }).click();
  await expect(page).toHaveURL(/\/raporty$/);
});
