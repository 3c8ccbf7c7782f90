// /configuracoes as the home of preferences (issue 20 point 5): the invoice view mode kept on
// the server, the account's email settings with their live preview, the signed-in sessions
// ended from the list, the password change that ends the other sessions, and the link to the
// account's data — each section with its loading, empty and error states, by keyboard, and on a
// 390×844 phone. Screenshots go to /tmp/papelada-e2e-shots for a person to look at.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

const LAPTOP_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** Another session of the same person, from a Mac (its cookie, to try it afterwards). */
async function signInElsewhere(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      ...apiHeaders(baseUrl),
      'content-type': 'application/json',
      'user-agent': LAPTOP_UA,
    },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function profileStatus(cookie: string): Promise<number> {
  return (await fetch(`${baseUrl}/api/profile`, { headers: { cookie } })).status;
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

test('the view mode, kept on the server, and the email settings with their preview (desktop)', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl, { fullName: 'Rita Fonseca' });
  await page.goto(`${baseUrl}/configuracoes`);
  await page.getByRole('heading', { level: 1, name: 'Configurações' }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Secções das configurações' });
  for (const name of ['Preferências', 'Lembretes', 'Emails', 'Segurança', 'Os seus dados'])
    await nav.getByRole('link', { name, exact: true }).waitFor();

  // The view mode: saved for the account, so it is there after a reload.
  const list = page.getByRole('radio', { name: /Lista compacta/ });
  await page.getByRole('radio', { name: /Grelha de cartões/ }).waitFor();
  expect(await page.getByRole('radio', { name: /Grelha de cartões/ }).isChecked()).toBe(true);
  await list.check();
  await page.getByText('Preferência guardada').waitFor();
  await page.reload();
  await page.getByRole('radio', { name: /Lista compacta/ }).waitFor();
  expect(await page.getByRole('radio', { name: /Lista compacta/ }).isChecked()).toBe(true);

  // The email settings: defaults named, a placeholder inserted at the cursor, a live preview.
  const section = page.getByRole('region', { name: 'Emails aos fornecedores' });
  await section.getByText('Em branco: «Rita Fonseca».', { exact: false }).waitFor();
  await section.getByLabel('Nome do remetente').fill('Tesouraria Fonseca');
  await section.getByLabel('Responder para').fill('pagamentos@fonseca.pt');
  await section.getByLabel('Receber uma cópia de cada email').check();
  const template = section.getByLabel('Texto do email de pagamento');
  await template.fill('Caro {fornecedor},\n\nPagámos a fatura {valor}.');
  await template.blur();
  await section.getByText('Marcador desconhecido: {valor}.', { exact: false }).first().waitFor();
  await template.fill('Caro {fornecedor},\n\nPagámos a fatura ');
  await section.getByRole('button', { name: 'Inserir {numero}' }).click();
  await expect
    .poll(() => template.inputValue(), POLL)
    .toBe('Caro {fornecedor},\n\nPagámos a fatura {numero}');
  const preview = section.getByRole('figure', { name: /Pré-visualização/ });
  await preview.getByText('Caro Padaria Central, Lda,').waitFor();
  await preview.getByText('Pagámos a fatura FT 2026/123').waitFor();
  await preview
    .getByText('Pagamento da fatura FT 2026/123 — Tesouraria Fonseca', { exact: false })
    .waitFor();
  await section.getByRole('button', { name: 'Guardar definições de email' }).click();
  await page.getByText('Definições de email guardadas').waitFor();
  await saveScreenshot(page, 'settings-preferences-desktop');

  await page.reload();
  const saved = page.getByRole('region', { name: 'Emails aos fornecedores' });
  await saved.getByLabel('Nome do remetente').waitFor();
  expect(await saved.getByLabel('Nome do remetente').inputValue()).toBe('Tesouraria Fonseca');
  expect(await saved.getByLabel('Receber uma cópia de cada email').isChecked()).toBe(true);

  // The account's data: a plain link to the ZIP.
  const data = page.getByRole('region', { name: 'Os seus dados' });
  expect(
    await data.getByRole('link', { name: 'Descarregar os meus dados (ZIP)' }).getAttribute('href'),
  ).toBe('/api/account-data/export');
  probe.expectClean();
  await probe.close();
});

test('the sessions list ends another session, then all the others', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  const { email, password } = await signUpAndSignIn(page, baseUrl);
  const laptop = await signInElsewhere(email, password);
  const other = await signInElsewhere(email, password);
  await page.goto(`${baseUrl}/configuracoes#sessoes`);
  const sessions = page.getByRole('list', { name: 'Sessões iniciadas' });
  await sessions.getByText('Esta sessão').waitFor();
  await expect.poll(() => sessions.getByRole('listitem').count(), POLL).toBe(3);
  expect(await sessions.getByRole('listitem').first().getByText('Esta sessão').count()).toBe(1);

  await sessions.getByRole('button', { name: 'Terminar sessão: Safari em macOS' }).first().click();
  await page.getByText('Sessão terminada', { exact: true }).waitFor();
  await expect.poll(() => sessions.getByRole('listitem').count(), POLL).toBe(2);
  // One of the two Macs was signed out at once.
  const statuses = [await profileStatus(laptop), await profileStatus(other)].sort();
  expect(statuses).toEqual([200, 401]);

  await page.getByRole('button', { name: 'Terminar todas as outras' }).click();
  const dialog = page.getByRole('dialog', { name: 'Terminar todas as outras sessões?' });
  await dialog.getByRole('button', { name: 'Terminar todas as outras' }).click();
  await page.getByText('1 sessão terminada').waitFor();
  await page.getByText('Não há outras sessões iniciadas.').waitFor();
  expect([await profileStatus(laptop), await profileStatus(other)]).toEqual([401, 401]);
  expect((await page.request.get(`${baseUrl}/api/profile`)).status()).toBe(200);
  probe.expectClean();
  await probe.close();
});

test('a section that fails to load says so and loads again on "Tentar novamente"', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  let failing = true;
  await page.route('**/api/sessions', (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'INTERNAL', message: 'Ocorreu um erro inesperado.' },
          }),
        })
      : route.continue(),
  );
  await page.goto(`${baseUrl}/configuracoes`);
  const region = page.getByRole('region', { name: 'Sessões iniciadas' });
  await region.getByText('Erro ao carregar as sessões').waitFor({ timeout: 20_000 });
  failing = false;
  await region.getByRole('button', { name: 'Tentar novamente' }).click();
  await region.getByText('Esta sessão').waitFor();
  await region.getByText('Não há outras sessões iniciadas.').waitFor();
  expect(probe.failedRequests.filter((r) => !r.includes('/api/sessions'))).toEqual([]);
  expect(probe.consoleErrors.filter((m) => !m.includes('500'))).toEqual([]);
  await probe.close();
});

test('on a 390×844 phone every section fits, and the view mode works by keyboard', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE, hasTouch: true, isMobile: true });
  const { page } = probe;
  const { email, password } = await signUpAndSignIn(page, baseUrl);
  await signInElsewhere(email, password);
  await page.goto(`${baseUrl}/configuracoes`);
  await page.getByRole('list', { name: 'Sessões iniciadas' }).getByText('Esta sessão').waitFor();
  await page
    .getByRole('region', { name: 'Emails aos fornecedores' })
    .getByLabel('Nome do remetente')
    .waitFor();
  expect(await horizontalOverflow(page)).toBe(0);

  // Keyboard: the radio group moves with the arrow keys, and the choice is saved.
  await page.getByRole('radio', { name: /Grelha de cartões/ }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByText('Preferência guardada').waitFor();
  await expect
    .poll(
      async () => (await (await page.request.get(`${baseUrl}/api/profile`)).json()).invoiceViewMode,
      POLL,
    )
    .toBe('list');
  // The in-page links reach a section.
  await page.getByRole('link', { name: 'Segurança' }).click();
  await expect.poll(() => page.evaluate(() => location.hash), POLL).toBe('#seguranca');
  await saveScreenshot(page, 'settings-preferences-phone');
  await page.getByRole('region', { name: 'Sessões iniciadas' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'settings-preferences-phone-sessions');
  expect(await horizontalOverflow(page)).toBe(0);
  probe.expectClean();
  await probe.close();
});

test('changing the password can end the other sessions', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  const { email, password } = await signUpAndSignIn(page, baseUrl);
  const laptop = await signInElsewhere(email, password);
  await page.goto(`${baseUrl}/configuracoes`);
  await page.getByLabel('Senha atual').fill(password);
  await page.getByLabel('Nova senha', { exact: true }).fill('novaSenha9');
  await page.getByLabel('Confirmar nova senha').fill('novaSenha9');
  await page.getByLabel('Terminar a sessão nos outros dispositivos').check();
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await page.getByText('Senha atualizada com sucesso!').waitFor();
  await page.getByText('As outras sessões foram terminadas.').waitFor();
  expect(await profileStatus(laptop)).toBe(401);
  // This browser stays signed in, with its new session, the only one listed.
  const sessions = page.getByRole('list', { name: 'Sessões iniciadas' });
  await expect.poll(() => sessions.getByRole('listitem').count(), POLL).toBe(1);
  expect((await page.request.get(`${baseUrl}/api/profile`)).status()).toBe(200);
  probe.expectClean();
  await probe.close();
});
