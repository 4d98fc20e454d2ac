import { expect, test } from '@playwright/test';

test.use({ serviceWorkers: 'allow' });

test('after a first visit the app shell opens without a connection', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible();
  // Wait until the service worker is active: it has cached the shell, and it serves the next navigation
  // (it does not take over the page already open, so that a page never mixes two builds).
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated') {
      await new Promise((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(null)));
    }
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible();
  await page.goto('/remind');
  await expect(page.getByRole('heading', { name: 'Zresetuj hasło' })).toBeVisible();
  await context.setOffline(false);
});
