import { expect, inject, test } from 'vitest';
import { nextNif } from '#tests/factories/nif.ts';
import {
  allowFailedRequest,
  signInThroughUi,
  signOutThroughUi,
  uniqueEmail,
  waitForEmailLink,
} from './auth-helpers.ts';
import { openPage, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

test('a Particular signs up, verifies by email, signs out and back in; a wrong password is refused', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  const email = uniqueEmail('particular');
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole('button', { name: 'Crie aqui' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar conta' });
  await dialog.getByLabel('Nome completo').fill('Ana Sofia Martins');
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Telefone (opcional)').fill('+351 912 345 678');
  await dialog.getByLabel('Palavra-passe', { exact: true }).fill('segredo123');
  await dialog.getByLabel('Confirmar palavra-passe').fill('segredo123');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Criar Conta' }).click();

  await page.getByText('Conta criada! Verifique o seu email para confirmar a conta.').waitFor();
  await page.getByRole('heading', { name: 'Verifique o seu email' }).waitFor();
  expect(new URL(page.url()).searchParams.get('purpose')).toBe('verification');
  await page.getByText(email).first().waitFor();

  await page.goto(await waitForEmailLink(baseUrl, email, 'verify-email'));
  await page.getByRole('heading', { name: 'Email verificado com sucesso!' }).waitFor();
  await page.waitForURL(`${baseUrl}/`, { timeout: 5000 });

  await signOutThroughUi(page);
  await page.waitForURL(`${baseUrl}/auth`);
  await page.getByRole('heading', { name: 'Iniciar sessão' }).waitFor();

  await signInThroughUi(page, email, 'errada123');
  await page.getByRole('alert').getByText('Credenciais de acesso inválidas').waitFor();
  allowFailedRequest(probe, 401, '/api/auth/sign-in/email');

  await page.getByLabel('Palavra-passe', { exact: true }).fill('segredo123');
  await page.getByRole('button', { name: 'Iniciar sessão' }).click();
  await page.waitForURL(`${baseUrl}/`);
  probe.expectClean();
  await probe.close();
});

test('an Empresa signs up with company name and NIF and can verify the account', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  const email = uniqueEmail('empresa');
  await page.goto(`${baseUrl}/auth?signup=true`);
  const dialog = page.getByRole('dialog', { name: 'Criar conta' });
  await dialog.getByRole('radio', { name: 'Empresa' }).check();
  expect(await dialog.getByLabel('Nome completo').count()).toBe(0);
  await dialog.getByRole('button', { name: 'Criar Conta' }).waitFor();
  await dialog.getByLabel('Nome da empresa').fill('Padaria Central, Lda.');
  await dialog.getByLabel('NIF da empresa').fill(nextNif());
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Palavra-passe', { exact: true }).fill('empresa123');
  await dialog.getByLabel('Confirmar palavra-passe').fill('empresa123');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Criar Conta' }).click();

  await page.getByRole('heading', { name: 'Verifique o seu email' }).waitFor();
  await page.goto(await waitForEmailLink(baseUrl, email, 'verify-email'));
  await page.waitForURL(`${baseUrl}/`, { timeout: 5000 });
  probe.expectClean();
  await probe.close();
});

test("'Criar Conta' stays disabled until the terms are accepted, and errors show under each field", async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/auth?signup=true`);
  const dialog = page.getByRole('dialog', { name: 'Criar conta' });
  const submit = dialog.getByRole('button', { name: 'Criar Conta' });
  await submit.waitFor();
  expect(await submit.isDisabled()).toBe(true);

  await dialog.getByLabel('Email', { exact: true }).fill('nao-e-um-email');
  await dialog.getByLabel('Telefone (opcional)').fill('12ab');
  await dialog.getByLabel('Palavra-passe', { exact: true }).fill('segredo1');
  await dialog.getByLabel('Confirmar palavra-passe').fill('segredo2');
  await dialog.getByRole('checkbox').check();
  expect(await submit.isDisabled()).toBe(false);
  await submit.click();

  for (const message of [
    'Nome completo é obrigatório para particulares',
    'Email inválido',
    'Telefone deve ter pelo menos 9 dígitos e conter apenas números, espaços, + ou -',
    'As senhas não coincidem. Tente novamente.',
  ]) {
    await dialog.getByText(message).waitFor();
  }
  await dialog.getByRole('radio', { name: 'Empresa' }).check();
  await submit.click();
  expect(
    await dialog.getByText('Nome da empresa e NIF são obrigatórios para empresas').count(),
  ).toBe(2);

  await dialog.getByRole('checkbox').uncheck();
  expect(await submit.isDisabled()).toBe(true);
  // Terms and privacy open in a new tab.
  const terms = dialog.getByRole('link', { name: /Termos de Serviço/ });
  expect(await terms.getAttribute('target')).toBe('_blank');
  expect(await terms.getAttribute('href')).toBe('/termos-servico');
  const privacy = dialog.getByRole('link', { name: /Política de Privacidade/ });
  expect(await privacy.getAttribute('target')).toBe('_blank');
  expect(await privacy.getAttribute('href')).toBe('/politica-privacidade');
  probe.expectClean();
  await probe.close();
});

test('an email already in use gets the same check-email screen; its owner is told by email', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  const email = uniqueEmail('duplicado');
  await page.goto(`${baseUrl}/auth?signup=true`);
  const dialog = page.getByRole('dialog', { name: 'Criar conta' });
  async function fillAndSubmit() {
    await dialog.getByLabel('Nome completo').fill('Rui Duarte');
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Palavra-passe', { exact: true }).fill('segredo123');
    await dialog.getByLabel('Confirmar palavra-passe').fill('segredo123');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Criar Conta' }).click();
  }
  await fillAndSubmit();
  await page.getByRole('heading', { name: 'Verifique o seu email' }).waitFor();

  await page.getByRole('button', { name: 'Voltar ao início de sessão' }).click();
  await page.getByRole('button', { name: 'Crie aqui' }).click();
  await fillAndSubmit();
  // Issue 12.4: the same answer as for a new email, so the screen tells nobody the email is
  // registered; the owner gets a notice with a way in and a way to a new password.
  await page.getByRole('heading', { name: 'Verifique o seu email' }).waitFor();
  expect(new URL(page.url()).searchParams.get('email')).toBe(email);
  const resetLink = await waitForEmailLink(baseUrl, email, 'purpose=reset');
  expect(resetLink).toBe(`${baseUrl}/auth?purpose=reset`);

  await page.goto(resetLink);
  await page.getByRole('heading', { name: 'Recuperar palavra-passe' }).waitFor();
  probe.expectClean();
  await probe.close();
});
