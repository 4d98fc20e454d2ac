import { expect, type Locator, type Page } from '@playwright/test';
import { appNow, test } from '../fixtures/test.ts';
import { ARKADIA, LIDL, ZABKA } from '../fixtures/actions.ts';
import { logIn } from '../fixtures/app.ts';
import { createPromoterWithActions } from '../fixtures/promoters.ts';

// Issue 20 item 8 (decision 059, as changed by 076): on a phone (360 px, three days) and a tablet
// (768 px, a week) her actions are readable: an action takes the column's width, shared only with the
// actions it overlaps, beside the strip of a block under it, and names wrap between words only.

test.beforeEach(() => test.setTimeout(60_000));

const ZONE = 'Europe/Warsaw';
const POKAZ = 'Pokaz glo — punkt do ustalenia';

/** The column's name of today + `offset` days in the server's zone ('środa 26 listopada'). */
function columnName(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(appNow());
  const noon = new Date(`${today}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + offset);
  return new Intl.DateTimeFormat('pl-PL', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' })
    .format(noon)
    .replace(',', '');
}

/** The action's link in a day's column (named by the action's name and its times there). */
const actionIn = (column: Locator, name: string) => column.getByRole('link', { name: new RegExp(`^${name} \\d{2}:\\d{2}–\\d{2}:\\d{2}$`) });

/** Words of the link's text that are split over two lines. */
function brokenWords(link: Locator): Promise<string[]> {
  return link.evaluate((element) => {
    const text = element.firstChild as Text;
    const broken: string[] = [];
    for (const match of text.data.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      if (new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size > 1) broken.push(match[0]);
    }
    return broken;
  });
}

async function width(locator: Locator): Promise<number> {
  return (await locator.boundingBox())!.width;
}

async function openCalendarWithBlockTomorrow(page: Page) {
  const promoter = await createPromoterWithActions('Lena');
  await logIn(page, promoter);
  await page.goto('/kalendarz');
  const tomorrow = page.getByRole('group', { name: columnName(1) });
  // Her availability 09:00–18:00 tomorrow, under the action of 10:00–16:00.
  await tomorrow.getByRole('button', { name: `Dodaj dostępność: ${columnName(1)}, 09:00` }).click();
  const dialog = page.getByRole('dialog', { name: 'Podaj zakres dostępności' });
  await dialog.getByRole('button', { name: 'Gotowe' }).click();
  await expect(dialog).toBeHidden();
  return { today: page.getByRole('group', { name: columnName(0) }), tomorrow };
}

async function expectReadable(page: Page, shot: string) {
  const { today, tomorrow } = await openCalendarWithBlockTomorrow(page);

  // Tomorrow: one action over her block: the column's width but the block's strip, whole words.
  const lidl = actionIn(tomorrow, LIDL);
  const block = tomorrow.getByRole('button', { name: 'Dostępność 09:00–18:00' });
  await expect(lidl).toBeVisible();
  expect(await width(lidl)).toBeGreaterThan((await width(tomorrow)) - 30);
  expect((await block.boundingBox())!.x).toBeLessThan((await lidl.boundingBox())!.x - 8);
  expect(await brokenWords(lidl)).toEqual([]);

  // Today: three actions at once: three lanes, a third of the column each.
  const column = await width(today);
  for (const name of [ZABKA, ARKADIA, POKAZ]) {
    const action = actionIn(today, name);
    await expect(action).toBeVisible();
    expect(await width(action)).toBeGreaterThan(column / 3 - 8);
  }
  await lidl.scrollIntoViewIfNeeded();
  // For the picture only: the closed popup's 1000 ms animation (spec §9) no longer dims the page.
  await page.waitForTimeout(1100);
  await page.screenshot({ path: `test-results-shots/${shot}` });
}

test('on a 360 px phone her actions are readable', async ({ page }) => {
  await expectReadable(page, 'calendar-360.png');
});

test('on a 768 px tablet her actions are readable', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectReadable(page, 'calendar-768.png');
});
