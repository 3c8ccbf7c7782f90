import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

async function devEmailCount(page: Page, to: string): Promise<number> {
  const response = await page.request.get(`${baseUrl}/api/dev/emails`);
  const emails = (await response.json()) as { to: string }[];
  return emails.filter((mail) => mail.to === to).length;
}

test('the settings page lists the verification email, and resending it works', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  const { email } = await signUpAndSignIn(page, baseUrl);
  await page.goto(`${baseUrl}/configuracoes`);
  await page.getByRole('heading', { level: 1, name: 'Configurações' }).waitFor();

  const history = page.getByRole('list', { name: 'Histórico de emails' });
  const row = history.getByRole('listitem').first();
  await row.getByText('Verificação de email').waitFor();
  await row.getByText(`Para ${email}`, { exact: false }).waitFor();
  await row.getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).waitFor();
  await saveScreenshot(page, 'settings-desktop');

  const before = await devEmailCount(page, email);
  await row.getByRole('button', { name: /^Reenviar/ }).click();
  await page.getByText('Email reenviado com sucesso').waitFor();
  await history.getByRole('button', { name: /^Reenviado/ }).waitFor();
  await expect.poll(() => devEmailCount(page, email), POLL).toBe(before + 1);
  // Back to idle after 3 s (spec accounts §4 "Resend button").
  await expect
    .poll(() => history.getByRole('button', { name: /^Reenviado/ }).count(), { timeout: 6000 })
    .toBe(0);
  probe.expectClean();
  await probe.close();
});

test('a failed resend shows the error toast and the error state', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  await page.route('**/api/emails/*/resend', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          code: 'RATE_LIMIT',
          message: 'Demasiadas tentativas. Tente novamente em alguns minutos',
        },
      }),
    }),
  );
  await page.goto(`${baseUrl}/configuracoes`);
  const history = page.getByRole('list', { name: 'Histórico de emails' });
  await history
    .getByRole('button', { name: /^Reenviar/ })
    .first()
    .click();
  await page.getByText('Erro ao reenviar email').waitFor();
  await page.getByText('Demasiadas tentativas. Tente novamente em alguns minutos').waitFor();
  await history.getByRole('button', { name: /^Falhou/ }).waitFor();
  await expect
    .poll(() => history.getByRole('button', { name: /^Reenviar/ }).count(), { timeout: 5000 })
    .toBe(1);
  // The stubbed 429 is the only failed request this test expects.
  expect(probe.failedRequests.filter((r) => !r.includes('/resend'))).toEqual([]);
  expect(probe.consoleErrors.filter((m) => !m.includes('429'))).toEqual([]);
  await probe.close();
});

test('the settings page fits a phone screen', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE, hasTouch: true, isMobile: true });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  await page.goto(`${baseUrl}/configuracoes`);
  await page.getByRole('list', { name: 'Histórico de emails' }).waitFor();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await saveScreenshot(page, 'settings-mobile');
  probe.expectClean();
  await probe.close();
});

test("the holder sees the account's security events: a failed sign-in, with time and address", async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE, hasTouch: true, isMobile: true });
  const { page } = probe;
  const { email } = await signUpAndSignIn(page, baseUrl);
  // Someone else tries a wrong password on this email (not through the page: its session stays).
  const failed = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { ...apiHeaders(baseUrl), 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'errada123' }),
  });
  expect(failed.status).toBe(401);

  await page.goto(`${baseUrl}/configuracoes`);
  await page.getByRole('heading', { name: 'Eventos de segurança' }).waitFor();
  const list = page.getByRole('list', { name: 'Eventos de segurança' });
  const row = list.getByRole('listitem').first();
  await row.getByText('Tentativa de acesso falhada').waitFor();
  await row.getByText('Gravidade: Baixa').waitFor();
  await row.getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · Endereço /).waitFor();
  await row.getByText(email).waitFor();
  await row.scrollIntoViewIfNeeded();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await saveScreenshot(page, 'settings-security-events-mobile');
  probe.expectClean();
  await probe.close();
});

test('the password change follows the reset rule, then changes the password', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  const { password } = await signUpAndSignIn(page, baseUrl);
  await page.goto(`${baseUrl}/configuracoes`);
  await page.getByRole('heading', { name: 'Alterar senha' }).waitFor();
  await page.getByLabel('Senha atual').fill(password);
  await page.getByLabel('Nova senha', { exact: true }).fill('curta1');
  await page.getByLabel('Confirmar nova senha').fill('curta1');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await page.getByText('A senha deve ter pelo menos 8 caracteres', { exact: true }).waitFor();

  await page.getByLabel('Nova senha', { exact: true }).fill('novaSenha9');
  await page.getByLabel('Confirmar nova senha').fill('novaSenha9');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await page.getByText('Senha atualizada com sucesso!').waitFor();
  probe.expectClean();
  await probe.close();
});
