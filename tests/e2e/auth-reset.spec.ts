import { expect, inject, test } from 'vitest';
import {
  allowFailedRequest,
  createVerifiedAccount,
  signInThroughUi,
  uniqueEmail,
  waitForEmailLink,
} from './auth-helpers.ts';
import { openPage, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

test('a forgotten password is reset through the emailed link; only the new one works', async () => {
  const email = uniqueEmail('reset');
  await createVerifiedAccount(baseUrl, email, 'antiga123');
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('heading', { name: 'Recuperar palavra-passe' }).waitFor();
  expect(await page.getByRole('button', { name: 'Forgot password?' }).count()).toBe(0);
  const requestedAt = Date.now() - 1000;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Enviar link de recuperação' }).click();

  await page.getByText('Email de recuperação enviado!').waitFor();
  await page.getByRole('heading', { name: 'Verifique o seu email' }).waitFor();
  expect(new URL(page.url()).searchParams.get('purpose')).toBe('reset');

  await page.goto(await waitForEmailLink(baseUrl, email, 'reset-password', requestedAt));
  await page.waitForURL(/\/auth\/reset-password\?token=/);
  await page.getByRole('heading', { name: 'Definir nova palavra-passe' }).waitFor();
  await page.getByLabel('Nova palavra-passe', { exact: true }).fill('curta');
  await page.getByLabel('Confirmar nova palavra-passe').fill('curta');
  await page.getByRole('button', { name: 'Guardar nova palavra-passe' }).click();
  await page.getByText('A senha deve ter pelo menos 8 caracteres').waitFor();

  await page.getByLabel('Nova palavra-passe', { exact: true }).fill('novaSenha42');
  await page.getByLabel('Confirmar nova palavra-passe').fill('novaSenha42');
  await page.getByRole('button', { name: 'Guardar nova palavra-passe' }).click();
  await page.getByText('Senha atualizada com sucesso!').waitFor();
  await page.waitForURL(`${baseUrl}/auth`);

  await signInThroughUi(page, email, 'antiga123');
  await page.getByRole('alert').getByText('Credenciais de acesso inválidas').waitFor();
  allowFailedRequest(probe, 401, '/api/auth/sign-in/email');
  await page.getByLabel('Palavra-passe', { exact: true }).fill('novaSenha42');
  await page.getByRole('button', { name: 'Iniciar sessão' }).click();
  await page.waitForURL(`${baseUrl}/`);
  probe.expectClean();
  await probe.close();
});

test('a bad reset link says so and offers to request a new one', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/auth/reset-password?error=INVALID_TOKEN`);
  await page.getByRole('heading', { name: 'Link de verificação inválido ou expirado' }).waitFor();
  await page.getByRole('button', { name: 'Pedir novo link' }).click();
  await page.getByRole('heading', { name: 'Recuperar palavra-passe' }).waitFor();
  probe.expectClean();
  await probe.close();
});
