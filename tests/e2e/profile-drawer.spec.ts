import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

/** The sign-up helper leaves the page on /, with the header's requests done. */
async function openDrawer(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'As minhas faturas' }).waitFor();
  await page.getByRole('button', { name: 'Abrir menu do perfil' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu do perfil' });
  await drawer.waitFor();
  return drawer;
}

function linkNames(page: Page, section: string) {
  return page
    .getByRole('navigation', { name: section })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.textContent?.trim()));
}

test('a private person sees the header and a drawer with Conta Pessoal and its entries', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  const { email } = await signUpAndSignIn(page, baseUrl, { fullName: 'Rui Pessoa' });
  await page.getByRole('link', { name: 'Plano e subscrição' }).waitFor();
  expect(await page.getByRole('link', { name: 'Ajuda e tutoriais' }).getAttribute('href')).toBe(
    '/ajuda-tutoriais',
  );
  await page.getByText(/\d{2} de [a-zç]+ de \d{4}/).waitFor();
  await saveScreenshot(page, 'dashboard-desktop');

  const drawer = await openDrawer(page);
  await drawer.getByText('Rui Pessoa').waitFor();
  await drawer.getByText(email).waitFor();
  await drawer.getByText('Conta Pessoal').waitFor();
  expect(await linkNames(page, 'Conta')).toEqual(['Ver Perfil', 'PoupançasPremium']);
  expect(await linkNames(page, 'Sistema')).toEqual(['Configurações', 'Gestão de equiposPremium']);
  await saveScreenshot(page, 'drawer-particular-desktop');

  await drawer.getByRole('link', { name: 'Ver Perfil' }).click();
  await page.waitForURL(`${baseUrl}/meu-perfil`);
  await page.getByRole('heading', { level: 1, name: 'O meu perfil' }).waitFor();
  probe.expectClean();
  await probe.close();
});

test('a company sees Conta Empresa, with Poupanças, CMV and Integrações marked premium on the free plan', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl, { accountType: 'empresa', companyName: 'Oficina Lda' });
  const drawer = await openDrawer(page);
  await drawer.getByText('Oficina Lda').waitFor();
  await drawer.getByText('Conta Empresa').waitFor();
  expect(await linkNames(page, 'Conta')).toEqual(['Ver Perfil', 'PoupançasPremium', 'CMVPremium']);
  expect(await linkNames(page, 'Sistema')).toEqual([
    'Configurações',
    'Gestão de equiposPremium',
    'IntegraçõesPremium',
  ]);
  await saveScreenshot(page, 'drawer-empresa-desktop');
  probe.expectClean();
  await probe.close();
});

test('a left swipe of more than 100 px closes the drawer, a short one does not', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  const drawer = await openDrawer(page);
  const box = await drawer.getByText('Conta Pessoal').boundingBox();
  if (!box) throw new Error('drawer not laid out');
  const y = box.y + box.height / 2;
  const x = box.x + box.width;

  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 60, y, { steps: 4 });
  await page.mouse.up();
  expect(await drawer.isVisible()).toBe(true);

  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 140, y + 10, { steps: 6 });
  await page.mouse.up();
  await expect.poll(() => drawer.count(), POLL).toBe(0);
  probe.expectClean();
  await probe.close();
});

test('on a phone, a finger swipe left closes the drawer', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE, hasTouch: true, isMobile: true });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await saveScreenshot(page, 'dashboard-mobile');
  const drawer = await openDrawer(page);
  await saveScreenshot(page, 'drawer-mobile');

  const box = await drawer.getByText('Conta Pessoal').boundingBox();
  if (!box) throw new Error('drawer not laid out');
  const y = Math.round(box.y + box.height / 2);
  const x = Math.round(box.x + box.width);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (const dx of [30, 60, 90, 120, 150]) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x - dx, y }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(() => drawer.count(), POLL).toBe(0);
  probe.expectClean();
  await probe.close();
});

test("'Sair' signs out and goes to /auth", async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  const drawer = await openDrawer(page);
  await drawer.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL(`${baseUrl}/auth`);
  await page.getByRole('heading', { name: 'Iniciar sessão' }).waitFor();
  // The session is gone: a protected page sends the visitor back to /auth.
  await page.goto(`${baseUrl}/meu-perfil`);
  await page.waitForURL(`${baseUrl}/auth`);
  probe.expectClean();
  await probe.close();
});
