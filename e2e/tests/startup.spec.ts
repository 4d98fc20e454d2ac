import { expect } from '@playwright/test';
import { test } from '../fixtures/test.ts';

// Decision 081: the login form first. What does not draw it — the manifest and icons, the build-time
// check, the service worker — is asked for only once the form is on the screen, and is still there.
test.use({ serviceWorkers: 'allow' });

test('the login form shows before the manifest, the icons and /version.json are asked for; then they are', async ({ page }) => {
  const events: string[] = [];
  await page.exposeFunction('formShown', () => events.push('form'));
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('form button[type=submit]')) return;
      observer.disconnect();
      void (window as unknown as { formShown: () => Promise<void> }).formShown();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  page.on('request', (request) => events.push(new URL(request.url()).pathname));

  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Dalej' })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/icon-192.png');
  await expect.poll(() => events.includes('/version.json')).toBe(true);
  // The offline shell: the service worker is registered and becomes active.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);

  const shownAt = events.indexOf('form');
  const before = events.slice(0, shownAt);
  expect(shownAt, events.join('\n')).toBeGreaterThan(0);
  expect(
    before.filter((path) => /^\/(version\.json|manifest\.webmanifest|icons\/|favicon\.ico|sw\.js)/.test(path)),
    events.join('\n'),
  ).toEqual([]);
  expect(before.filter((path) => path.startsWith('/assets/')).length, 'one script and one stylesheet').toBe(2);
});
