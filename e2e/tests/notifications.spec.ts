import { createECDH, randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { logIn } from '../fixtures/app.ts';
import { STAFF_PASSWORD, WARSAW_COORDINATOR } from '../fixtures/biuro.ts';
import { actionIdByName, readDatabase, writeDatabase } from '../fixtures/database.ts';
import { createPromoterWithActions } from '../fixtures/promoters.ts';

// Issue 37 (decisions 135, 136): a coordinator sends her report back; her app counts it on the bell
// without a reload (it asks for her inbox when she comes back to it), the list shows the note, a tap
// opens her report and reads it; the coordinator sees what reached her.
// Headless Chromium has no push service, so this one test simulates the two ends of Web Push, and says
// so: her phone's subscription is made through /api/push/subscribe with an endpoint nothing answers
// (what the browser would send after 'Włącz powiadomienia'), and the push itself is delivered to the
// app's service worker by DevTools (ServiceWorker.deliverPushMessage) with the payload the server made
// for it — a real, trusted push event, which the worker must show and report shown.

// Her service worker is what shows the push (the config blocks workers by default).
test.use({ serviceWorkers: 'allow' });

const REPORT_ACTION = 'Promocja glo i velo — Carrefour Arkadia';
const NOTE = 'Brakuje zdjęcia ekspozycji po ułożeniu. Dodaj je i wyślij raport ponownie.';

async function coordinatorToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/admin/auth/login', { data: { username: WARSAW_COORDINATOR, password: STAFF_PASSWORD } });
  return ((await login.json()) as { data: { token: { token: string } } }).data.token.token;
}

/** A browser's subscription keys: an uncompressed P-256 point and 16 random bytes, base64url. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** The registration id of the app's service worker, as DevTools knows it. */
async function serviceWorkerRegistration(page: Page): Promise<{ send: (data: string) => Promise<void> }> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  return { send: async (data) => void (await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data })) };
}

test('her report sent back: the bell counts it without a reload, her phone shows the push, the list has the note, a tap opens the report; the coordinator reads "shown" and "read"', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.context().grantPermissions(['notifications']);
  const hanna = await createPromoterWithActions('Hanna');
  const action = actionIdByName(hanna.username, REPORT_ACTION);
  const { ident, id: userId } = readDatabase(
    (db) => db.prepare('select ident, id from users where username = ?').get(hanna.username) as { ident: string; id: string },
  );
  // In the Warsaw coordinator's territory, under a name of its own (one action per event, territory,
  // times and name: decision 106).
  const name = `${REPORT_ACTION} ${ident}`;
  writeDatabase(
    `update actions set name = ?, territory_id = (select id from territories where ident = 'WAW-CENTRUM') where id = ?`,
    name,
    action,
  );

  await logIn(page, hanna);
  const bell = page.getByRole('link', { name: /^Powiadomienia/ });
  await expect(bell).toHaveAccessibleName('Powiadomienia');

  // Her phone's subscription, as the app sends it after 'Włącz powiadomienia' (simulated: see above).
  const session = await request.post('/api/auth/login', { data: { username: hanna.username, password: hanna.password } });
  const token = ((await session.json()) as { data: { token: { token: string } } }).data.token.token;
  const subscribed = await request.post('/api/push/subscribe', {
    data: { subscription: { endpoint: `http://127.0.0.1:9/push/${ident}`, expirationTime: null, keys: browserKeys() } },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(200);

  const coordinator = await coordinatorToken(request);
  const reviewed = await request.post('/api/admin/reports/review', {
    data: { action: { uuid: action }, promoter: { ident }, decision: 'changes_requested', reason: 'photos', note: NOTE },
    headers: { Authorization: `Bearer ${coordinator}` },
  });
  expect(reviewed.status(), await reviewed.text()).toBe(200);

  // She comes back to the app: it asks for her inbox on focus — no reload.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(bell).toHaveAccessibleName('Powiadomienia, 1 nieprzeczytane');
  // …and a screen reader says it came (issue 39): the header's polite live region.
  await expect(page.locator('header [aria-live="polite"]').filter({ hasText: 'Nowe powiadomienie' })).toHaveCount(1);

  // The push the server made for her phone, delivered by DevTools as her push service would.
  const receipt = readDatabase(
    (db) =>
      (
        db
          .prepare('select s.receipt from push_sends s join notifications n on n.id = s.notification_id where n.user_id = ?')
          .get(userId) as { receipt: string }
      ).receipt,
  );
  const worker = await serviceWorkerRegistration(page);
  const shown = () =>
    page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body]));
  // DevTools' delivery is the simulation's, not the product's: once in a full run a delivery to a worker
  // still starting up showed nothing in 7 s. It is sent again then (at most twice more); the worker tags
  // the push by kind and screen, so a late first one replaces nothing twice — exactly one is shown.
  for (let attempt = 0; attempt < 3; attempt++) {
    await worker.send(JSON.stringify({ kind: 'report_returned', url: `/raport/${action}`, receipt, unread: 1 }));
    if (
      await expect
        .poll(shown, { timeout: 5_000 })
        .not.toEqual([])
        .then(
          () => true,
          () => false,
        )
    )
      break;
  }
  await expect.poll(shown).toEqual([['Raport do poprawy', 'Koordynator odesłał Twój raport. Stuknij, aby zobaczyć uwagi.']]);
  const shownAt = () =>
    readDatabase(
      (db) =>
        (db.prepare('select push_shown_at from notifications where user_id = ?').get(userId) as { push_shown_at: string | null })
          .push_shown_at,
    );
  await expect.poll(shownAt).not.toBeNull();

  await bell.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Powiadomienia' })).toBeVisible();
  const item = page.getByRole('link', { name: /^Nieprzeczytane: Raport do poprawy/ });
  await expect(item).toContainText(name);
  await expect(item).toContainText(`Uwaga koordynatora: ${NOTE}`);
  await page.screenshot({ path: 'test-results-shots/powiadomienia-360.png', fullPage: true });
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/raport/${action}$`));
  await expect(page.getByRole('region', { name: 'Do poprawy' })).toContainText(NOTE);
  await expect(bell).toHaveAccessibleName('Powiadomienia');

  // What the coordinator reads on the report: shown on her phone, read in the app (the read went
  // through her outbox), no SMS needed.
  await expect
    .poll(async () => {
      const res = await request.post('/api/admin/notifications/list', {
        data: { action: { uuid: action }, promoter: { ident } },
        headers: { Authorization: `Bearer ${coordinator}` },
      });
      const [first] = ((await res.json()) as { data: { notifications: Record<string, unknown>[] } }).data.notifications;
      return { shown: first?.pushShownAt !== null, read: first?.readAt !== null, sms: first?.sms };
    })
    .toEqual({ shown: true, read: true, sms: 'not_needed' });
});
