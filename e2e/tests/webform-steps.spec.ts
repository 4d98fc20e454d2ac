import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { ARKADIA, startInDatabase } from '../fixtures/actions.ts';
import { openMenu, submitLogin } from '../fixtures/app.ts';
import { writeDatabase } from '../fixtures/database.ts';
import { createPromoterWithActions, createPromoterWithTestAction, type Promoter } from '../fixtures/promoters.ts';
import { newConsumer, readWebformCodes, type Consumer } from '../fixtures/webform.ts';

// The webform's steps as she sees them (issue 20, items 11 and 12; decision 076): what step 1 says after
// the test action's 'Dalej bez kodów', an empty e-mail code's message, one word for back on every step,
// and 'Lokalizacja rejestracji' preset to the point she checked in at.

test.beforeEach(() => test.setTimeout(60_000));

async function logInAs(page: Page, making: Promise<Promoter>): Promise<Promoter> {
  const [promoter] = await Promise.all([making, page.goto('/')]);
  await submitLogin(page, promoter.username, promoter.password);
  await expect(page).toHaveURL(/\/akcje$/);
  return promoter;
}

async function openWebform(page: Page) {
  await openMenu(page);
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Webform' }).click();
  await expect(page.getByRole('heading', { name: 'Dane kontaktowe konsumenta' })).toBeVisible();
}

async function fillContact(page: Page, consumer: Consumer) {
  await page.getByRole('textbox', { name: 'Adres e-mail' }).fill(consumer.email);
  await page.getByRole('textbox', { name: 'Numer telefonu' }).fill(consumer.phone);
}

/** Step 2 → 3 with Velo, the offer that needs one choice. */
async function chooseVelo(page: Page) {
  await page.getByRole('group', { name: 'Wybierz ofertę' }).getByRole('checkbox', { name: 'Velo', exact: true }).check();
  const velo = page.getByRole('group', { name: 'Oferta Velo' });
  await velo.getByRole('combobox', { name: 'Smak Velo' }).click();
  await velo.getByRole('listbox', { name: 'Smak Velo' }).getByRole('option', { name: 'Velo Ice Cool', exact: true }).click();
  await page.getByRole('button', { name: 'Dalej' }).click();
  await expect(page.getByRole('group', { name: 'Dane konsumenta' })).toBeVisible();
}

const backButtons = (page: Page) => page.getByRole('button', { name: /^(Cofnij|Wstecz)$/ });

test("after 'Dalej bez kodów' step 1 says no codes were sent and an empty e-mail code has its message; every step goes back with 'Cofnij'", async ({
  page,
}) => {
  await logInAs(page, createPromoterWithTestAction('Marta'));
  await openWebform(page);
  const consumer = newConsumer();
  await fillContact(page, consumer);

  await page.getByRole('button', { name: 'Dalej bez kodów' }).click();

  await expect(page.getByRole('heading', { name: 'Kody weryfikacyjne' })).toBeVisible();
  await expect(page.getByText(/^Kodów nie wysłano\./)).toBeVisible();
  await expect(page.getByText(/Kody wysłano/)).toHaveCount(0);
  await page.screenshot({ path: 'test-results-shots/webform-codes-skipped.png' });
  await expect(backButtons(page)).toHaveText(['Cofnij']);

  // An empty e-mail code has its message (§5 Step 1), on leaving the field and on 'Zweryfikuj'.
  const emailCode = page.getByRole('textbox', { name: 'Kod e-mail' });
  await emailCode.focus();
  await emailCode.blur();
  await expect(emailCode).toHaveAccessibleDescription('Kod powinien składać się z 5 znaków.');
  await page.getByRole('textbox', { name: 'Kod SMS' }).fill('ABCDE');
  await page.getByRole('button', { name: 'Zweryfikuj', exact: true }).click();
  await expect(emailCode).toHaveAccessibleDescription('Kod powinien składać się z 5 znaków.');
  await expect(page.getByRole('textbox', { name: 'Kod SMS' })).not.toHaveAccessibleDescription(/./);

  await page.getByRole('button', { name: 'Zweryfikuj bez kodów' }).click();
  await expect(page.getByRole('group', { name: 'Wybierz ofertę' })).toBeVisible();
  await expect(backButtons(page)).toHaveText(['Cofnij']);
  await chooseVelo(page);
  await expect(backButtons(page)).toHaveText(['Cofnij']);

  // Back at step 1 and codes sent after all: now it says where they went.
  await backButtons(page).click();
  await backButtons(page).click();
  await page.getByRole('button', { name: 'Wyślij ponownie' }).click();
  await expect(page.getByText(`Kody wysłano na adres ${consumer.email} i numer +48${consumer.phone}.`)).toBeVisible();
});

test("'Lokalizacja rejestracji' starts at the point she checked in at", async ({ page }) => {
  await logInAs(
    page,
    createPromoterWithActions('Zosia').then((made) => {
      // Checked in at the action's second point (the kiosk), not its first.
      const actionId = startInDatabase(made.username, ARKADIA);
      writeDatabase(
        `update action_assignments set action_point_id = (select id from action_points where action_id = ? order by position desc limit 1)
          where action_id = ? and user_id = (select id from users where username = ?)`,
        actionId,
        actionId,
        made.username,
      );
      return made;
    }),
  );
  await openWebform(page);
  const consumer = newConsumer();
  await fillContact(page, consumer);
  await page.getByRole('button', { name: 'Wyślij kody' }).click();
  await expect(page.getByRole('heading', { name: 'Kody weryfikacyjne' })).toBeVisible();
  const codes = await readWebformCodes(page, consumer);
  await page.getByRole('textbox', { name: 'Kod SMS' }).fill(codes.sms);
  await page.getByRole('textbox', { name: 'Kod e-mail' }).fill(codes.email);
  await page.getByRole('button', { name: 'Zweryfikuj', exact: true }).click();
  await chooseVelo(page);

  await expect(page.getByRole('combobox', { name: 'Lokalizacja rejestracji' })).toHaveText('Kiosk Arkadia, poziom 0');
  await page.getByRole('combobox', { name: 'Lokalizacja rejestracji' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results-shots/webform-register-location.png' });
});
