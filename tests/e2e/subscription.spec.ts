// Issue 15 "/subscription" on the default installation (no payment provider): the plan in
// force, the month's usage turning orange at 80 % and red at the limit as invoices arrive,
// the explanation of how a plan is obtained here, ?autostart=, the three addresses' headings,
// a visitor's plan choice carried through sign-up to the subscription screen, and a plan
// changed elsewhere followed by the open page without a reload.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import {
  createVerifiedAccount,
  signInThroughUi,
  uniqueEmail,
  waitForEmailLink,
} from './auth-helpers.ts';
import { DESKTOP, openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

const usageBar = (page: Page) => page.getByRole('progressbar', { name: 'Utilização este mês' });
const currentPlan = (page: Page) => page.getByTestId('plano-atual');

let invoiceNumber = 0;

/** Creates `count` invoices of today through the API, as the signed-in page's user. */
async function seedInvoices(page: Page, count: number): Promise<void> {
  const today = todayInLisbon();
  for (let i = 0; i < count; i += 1) {
    invoiceNumber += 1;
    const response = await page.request.post(`${baseUrl}/api/invoices`, {
      headers: apiHeaders(baseUrl),
      data: {
        supplierNif: '509442013',
        supplierName: 'Padaria Central, Lda',
        number: `FT 2026/${invoiceNumber}`,
        issueDate: today,
        dueDate: addDays(today, 30),
        totalCents: 1_230,
        vatCents: 230,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** Opens /subscription and waits for its live-updates stream, so no event is missed. */
async function openSubscription(page: Page, query = ''): Promise<void> {
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
  await page.goto(`${baseUrl}/subscription${query}`);
  await usageBar(page).waitFor();
  await streamOpen;
}

test('on the default install the screen explains how plans are obtained and the usage bar turns orange at 80 % and red at the limit', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  await openSubscription(page);

  await page.getByRole('heading', { level: 1, name: 'Planos' }).waitFor();
  expect(await currentPlan(page).textContent()).toBe('Gratuito');
  await page.getByText('Plano gratuito, sem pagamentos nem renovação.').waitFor();
  await page.getByRole('heading', { name: 'Como obter um plano pago nesta instalação' }).waitFor();
  // Nothing that needs a payment provider is offered; the dev switch (ADR 010) is.
  expect(await page.getByRole('button', { name: 'Subscrever' }).count()).toBe(0);
  expect(await page.getByLabel('Cupão de desconto').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Gerir subscrição' }).count()).toBe(0);
  // The dev switch's buttons come with its own request (GET /api/dev/plan): wait for it.
  const activate = page.getByRole('button', { name: 'Ativar este plano' });
  await activate.first().waitFor();
  expect(await activate.count()).toBe(3);
  for (const price of ['9,90', '39,90', '59,90']) {
    await page
      .getByRole('listitem')
      .getByText(new RegExp(`^${price}\\s€`))
      .waitFor();
  }
  expect(await usageBar(page).getAttribute('data-level')).toBe('normal');
  await page.getByText('Até 1 foto').waitFor();

  // Invoices made elsewhere reach the open page through live updates.
  await seedInvoices(page, 12);
  await expect.poll(() => usageBar(page).getAttribute('data-level'), POLL).toBe('warning');
  await page.getByText('12 de 15 faturas').waitFor();
  await page.getByText('Está perto do limite mensal de faturas.').waitFor();
  expect(await usageBar(page).locator('div').getAttribute('class')).toContain('bg-orange-500');
  await saveScreenshot(page, 'subscription-warning-phone');
  await page.setViewportSize(DESKTOP);
  await saveScreenshot(page, 'subscription-warning-desktop');

  await seedInvoices(page, 3);
  await expect.poll(() => usageBar(page).getAttribute('data-level'), POLL).toBe('limit');
  await page.getByText('15 de 15 faturas').waitFor();
  expect(await usageBar(page).locator('div').getAttribute('class')).toContain('bg-red-600');
  await saveScreenshot(page, 'subscription-limit-desktop');

  // The phone's add button shows the month's count.
  await page.setViewportSize(PHONE);
  await page.goto(`${baseUrl}/`);
  await page.getByRole('navigation', { name: 'Navegação principal' }).waitFor();
  await expect.poll(() => page.getByTestId('contador-faturas').textContent(), POLL).toBe('15/15');
  await page.getByRole('navigation', { name: 'Navegação principal' }).screenshot({
    path: path.join(
      process.env.E2E_SCREENSHOT_DIR ?? '/tmp/papelada-e2e-shots',
      'bottom-nav-count-phone.png',
    ),
  });
  probe.expectClean();
  await probe.close();
});

test('the checkout return addresses show the same screen under their own headings', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  await page.goto(`${baseUrl}/subscription-success`);
  await page.getByRole('heading', { level: 1, name: 'Pagamento concluído' }).waitFor();
  await usageBar(page).waitFor();
  await saveScreenshot(page, 'subscription-success-desktop');
  await page.goto(`${baseUrl}/subscription-canceled`);
  await page.getByRole('heading', { level: 1, name: 'Pagamento cancelado' }).waitFor();
  await page.getByText('O pagamento foi cancelado e nada foi cobrado.', { exact: false }).waitFor();
  await usageBar(page).waitFor();
  probe.expectClean();
  await probe.close();
});

test('?autostart= on an installation without payments marks the plan and explains, without a checkout', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  const checkouts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/billing/checkout')) {
      checkouts.push(request.url());
    }
  });
  await openSubscription(page, '?autostart=enterprise_500');
  await page.getByText('Escolheu o plano Empresarial 500.').waitFor();
  // The parameter is dropped once handled, so a reload does not start again.
  await page.waitForURL(`${baseUrl}/subscription`);
  const chosen = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: 'Empresarial 500' }),
  });
  await chosen.getByText('Escolhido').waitFor();
  expect(checkouts).toEqual([]);
  probe.expectClean();
  await probe.close();
});

test("a visitor's plan choice survives sign-up and verification and opens the subscription screen with it", async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE });
  const { page } = probe;
  const email = uniqueEmail('plano');
  await page.goto(`${baseUrl}/home#precos`);
  await page.getByRole('button', { name: 'Escolher Personal' }).click();
  await page.waitForURL(`${baseUrl}/auth?signup=true&plan=professional`);

  const dialog = page.getByRole('dialog', { name: 'Criar conta' });
  await dialog.getByLabel('Nome completo').fill('Marta Plano');
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Palavra-passe', { exact: true }).fill('segredo123');
  await dialog.getByLabel('Confirmar palavra-passe').fill('segredo123');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Criar Conta' }).click();
  await page.getByRole('heading', { name: 'Verifique o seu email' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('selected_plan'))).toBe('professional');

  // The verification link signs in: the first sign-in goes to the chosen plan's checkout.
  await page.goto(await waitForEmailLink(baseUrl, email, 'verify-email'));
  await page.waitForURL(/\/subscription(\?|$)/, { timeout: 10_000 });
  await page.getByText('Escolheu o plano Personal.').waitFor();
  await page.waitForURL(`${baseUrl}/subscription`);
  expect(await page.evaluate(() => localStorage.getItem('selected_plan'))).toBeNull();
  await saveScreenshot(page, 'subscription-autostart-phone');
  probe.expectClean();
  await probe.close();
});

test('a plan chosen before signing in to a verified account opens with it after the login form', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  const email = uniqueEmail('plano-login');
  await createVerifiedAccount(baseUrl, email, 'segredo123');
  await page.goto(`${baseUrl}/home#precos`);
  await page.getByText('1000 faturas', { exact: true }).click();
  await page.getByRole('button', { name: 'Escolher Empresarial' }).click();
  await page.waitForURL(`${baseUrl}/auth?signup=true&plan=enterprise_1000`);
  // The visitor already has an account: the sign-in form, with the choice kept on the device.
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole('heading', { name: 'Iniciar sessão' }).waitFor();
  await signInThroughUi(page, email, 'segredo123');
  await page.getByText('Escolheu o plano Empresarial 1000.').waitFor();
  await page.waitForURL(`${baseUrl}/subscription`);
  probe.expectClean();
  await probe.close();
});

test('a plan changed elsewhere shows on the open page without a reload', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  await openSubscription(page);
  await page.getByRole('link', { name: 'Plano e subscrição: Gratuito' }).waitFor();
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const cacheBefore = await page.evaluate(() => localStorage.getItem('subscription_cache'));
  expect(cacheBefore).toContain('"subscription_tier":"free"');

  // As the admin CLI or another device would: the plan changes on the server.
  const switched = await page.request.post(`${baseUrl}/api/dev/plan`, {
    headers: apiHeaders(baseUrl),
    data: { planId: 'enterprise_1000' },
  });
  expect(switched.status()).toBe(200);

  await expect.poll(() => currentPlan(page).textContent(), POLL).toBe('Empresarial 1000');
  await page.getByRole('link', { name: 'Plano e subscrição: Empresarial 1000' }).waitFor();
  await page.getByText('0 de 1000 faturas').waitFor();
  await page.getByText('Até 10 fotos').waitFor();
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('subscription_cache')), POLL)
    .toContain('"subscription_tier":"enterprise_1000"');
  await saveScreenshot(page, 'subscription-enterprise-desktop');
  probe.expectClean();
  await probe.close();
});

test('signing out clears the subscription cache', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  await openSubscription(page);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('subscription_cache')), POLL)
    .not.toBeNull();
  await page.getByRole('button', { name: 'Abrir menu do perfil' }).click();
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL(`${baseUrl}/auth`);
  expect(await page.evaluate(() => localStorage.getItem('subscription_cache'))).toBeNull();
  probe.expectClean();
  await probe.close();
});
