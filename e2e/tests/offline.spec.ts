import { expect } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { waitForOfflineShell } from '../fixtures/actions.ts';

test.use({ serviceWorkers: 'allow' });

test('after a first visit the app shell opens without a connection', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible();
  // The active worker has cached the shell and serves the next navigation (it does not take over the
  // page already open, so that a page never mixes two builds).
  await waitForOfflineShell(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible();
  await page.goto('/remind');
  await expect(page.getByRole('heading', { name: 'Zresetuj hasło' })).toBeVisible();
  await context.setOffline(false);
});
