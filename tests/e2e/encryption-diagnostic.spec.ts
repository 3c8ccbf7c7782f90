// The public security diagnostic (/encryption-diagnostic, issue 20 point 8) in a real browser:
// signed out, the session line is not applicable; signed in, the httpOnly session cookie passes;
// the server's encryption round trip and the security headers pass; plain HTTP on localhost is
// still a secure context. Phone and desktop, with screenshots to look at.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { createVerifiedAccount, signInThroughUi, uniqueEmail } from './auth-helpers.ts';
import { DESKTOP, openPage, PHONE, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

type Line = { id: string | null; outcome: string | null };

async function linesOf(page: Page): Promise<Line[]> {
  await page.getByText('Repetir diagnóstico').waitFor();
  await page.locator('[data-check="encryption-at-rest"]').waitFor();
  return page.locator('[data-check]').evaluateAll((items) =>
    items.map((item) => ({
      id: item.getAttribute('data-check'),
      outcome: item.getAttribute('data-outcome'),
    })),
  );
}

test('signed out, on a phone: every applicable line passes, the session line waits for a sign-in', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE, hasTouch: true, isMobile: true });
  const { page } = probe;
  await page.goto(`${baseUrl}/encryption-diagnostic`);
  const lines = Object.fromEntries((await linesOf(page)).map((l) => [l.id, l.outcome]));
  expect(lines).toMatchObject({
    'secure-context': 'pass',
    'web-crypto': 'pass',
    'session-cookie': 'skip',
    'header-content-security-policy': 'pass',
    'header-x-content-type-options': 'pass',
    'header-x-frame-options': 'pass',
    'header-referrer-policy': 'pass',
    // Served over plain HTTP here: HSTS does not apply.
    'header-strict-transport-security': 'skip',
    'encryption-at-rest': 'pass',
  });
  await page.getByText('Tudo em ordem').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
  expect(overflow).toBe(false);
  await saveScreenshot(page, 'encryption-diagnostic-phone');
  probe.expectClean();
  await probe.close();
});

test('signed in, on a desktop: the session cookie reaches the server and scripts cannot read it', async () => {
  const probe = await openPage(getBrowser(), { viewport: DESKTOP });
  const { page } = probe;
  const email = uniqueEmail('diagnostico');
  const password = 'Diagnostico-2026!';
  await createVerifiedAccount(baseUrl, email, password);
  await page.goto(`${baseUrl}/auth`);
  await signInThroughUi(page, email, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto(`${baseUrl}/encryption-diagnostic`);
  const lines = Object.fromEntries((await linesOf(page)).map((l) => [l.id, l.outcome]));
  expect(lines['session-cookie']).toBe('pass');
  expect(await page.evaluate(() => document.cookie)).not.toContain('session_token');
  await page.getByRole('button', { name: 'Repetir diagnóstico' }).click();
  await page.getByText('Tudo em ordem').waitFor();
  await saveScreenshot(page, 'encryption-diagnostic-desktop');
  probe.expectClean();
  await probe.close();
});
