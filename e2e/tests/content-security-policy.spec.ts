import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures/test.ts';
import { ZABKA, actionItem, fillStartForm, waitForOfflineShell } from '../fixtures/actions.ts';
import { countRows, actionIdByName } from '../fixtures/database.ts';
import { logIn } from '../fixtures/app.ts';
import { createPromoterWithActions } from '../fixtures/promoters.ts';

// The server's strict CSP (docs/decisions/016-security-headers.md) must not break the app: every
// violation the browser reports fails the test.
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe('under the content security policy', () => {
  test.use({ serviceWorkers: 'allow' });

  test('login, the fake camera, a photo upload and the offline shell work with no violation', async ({ page, context }) => {
    const violations = await recordViolations(page);
    const response = await page.goto('/');
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    const ewa = await createPromoterWithActions('Celina');
    await logIn(page, ewa);
    await page.getByRole('link', { name: `Rozpocznij: ${ZABKA}` }).click();
    await fillStartForm(page, 'K777');
    await page.getByRole('button', { name: 'Rozpocznij', exact: true }).click();
    await expect(actionItem(page, ZABKA)).toContainText('W trakcie');
    expect(countRows('action_files', `action_id = ? and ident = 'bereal_start'`, actionIdByName(ewa.username, ZABKA))).toBe(2);

    await waitForOfflineShell(page);
    await context.setOffline(true);
    await page.reload();
    await expect(actionItem(page, ZABKA)).toBeVisible();
    await context.setOffline(false);
    expect(violations).toEqual([]);
  });
});
