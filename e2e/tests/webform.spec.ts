import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { ZABKA, startInDatabase } from '../fixtures/actions.ts';
import { openMenu, submitLogin } from '../fixtures/app.ts';
import { actionIdByName, readDatabase } from '../fixtures/database.ts';
import { createPromoter, createPromoterWithActions, createPromoterWithTestAction, type Promoter } from '../fixtures/promoters.ts';
import { newConsumer, readWebformCodes, seedGloDevice, type Consumer } from '../fixtures/webform.ts';

// spec §2 Webform, §4 Webform, §5 Webform rules, §8 Registration errors (decisions 067–069). Each test
// has her own promoter and, but for the seeded glo owner (only verified, which changes nothing), her
// own consumer and Glo serial number; the codes are read from the development outbox, what was stored
// from the server's database.

const TEST_ACTION = 'Test rejestracji exp1707 — Stokrotka Galeria Krakowska';

/** The catalogue's consent texts (apps/server/catalogues/webform-catalogues.json), as the consumer reads them. */
const CONSENTS = {
  ageVerified: 'Oświadczam, że mam ukończone 18 lat i jestem użytkownikiem wyrobów tytoniowych lub nikotynowych.',
  personalDataRegistrationAuthorisation:
    'Wyrażam zgodę na przetwarzanie moich danych osobowych w celu rejestracji w bazie konsumentów i obsługi mojego konta.',
  newsletterCommercialAuthorization: 'Wyrażam zgodę na otrzymywanie informacji handlowych drogą elektroniczną na podany adres e-mail.',
  mobileOptIn: 'Wyrażam zgodę na otrzymywanie informacji handlowych w wiadomościach SMS na podany numer telefonu.',
  socialMediaOptIn: 'Wyrażam zgodę na wykorzystanie moich danych do kierowania do mnie reklam w mediach społecznościowych.',
  hypercareOptIn: 'Wyrażam zgodę na kontakt telefoniczny w sprawie obsługi i korzystania z zakupionego urządzenia.',
  inspirationClub: 'Chcę przystąpić do programu lojalnościowego Inspiration Club i akceptuję jego regulamin.',
} as const;
type ConsentField = keyof typeof CONSENTS;

const UNAVAILABLE = 'Oferta niedostępna dla tego konsumenta.';
const NOT_WITH_NEO = 'Nie łączy się z ofertą Neo.';
const ANOTHER_FIRST = 'Najpierw wybierz inną ofertę.';

// Each test makes her promoter (two npm commands, several seconds on a loaded two-core machine) and
// walks the form's steps with the server's answers.
test.beforeEach(() => test.setTimeout(60_000));

// ---------------------------------------------------------------------------------------------------
// The steps, as she goes through them

/** She logs in as the promoter being made: the login page loads meanwhile (her npm commands are the slow part). */
async function logInWhenMade<T extends { promoter: Promoter }>(page: Page, making: Promise<T>): Promise<T> {
  const [made] = await Promise.all([making, page.goto('/')]);
  await submitLogin(page, made.promoter.username, made.promoter.password);
  await expect(page).toHaveURL(/\/akcje$/);
  return made;
}

/** Her own promoter with ZABKA (one point) started, the way a test that does not test the start sets it up. */
async function startedPromoter(page: Page, name: string): Promise<{ promoter: Promoter; actionId: string }> {
  const making = createPromoterWithActions(name).then((promoter) => ({ promoter, actionId: startInDatabase(promoter.username, ZABKA) }));
  return logInWhenMade(page, making);
}

/** From the menu, as she would (no reload of the app): step 0. */
async function openWebform(page: Page) {
  await openMenu(page);
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Webform' }).click();
  await expect(page).toHaveURL(/\/webform$/);
  await expect(page.getByRole('heading', { name: 'Dane kontaktowe konsumenta' })).toBeVisible();
}

async function fillContact(page: Page, consumer: Consumer) {
  await page.getByRole('textbox', { name: 'Adres e-mail' }).fill(consumer.email);
  await expect(page.getByRole('combobox', { name: 'Prefiks' })).toHaveValue('+48');
  await page.getByRole('textbox', { name: 'Numer telefonu' }).fill(consumer.phone);
}

/** Step 0 → 1: 'Wyślij kody'; answers the codes the consumer got. */
async function sendCodes(page: Page, consumer: Consumer) {
  await fillContact(page, consumer);
  await page.getByRole('button', { name: 'Wyślij kody' }).click();
  await expect(page.getByRole('heading', { name: 'Kody weryfikacyjne' })).toBeVisible();
  await expect(page.getByText(`Kody wysłano na adres ${consumer.email} i numer +48${consumer.phone}.`)).toBeVisible();
  return readWebformCodes(page, consumer);
}

async function enterCodes(page: Page, codes: { sms: string; email: string }) {
  await page.getByRole('textbox', { name: 'Kod SMS' }).fill(codes.sms);
  await page.getByRole('textbox', { name: 'Kod e-mail' }).fill(codes.email);
  await page.getByRole('button', { name: 'Zweryfikuj', exact: true }).click();
}

const offersStep = (page: Page) => page.getByRole('group', { name: 'Wybierz ofertę' });
/** An offer card's checkbox, named by the catalogue's title. */
const offer = (page: Page, title: 'glo' | 'Vuse' | 'Velo' | 'neo' | 'Inspiration Club') =>
  offersStep(page).getByRole('checkbox', { name: title, exact: true });

/** Steps 0 and 1: step 2 with the offers the verification allows (a consumer the registry does not know: every one). */
async function verifyConsumer(page: Page, consumer: Consumer) {
  await enterCodes(page, await sendCodes(page, consumer));
  await expect(offersStep(page)).toBeVisible();
}

/** Picks `option` in the dropdown `label` (the form kit's select: a combobox with its listbox). */
async function choose(scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await scope.getByRole('listbox', { name: label }).getByRole('option', { name: option, exact: true }).click();
  await expect(scope.getByRole('combobox', { name: label })).toHaveText(option);
}

/** Glo (its one model, Hyper Pro, is picked for her): a colour, the solo source and the serial number. */
async function chooseGlo(page: Page, serial?: string) {
  await offer(page, 'glo').check();
  const glo = page.getByRole('group', { name: 'Oferta glo' });
  await expect(glo.getByRole('combobox', { name: 'Model' })).toHaveText('Hyper Pro');
  await choose(glo, 'Kolor', 'Czarny');
  await choose(glo, 'Źródło urządzenia', 'GLO solo / POP');
  if (serial) await glo.getByRole('textbox', { name: 'Numer seryjny urządzenia (opcjonalnie)' }).fill(serial);
}

/** Step 2 → 3. */
async function offersDone(page: Page) {
  await page.getByRole('button', { name: 'Dalej' }).click();
  await expect(page.getByRole('group', { name: 'Dane konsumenta' })).toBeVisible();
}

const PERSON = { firstName: 'Joanna', lastName: 'Kowalczyk', birthDate: '1991-03-14', postalCode: '00-017' };

async function fillPerson(page: Page) {
  await page.getByRole('textbox', { name: 'Imię' }).fill(PERSON.firstName);
  await page.getByRole('textbox', { name: 'Nazwisko' }).fill(PERSON.lastName);
  await page.getByLabel('Data urodzenia').fill(PERSON.birthDate);
  // Typed as digits: the mask puts the dash in (99-999).
  await page.getByRole('textbox', { name: 'Kod pocztowy' }).fill(PERSON.postalCode.replace('-', ''));
  await expect(page.getByRole('textbox', { name: 'Kod pocztowy' })).toHaveValue(PERSON.postalCode);
  await choose(page, 'Kategoria konsumenta', 'Podgrzewacze tytoniu: GLO');
}

async function tick(page: Page, fields: ConsentField[]) {
  for (const field of fields) await page.getByRole('checkbox', { name: CONSENTS[field] }).check();
}

const receiptThumbnail = (page: Page) => page.getByRole('img', { name: 'Zdjęcie paragonu: podgląd' });

/** The receipt from Chromium's fake camera through the single-shot camera modal. */
async function takeReceipt(page: Page) {
  await page.getByRole('button', { name: 'Dodaj zdjęcie paragonu' }).click();
  await page.getByRole('dialog', { name: 'Wybierz sposób' }).getByRole('button', { name: 'Aparat' }).click();
  const camera = page.getByRole('dialog', { name: 'Zdjęcie paragonu' });
  await camera.getByRole('button', { name: 'Zrób zdjęcie', exact: true }).click();
  await camera.getByRole('button', { name: 'Akceptuj' }).click();
  await expect(camera).toBeHidden();
  await expect(receiptThumbnail(page)).toBeVisible();
}

/** Step 4. */
const success = (page: Page) => page.getByRole('region', { name: 'Konsument został zarejestrowany' });

// ---------------------------------------------------------------------------------------------------
// What the server stored

type StoredLead = {
  id: string;
  is_test: number;
  bc: string | null;
  consumer_id: string | null;
  latitude: number | null;
  longitude: number | null;
};

/** Her registrations in the action (the seed's leads of other days aside). */
function storedLeads(username: string, actionId: string): StoredLead[] {
  return readDatabase(
    (db) =>
      db
        .prepare(
          `select l.id, l.is_test, l.bc, l.consumer_id, l.latitude, l.longitude from leads l join users u on u.id = l.user_id
            where u.username = ? and l.action_id = ?`,
        )
        .all(username, actionId) as StoredLead[],
  );
}

function all<T>(sql: string, ...params: unknown[]): T[] {
  return readDatabase((db) => db.prepare(sql).all(...params) as T[]);
}

// ---------------------------------------------------------------------------------------------------
// /raporty

/** 'Ilość sprzedanych urządzeń:' of a period: each brand's button, e.g. 'glo 1'. */
const soldIn = (page: Page, period: string) => page.getByRole('region', { name: period });

type StatEntry = { brand: string; model: string; count: number };
type SampleStats = Record<'currentAction' | 'lastAction' | 'currentMonth' | 'lastMonth', StatEntry[]>;

/** /raporty through the menu; answers the stats this visit loaded (and the action asked as current), once shown. */
async function openReports(page: Page): Promise<SampleStats & { askedCurrentAction: string | null }> {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/sample/stats'));
  await openMenu(page);
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Raporty' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Raporty' })).toBeVisible();
  const response = await answer;
  const stats = ((await response.json()) as { data: SampleStats }).data;
  const asked = (response.request().postDataJSON() as { sample: { currentAction: string | null } }).sample.currentAction;
  await expect(page.getByText('Wczytywanie statystyk…')).toHaveCount(0);
  return { ...stats, askedCurrentAction: asked };
}

const gloCount = (entries: StatEntry[]) => entries.filter((entry) => entry.brand === 'Glo').reduce((sum, entry) => sum + entry.count, 0);

// ---------------------------------------------------------------------------------------------------

test('a new consumer is registered end to end: glo with its serial and the club, consents, the receipt; stored, sent, burnt and counted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const serial = await seedGloDevice();
  const { promoter, actionId } = await startedPromoter(page, 'Ewa');
  const statsBefore = await openReports(page);
  expect(statsBefore.askedCurrentAction).toBe(actionId);
  expect(statsBefore.currentAction).toEqual([]);
  await expect(soldIn(page, 'Aktualna akcja')).toHaveCount(0);
  const gloBefore = gloCount(statsBefore.currentMonth);

  const consumer = newConsumer();
  await openWebform(page);
  await verifyConsumer(page, consumer);
  // A new consumer may take every offer; the club only beside another one.
  for (const title of ['glo', 'Vuse', 'Velo', 'neo'] as const) await expect(offer(page, title)).toBeEnabled();
  await expect(offer(page, 'Inspiration Club')).toBeDisabled();
  await expect(offer(page, 'Inspiration Club')).toHaveAccessibleDescription(new RegExp(ANOTHER_FIRST));
  await chooseGlo(page, serial);
  await offer(page, 'Inspiration Club').check();
  await offersDone(page);

  await expect(page.getByRole('textbox', { name: 'Kod HST' })).toHaveValue(/^E2E[0-9A-F]{8}$/);
  await expect(page.getByRole('textbox', { name: 'Kod HST' })).toHaveAttribute('readonly');
  await fillPerson(page);
  // The club's consent is shown with its offer; none is ticked for her.
  for (const text of Object.values(CONSENTS)) await expect(page.getByRole('checkbox', { name: text })).not.toBeChecked();
  await tick(page, ['ageVerified', 'personalDataRegistrationAuthorisation', 'newsletterCommercialAuthorization', 'inspirationClub']);
  await takeReceipt(page);
  await page.getByRole('button', { name: 'Zarejestruj' }).click();

  await expect(success(page).getByRole('listitem')).toHaveText([
    'Urządzenie glo zostało zarejestrowane na konsumenta.',
    'Konsument został zapisany do programu Inspiration Club.',
  ]);
  await expect(success(page)).toContainText('Klient otrzyma e-mail z linkiem aktywacyjnym do programu lojalnościowego.');

  const [lead, ...others] = storedLeads(promoter.username, actionId);
  expect(others).toEqual([]);
  // Where she was (the context grants the position: playwright.config.ts).
  expect(lead).toMatchObject({
    is_test: 0,
    bc: expect.stringMatching(/^BC-[0-9A-Z]{10}$/),
    consumer_id: expect.any(String),
    latitude: 52.2297,
    longitude: 21.0122,
  });
  expect(all('select kind, brand, model, colour, serial_number, sku from lead_items where lead_id = ?', lead!.id)).toEqual([
    { kind: 'asset', brand: 'Glo', model: 'Hyper Pro', colour: 'Czarny', serial_number: serial, sku: 'GLOPRO1' },
  ]);
  expect(
    all('select email_address, mobile_number, first_name, last_name, birth_date from consumers where id = ?', lead!.consumer_id),
  ).toEqual([
    {
      email_address: consumer.email,
      mobile_number: `+48${consumer.phone}`,
      first_name: PERSON.firstName,
      last_name: PERSON.lastName,
      birth_date: PERSON.birthDate,
    },
  ]);
  // GDPR art. 7(1): each consent shown, its decision and the text's version and hash, by her at her action.
  const records = all<{ field: string; decision: number; text_version: string; text_hash: string; channel: string; action_id: string }>(
    'select field, decision, text_version, text_hash, channel, action_id from consent_records where lead_id = ? order by field',
    lead!.id,
  );
  expect(Object.fromEntries(records.map((record) => [record.field, record.decision]))).toEqual({
    ageVerified: 1,
    personalDataRegistrationAuthorisation: 1,
    // no text of its own: given with the registration authorisation, whose text it records
    personalDataHandling: 1,
    newsletterCommercialAuthorization: 1,
    inspirationClub: 1,
    externalCompaniesAuthorization: 0,
    mobileOptIn: 0,
    socialMediaOptIn: 0,
    hypercareOptIn: 0,
  });
  for (const record of records) {
    expect(record).toMatchObject({
      text_version: '2026-01',
      text_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      channel: 'webform',
      action_id: actionId,
    });
  }

  // The receipt and the device burn leave through the outbox after the answer.
  await expect
    .poll(() => all('select lead_id, device_serial, content_type from action_receipts where lead_id = ?', lead!.id))
    .toEqual([{ lead_id: lead!.id, device_serial: serial, content_type: 'image/jpeg' }]);
  await expect
    .poll(() =>
      all<{ status: string; burnt_at: string | null }>('select status, burnt_at from glo_devices where serial_number = ?', serial),
    )
    .toEqual([{ status: 'registered', burnt_at: expect.any(String) }]);

  await page.getByRole('button', { name: 'Zakończ' }).click();
  await expect(page.getByRole('heading', { name: 'Dane kontaktowe konsumenta' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Adres e-mail' })).toHaveValue('');

  // She is known now: her glo (a Hyper Pro) and her club are not offered to her again.
  await verifyConsumer(page, consumer);
  for (const title of ['glo', 'Inspiration Club'] as const) {
    await expect(offer(page, title)).toBeDisabled();
    await expect(offer(page, title)).toHaveAccessibleDescription(new RegExp(UNAVAILABLE));
  }
  for (const title of ['Vuse', 'Velo', 'neo'] as const) await expect(offer(page, title)).toBeEnabled();

  // The reports count the device in her action and her month.
  await openReports(page);
  const current = soldIn(page, 'Aktualna akcja');
  await current.getByRole('button', { name: 'glo 1' }).click();
  await expect(current.getByRole('listitem').filter({ hasText: /^Hyper Pro\s+1$/ })).toBeVisible();
  await expect(soldIn(page, 'Bieżący miesiąc').getByRole('button', { name: `glo ${gloBefore + 1}` })).toBeVisible();
});

test('a known consumer: the owner of an older glo is told of the Glo Pro offer and may take it, and the club she is in is not offered', async ({
  page,
}) => {
  await startedPromoter(page, 'Ola');
  await openWebform(page);
  // The seeded glo owner (README), only verified: nothing of hers changes.
  await enterCodes(page, await sendCodes(page, { email: 'klientka.glo@demo.pl', phone: '500100101' }));

  const gloPro = page.getByRole('dialog', { name: 'Oferta Glo Pro' });
  await expect(gloPro).toContainText('Konsument ma urządzenie glo starszego typu i może skorzystać z oferty wymiany na glo Hyper Pro.');
  await gloPro.getByRole('button', { name: 'OK' }).click();
  await expect(gloPro).toBeHidden();
  await expect(offer(page, 'Inspiration Club')).toBeDisabled();
  await expect(offer(page, 'Inspiration Club')).toHaveAccessibleDescription(new RegExp(UNAVAILABLE));
  // The glo offer is the Hyper Pro the popup speaks of: open to her.
  for (const title of ['glo', 'Vuse', 'Velo', 'neo'] as const) await expect(offer(page, title)).toBeEnabled();
});

test("a wrong code opens 'Błędny kod OTP telefonu' or 'Błędny kod OTP e-mail' at the codes; then the offer rules of neo and the club", async ({
  page,
}) => {
  await startedPromoter(page, 'Iza');
  await openWebform(page);
  const codes = await sendCodes(page, newConsumer());
  const smsCode = page.getByRole('textbox', { name: 'Kod SMS' });
  await smsCode.fill('ab1');
  await expect(smsCode).toHaveValue('AB1');
  await smsCode.blur();
  await expect(page.getByText('Kod powinien składać się z 5 znaków.')).toBeVisible();

  const other = (code: string) => (code === 'AAAAA' ? 'BBBBB' : 'AAAAA');
  for (const [typed, title] of [
    [{ sms: other(codes.sms), email: codes.email }, 'Błędny kod OTP telefonu'],
    [{ sms: codes.sms, email: other(codes.email) }, 'Błędny kod OTP e-mail'],
  ] as const) {
    await enterCodes(page, typed);
    const popup = page.getByRole('dialog', { name: title });
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Kody weryfikacyjne' })).toBeVisible();
    await expect(offersStep(page)).toHaveCount(0);
  }
  // The right ones still pass: a wrong try does not spend them.
  await enterCodes(page, codes);
  await expect(offersStep(page)).toBeVisible();

  // spec §4 offer rules. The club only beside another offer.
  await expect(offer(page, 'Inspiration Club')).toBeDisabled();
  await expect(offer(page, 'Inspiration Club')).toHaveAccessibleDescription(new RegExp(ANOTHER_FIRST));
  // Neo drops the glo chosen before it and rules out glo and Vuse, saying why.
  await offer(page, 'glo').check();
  await expect(page.getByRole('group', { name: 'Oferta glo' })).toBeVisible();
  await offer(page, 'neo').check();
  await expect(page.getByRole('group', { name: 'Oferta glo' })).toHaveCount(0);
  for (const title of ['glo', 'Vuse'] as const) {
    await expect(offer(page, title)).not.toBeChecked();
    await expect(offer(page, title)).toBeDisabled();
    await expect(offer(page, title)).toHaveAccessibleDescription(new RegExp(NOT_WITH_NEO));
  }
  await expect(offer(page, 'Velo')).toBeEnabled();
  await expect(offer(page, 'Inspiration Club')).toBeEnabled();
  await offer(page, 'neo').uncheck();
  await expect(offer(page, 'glo')).toBeEnabled();
  await expect(offer(page, 'Vuse')).toBeEnabled();
  await expect(offer(page, 'Inspiration Club')).toBeDisabled();

  // The club, once another offer made it possible, is not enough on its own.
  await offer(page, 'Velo').check();
  await offer(page, 'Inspiration Club').check();
  await offer(page, 'Velo').uncheck();
  await expect(offer(page, 'Inspiration Club')).toBeChecked();
  await page.getByRole('button', { name: 'Dalej' }).click();
  const clubAlone = 'Zaznaczono tylko InspirationClub, wybierz dodatkową ofertę';
  await expect(offersStep(page)).toContainText(clubAlone);
  await expect(page.getByRole('group', { name: 'Dane konsumenta' })).toHaveCount(0);

  // Neo with Velo (and the club) is allowed.
  await offer(page, 'neo').check();
  await offer(page, 'Velo').check();
  await expect(offersStep(page)).not.toContainText(clubAlone);
  await page.getByRole('group', { name: 'Rodzaj próbki' }).getByRole('radio', { name: 'Próbka neo: 2 paczki' }).check();
  await choose(page.getByRole('group', { name: 'Oferta Velo' }), 'Smak Velo', 'Velo Polar Mint');
  await offersDone(page);
  // Velo asks for the marketing consents too; neo beside it needs the receipt.
  for (const field of ['mobileOptIn', 'socialMediaOptIn', 'hypercareOptIn', 'inspirationClub'] as const) {
    await expect(page.locator('.consent').filter({ hasText: CONSENTS[field] })).toContainText('wymagana');
  }
  await expect(page.getByText('Dla wybranych ofert zdjęcie paragonu nie jest wymagane.')).toHaveCount(0);
});

test('on the exp1707 test action she verifies and registers without codes; the lead is a test one and the reports leave it out', async ({
  page,
}) => {
  const { promoter } = await logInWhenMade(
    page,
    createPromoterWithTestAction('Marta').then((promoter) => ({ promoter })),
  );
  const actionId = actionIdByName(promoter.username, TEST_ACTION);
  const statsBefore = await openReports(page);
  await openWebform(page);
  await expect(
    page.getByText('Akcja testowa: rejestracje z tej akcji nie są liczone w statystykach. Kody weryfikacyjne nie są wymagane.'),
  ).toBeVisible();

  const consumer = newConsumer();
  await fillContact(page, consumer);
  await page.getByRole('button', { name: 'Dalej bez kodów' }).click();
  await expect(page.getByRole('heading', { name: 'Kody weryfikacyjne' })).toBeVisible();
  await page.getByRole('button', { name: 'Zweryfikuj bez kodów' }).click();
  await expect(offersStep(page)).toBeVisible();
  await offer(page, 'Velo').check();
  await choose(page.getByRole('group', { name: 'Oferta Velo' }), 'Smak Velo', 'Velo Ice Cool');
  await offersDone(page);
  await fillPerson(page);
  await expect(page.getByText('Dla wybranych ofert zdjęcie paragonu nie jest wymagane.')).toBeVisible();
  await tick(page, [
    'ageVerified',
    'personalDataRegistrationAuthorisation',
    'newsletterCommercialAuthorization',
    'mobileOptIn',
    'socialMediaOptIn',
    'hypercareOptIn',
  ]);
  await page.getByRole('button', { name: 'Zarejestruj bez kodów' }).click();
  await expect(success(page).getByRole('listitem')).toHaveText(['Konsument otrzymał próbkę saszetek Velo.']);

  const [lead, ...others] = storedLeads(promoter.username, actionId);
  expect(others).toEqual([]);
  // A sandbox: the lead and its items are kept, flagged; no consumer, no consent records.
  expect(lead).toMatchObject({ is_test: 1, consumer_id: null });
  expect(all('select kind, brand, sku from lead_items where lead_id = ?', lead!.id)).toEqual([
    { kind: 'product_interest', brand: 'Velo', sku: 'VELOICE10' },
  ]);
  expect(all('select id from consumers where email_address = ?', consumer.email)).toEqual([]);
  expect(all('select id from consent_records where lead_id = ?', lead!.id)).toEqual([]);
  // No code was sent to her.
  expect(all('select id from outbox_messages where recipient in (?, ?)', consumer.email, `+48${consumer.phone}`)).toEqual([]);

  const statsAfter = await openReports(page);
  expect(statsAfter.askedCurrentAction).toBe(actionId);
  expect(statsAfter.currentAction).toEqual([]);
  expect(statsAfter.currentMonth).toEqual(statsBefore.currentMonth);
  await expect(soldIn(page, 'Aktualna akcja')).toHaveCount(0);
});

test('a reload at step 3 keeps the names, the offers and the receipt; a refused registration spends the codes and the next one asks for new ones (§5 Send rule)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await startedPromoter(page, 'Basia');
  await openWebform(page);
  const consumer = newConsumer();
  await verifyConsumer(page, consumer);
  await chooseGlo(page, 'GLO0000000'); // not in the device registry
  await offer(page, 'Inspiration Club').check();
  await offersDone(page);
  await fillPerson(page);
  await tick(page, ['ageVerified']);
  await takeReceipt(page);

  await page.reload();
  await expect(page.getByRole('group', { name: 'Dane konsumenta' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Imię' })).toHaveValue(PERSON.firstName);
  await expect(page.getByRole('textbox', { name: 'Nazwisko' })).toHaveValue(PERSON.lastName);
  await expect(page.getByRole('combobox', { name: 'Kategoria konsumenta' })).toHaveText('Podgrzewacze tytoniu: GLO');
  await expect(page.getByRole('checkbox', { name: CONSENTS.ageVerified })).toBeChecked();
  // The club's consent is there because its offer is still chosen.
  await expect(page.getByRole('checkbox', { name: CONSENTS.inspirationClub })).not.toBeChecked();
  await expect(receiptThumbnail(page)).toBeVisible();
  await expect.poll(() => receiptThumbnail(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Zrób ponownie zdjęcie paragonu' })).toBeVisible();
  await page.getByRole('button', { name: 'Cofnij' }).click();
  await expect(offer(page, 'glo')).toBeChecked();
  await expect(offer(page, 'Inspiration Club')).toBeChecked();
  const glo = page.getByRole('group', { name: 'Oferta glo' });
  await expect(glo.getByRole('combobox', { name: 'Kolor' })).toHaveText('Czarny');
  await expect(glo.getByRole('combobox', { name: 'Źródło urządzenia' })).toHaveText('GLO solo / POP');
  await expect(glo.getByRole('textbox', { name: 'Numer seryjny urządzenia (opcjonalnie)' })).toHaveValue('GLO0000000');
  await offersDone(page);

  // The codes lived through the reload; the server's refusal uses them up.
  await tick(page, ['personalDataRegistrationAuthorisation', 'newsletterCommercialAuthorization', 'inspirationClub']);
  await page.getByRole('button', { name: 'Zarejestruj' }).click();
  const refusal = page.getByRole('dialog', { name: 'Wystąpił błąd.' });
  await expect(refusal).toContainText('Numer urządzenia jest nieprawidłowy.');
  await expect(refusal).toContainText('Kod błędu:');
  await refusal.getByRole('button', { name: 'Wróć' }).click();
  await expect(refusal).toBeHidden();
  await expect(page.getByRole('group', { name: 'Dane konsumenta' })).toBeVisible();

  await page.getByRole('button', { name: 'Zarejestruj' }).click();
  const sendRule = page.getByRole('dialog', { name: 'Wystąpił błąd.' });
  await expect(sendRule).toContainText('Brak kodów weryfikacyjnych. Wyślij nowe kody i wróć do weryfikacji');
  await sendRule.getByRole('button', { name: 'Wróć' }).click();
  await expect(page.getByRole('heading', { name: 'Kody weryfikacyjne' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Kod SMS' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Kod e-mail' })).toHaveValue('');
  // New codes verify her again; nothing was registered.
  await page.getByRole('button', { name: 'Wyślij ponownie' }).click();
  await expect(page.getByText('Wysłano nowe kody.')).toBeVisible();
  await enterCodes(page, await readWebformCodes(page, consumer));
  await expect(offersStep(page)).toBeVisible();
  expect(all('select id from consumers where email_address = ?', consumer.email)).toEqual([]);
});

test("without a started action the webform says 'Brak aktywnych akcji' and leads to the actions", async ({ page }) => {
  await logInWhenMade(
    page,
    createPromoter('Lena').then((promoter) => ({ promoter })),
  );
  await openMenu(page);
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Webform' }).click();
  await expect(page.getByText('Brak aktywnych akcji')).toBeVisible();
  await expect(page.getByText('Rozpocznij akcję, aby zarejestrować konsumenta.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Adres e-mail' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Przejdź do akcji' }).click();
  await expect(page).toHaveURL(/\/akcje$/);
});

test('a fourth send of codes to one consumer within the hour shows the send limit, and the codes she has still verify', async ({
  page,
}) => {
  await startedPromoter(page, 'Ida');
  await openWebform(page);
  const consumer = newConsumer();
  const codes = await sendCodes(page, consumer);
  const resend = page.getByRole('button', { name: 'Wyślij ponownie' });
  // Two resends: three sends, her share of the hour for this consumer (decision 080).
  // Each send waited for by its answer: the second's 'Wysłano nowe kody.' is on screen from the first.
  for (let i = 0; i < 2; i++) {
    const sent = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/lead/otp');
    await resend.click();
    expect((await sent).ok()).toBe(true);
    await expect(page.getByText('Wysłano nowe kody.')).toBeVisible();
  }
  const newest = await readWebformCodes(page, consumer);
  expect(newest).not.toEqual(codes);

  await resend.click();
  const refusal = page.getByRole('dialog', { name: 'Wystąpił błąd.' });
  await expect(refusal).toContainText('Wysłano już zbyt wiele kodów na ten adres e-mail lub numer telefonu. Spróbuj ponownie później.');
  await expect(refusal).toContainText('Kod błędu:');
  // The popup's enter animation finished: the screenshot shows it as she reads it.
  await refusal.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));
  await page.screenshot({ path: test.info().outputPath('otp-send-limit.png') });
  await refusal.getByRole('button', { name: 'Wróć' }).click();
  await expect(refusal).toBeHidden();
  // The refused send replaced nothing: the newest codes still verify her.
  await enterCodes(page, newest);
  await expect(offersStep(page)).toBeVisible();
});
