import { expect, inject, test } from 'vitest';
import { isScrolledIntoView, openPage, PHONE, POLL, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

test('on a phone the header links move into a side menu whose links reach their sections', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE, isMobile: true, hasTouch: true });
  const { page } = probe;
  await page.goto(`${baseUrl}/home`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await page.getByRole('navigation', { name: 'Secções da página' }).isVisible()).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );

  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.waitFor();
  await menu.getByRole('link', { name: 'Preços' }).click();
  await menu.waitFor({ state: 'detached' });
  await expect.poll(() => isScrolledIntoView(page, 'precos'), POLL).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('precos');

  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await menu.waitFor();
  await menu.getByRole('link', { name: 'Entrar' }).click();
  await page.waitForURL(`${baseUrl}/auth`);
  probe.expectClean();
  await probe.close();
});

test('on a phone the side menu closes with Escape and offers sign-up', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE, isMobile: true, hasTouch: true });
  const { page } = probe;
  await page.goto(`${baseUrl}/home`);

  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.waitFor();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await menu.getByRole('link', { name: 'Começar grátis' }).click();
  await page.waitForURL(`${baseUrl}/auth?signup=true`);
  probe.expectClean();
  await probe.close();
});

test('the landing page fits a 360 px screen without sideways scrolling', async () => {
  const probe = await openPage(getBrowser(), { viewport: { width: 360, height: 740 } });
  const { page } = probe;
  await page.goto(`${baseUrl}/home`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  probe.expectClean();
  await probe.close();
});
