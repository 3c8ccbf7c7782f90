import { expect, inject, test } from 'vitest';
import { openPage, PHONE, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

test('/subscription shows the four plans; the dev switch moves the account to Personal', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  await page.goto(`${baseUrl}/subscription`);
  await page.getByRole('heading', { level: 1, name: 'Planos' }).waitFor();
  const current = page.locator('li[aria-current="true"]');
  await current.getByRole('heading', { name: 'Gratuito' }).waitFor();
  await page.getByText('Modo de desenvolvimento').waitFor();
  await saveScreenshot(page, 'plans-phone');

  const personal = page
    .locator('li')
    .filter({ has: page.getByRole('heading', { name: 'Personal' }) });
  await personal.getByRole('button', { name: 'Ativar este plano' }).click();
  await page.getByText('Plano Personal ativado').waitFor();
  await current.getByRole('heading', { name: 'Personal' }).waitFor();
  const profile = (await (await page.request.get(`${baseUrl}/api/profile`)).json()) as {
    planId: string;
  };
  expect(profile.planId).toBe('professional');
  probe.expectClean();
  await probe.close();
});
