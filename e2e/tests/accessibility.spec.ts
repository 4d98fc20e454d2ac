import { expect, type Browser, type Page } from '@playwright/test';
import { expectNoViolations, leavingPage, openInApp, pageReady, seriousViolations } from '../fixtures/accessibility.ts';
import { ARKADIA, startInDatabase, ZABKA } from '../fixtures/actions.ts';
import { logIn, openMenu } from '../fixtures/app.ts';
import { ADMIN, submitStaffLogin, WARSAW_COORDINATOR } from '../fixtures/biuro.ts';
import { actionIdByName } from '../fixtures/database.ts';
import { createPromoterWithActions } from '../fixtures/promoters.ts';
import { appNow, newContext, test } from '../fixtures/test.ts';

// Issue 39: WCAG 2.2 A and AA by axe-core on every screen — the phone's routes (apps/web/src/app/router.tsx)
// at 360×640, logged out and in, an action planned, started and being finished; the back office's pages
// (biuro/app/biuro-routes.tsx) at a desk and a tablet for each role that sees them. A serious or critical
// violation fails the run, every one listed. One browser context per role and size, its pages in a loop:
// the whole file is a CI cost (issue 39: under a minute on a quiet machine).

/** Opens `path` inside the app, waits for its heading, and adds what axe finds there. */
async function visit(page: Page, found: string[], path: string, heading: string): Promise<void> {
  await openInApp(page, path);
  await pageReady(page, heading);
  found.push(...(await seriousViolations(page, path)));
}

/** Adds what axe finds on the page as it is now (a dialog open, a panel out). */
async function scanHere(page: Page, found: string[], where: string): Promise<void> {
  found.push(...(await seriousViolations(page, where)));
}

test('the phone app at 360×640: every route, logged out and in, an action planned, started and being finished', async ({ page }) => {
  test.setTimeout(60_000);
  const found: string[] = [];
  const promoter = await createPromoterWithActions('Ala');

  // Logged out: the login page and the two steps of a forgotten password.
  await page.goto('/');
  await pageReady(page, 'Zaloguj się');
  await scanHere(page, found, '/');
  await leavingPage(page);
  await page.getByRole('link', { name: 'Zresetuj hasło' }).click();
  await pageReady(page, 'Zresetuj hasło');
  await scanHere(page, found, '/remind');
  await page.getByRole('textbox', { name: 'Adres email' }).fill(promoter.username);
  await page.getByRole('button', { name: 'Wyślij kod' }).click();
  await pageReady(page, 'Ustaw nowe hasło');
  await scanHere(page, found, '/remind/code');

  await logIn(page, promoter);
  await pageReady(page);
  await scanHere(page, found, '/akcje');
  await openMenu(page);
  await scanHere(page, found, '/akcje: menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();

  // An action planned: its page and its start form.
  const planned = actionIdByName(promoter.username, ZABKA);
  await visit(page, found, `/akcja/${planned}`, ZABKA);
  await visit(page, found, `/akcja/start/${planned}`, 'Rozpoczynanie akcji');

  // Started (the check-in written straight into the database, read by a fresh start of the app), then being finished.
  const started = startInDatabase(promoter.username, ARKADIA);
  await page.goto(`/akcja/${started}`);
  await pageReady(page, ARKADIA);
  await scanHere(page, found, `/akcja/${started}`);
  for (const [path, heading] of [
    ['/akcje', 'Aktualnie trwające akcje:'],
    [`/akcja/koniec/${started}`, 'Zakończenie akcji'],
    ['/webform', 'Webform'],
    ['/mgm', 'Poleć znajomemu'],
    ['/photos', 'Zdjęcia produktów'],
    ['/raporty', 'Raporty'],
    ['/user-data', 'Twoje dane'],
    ['/powiadomienia', 'Powiadomienia'],
    ['/kalendarz', 'Kalendarz'],
  ] as const) {
    await visit(page, found, path, heading);
  }

  // The calendar's dialog for a block of availability.
  await page
    .getByRole('button', { name: /^Dodaj dostępność/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Podaj zakres dostępności' });
  await expect(dialog).toBeVisible();
  await scanHere(page, found, '/kalendarz: dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A report of her history.
  await visit(page, found, '/raporty', 'Raporty');
  await leavingPage(page);
  await page.getByRole('main').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/raport\//);
  await pageReady(page);
  await scanHere(page, found, '/raport/:id');

  expectNoViolations(found);
});

// The back office: who sees which page (the contract's role table, packages/contract/src/admin/permissions.ts),
// as the menu lists them, with each page's heading. A page added to a role's menu and not here fails
// the test below until it is.
const HEADINGS = {
  promotorzy: 'Promotorzy',
  plan: 'Plan',
  nieobsadzone: 'Nieobsadzone akcje',
  punkty: 'Punkty',
  wydarzenia: 'Wydarzenia',
  terytoria: 'Terytoria',
  vouchery: 'Vouchery',
  raporty: 'Raporty',
  zdjecia: 'Zdjęcia',
  eksporty: 'Eksporty',
  konsumenci: 'Konsumenci',
  wnioski: 'Wnioski',
  dziennik: 'Dziennik zdarzeń',
  'na-zywo': 'Dzień na żywo',
  pulpit: 'Pulpit',
  personel: 'Personel',
} as const;
type BiuroPage = keyof typeof HEADINGS;

/** The admin's menu; the coordinator's is the same without the audit log and the staff page. */
const ADMIN_PAGES: BiuroPage[] = [
  'promotorzy',
  'plan',
  'nieobsadzone',
  'punkty',
  'wydarzenia',
  'terytoria',
  'vouchery',
  'raporty',
  'zdjecia',
  'eksporty',
  'dziennik',
  'na-zywo',
  'pulpit',
  'personel',
];

const ROLES: Record<string, { username: string; pages: BiuroPage[] }> = {
  admin: { username: ADMIN, pages: ADMIN_PAGES },
  coordinator: { username: WARSAW_COORDINATOR, pages: ADMIN_PAGES.filter((name) => name !== 'dziennik' && name !== 'personel') },
  client: { username: 'klient@demo.pl', pages: ['plan', 'vouchery', 'raporty', 'zdjecia', 'eksporty', 'pulpit'] },
  privacy: { username: 'rodo@demo.pl', pages: ['konsumenci', 'wnioski', 'dziennik'] },
};

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
] as const;

/** The first day of the month before the app's today in Warsaw (YYYY-MM-DD). */
function firstOfLastMonth(): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit' })
    .format(appNow())
    .split('-')
    .map(Number);
  return new Date(Date.UTC(year!, month! - 2, 1)).toISOString().slice(0, 10);
}

async function backOffice(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await newContext(browser, {
    viewport,
    isMobile: false,
    hasTouch: false,
    baseURL: test.info().project.use.baseURL,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    serviceWorkers: 'block',
  });
  // No tiles in a test (the map's markers stand alone, as in biuro-live.spec.ts).
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  return context.newPage();
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}×${viewport.height}`;

  test(`the back office at ${size} without a session: login, a forgotten password's two steps, a password link`, async ({ browser }) => {
    const page = await backOffice(browser, viewport);
    const found: string[] = [];
    await page.goto('/biuro/logowanie');
    await pageReady(page, 'Biuro — logowanie');
    await scanHere(page, found, '/biuro/logowanie');
    await page.getByRole('link', { name: 'Nie pamiętasz hasła?' }).click();
    await pageReady(page, 'Nie pamiętasz hasła?');
    await scanHere(page, found, '/biuro/nie-pamietam-hasla');
    // Nobody's login: the page says a code went out if the account exists, and nothing is sent.
    await page.getByLabel('Login (adres email)').fill('nikt@demo.pl');
    await page.getByRole('button', { name: 'Wyślij kod' }).click();
    await pageReady(page, 'Ustaw nowe hasło');
    await scanHere(page, found, '/biuro/nie-pamietam-hasla/kod');
    await page.goto('/biuro/ustaw-haslo');
    await pageReady(page, 'Ustaw hasło');
    await scanHere(page, found, '/biuro/ustaw-haslo');
    await page.context().close();
    expectNoViolations(found);
  });

  for (const [role, { username, pages }] of Object.entries(ROLES)) {
    test(`the back office at ${size} for the ${role}: every page of the menu`, async ({ browser }) => {
      test.setTimeout(60_000);
      const page = await backOffice(browser, viewport);
      const found: string[] = [];
      await page.goto('/biuro/logowanie');
      await submitStaffLogin(page, username);
      const menu = page.getByRole('navigation', { name: 'Menu biura' });
      await expect(menu).toBeVisible();
      const links = await menu
        .getByRole('link')
        .evaluateAll((all) => all.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
      expect(links).toEqual(pages.map((name) => `/biuro/${name}`));

      for (const name of pages) {
        await menu.locator(`a[href="/biuro/${name}"]`).click();
        await pageReady(page, HEADINGS[name]);
        await scanHere(page, found, `/biuro/${name}`);
        if (name === 'raporty') {
          // A report's panel, as a reviewer opens it from the table — of a period with the demo's reports
          // in it on a month's first day too (the list opens on the current month).
          await page.goto(`/biuro/raporty?od=${firstOfLastMonth()}`);
          await pageReady(page, HEADINGS.raporty);
          await page
            .getByRole('button', { name: /^Otwórz raport: / })
            .first()
            .click();
          const panel = page.getByRole('dialog', { name: /^Raport: / });
          await expect(panel.getByRole('region', { name: 'Zdjęcia' })).toBeVisible();
          await expect(page.getByRole('status').filter({ hasText: /^Wczytywanie/ })).toHaveCount(0);
          await scanHere(page, found, '/biuro/raporty: a report');
          await page.keyboard.press('Escape');
          await expect(panel).toBeHidden();
        }
      }
      await page.context().close();
      expectNoViolations(found);
    });
  }
}
