import { expect, inject, test } from 'vitest';
import {
  allowFailedRequest,
  createVerifiedAccount,
  signInThroughUi,
  uniqueEmail,
} from './auth-helpers.ts';
import { openPage, PHONE, POLL, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

test('the address chooses the screen: verification=success, then email with purpose', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/auth?verification=success`);
  await page.getByRole('heading', { name: 'Email verificado com sucesso!' }).waitFor();
  await page.getByRole('button', { name: 'Iniciar sessão' }).click();
  await page.getByRole('heading', { name: 'Iniciar sessão' }).waitFor();
  expect(page.url()).toBe(`${baseUrl}/auth`);

  await page.goto(`${baseUrl}/auth?email=rita%40exemplo.pt&purpose=reset`);
  await page.getByRole('heading', { name: 'Verifique o seu email' }).waitFor();
  await page.getByText(/redefinir a palavra-passe para rita@exemplo\.pt/).waitFor();
  expect(await page.getByRole('button', { name: 'Forgot password?' }).count()).toBe(0);
  probe.expectClean();
  await probe.close();
});

test('the resend button goes loading → sent, and back to idle after 3 s', async () => {
  const email = uniqueEmail('reenvio');
  const probe = await openPage(getBrowser());
  const { page } = probe;
  const signUp = await page.request.post(`${baseUrl}/api/account/sign-up`, {
    headers: { origin: baseUrl, 'x-csrf-token': 'f'.repeat(64) },
    data: {
      accountType: 'particular',
      fullName: 'Marta Reis',
      email,
      password: 'segredo123',
      confirmPassword: 'segredo123',
      acceptTerms: true,
    },
  });
  expect(signUp.status()).toBe(201);
  await page.goto(`${baseUrl}/auth?email=${encodeURIComponent(email)}&purpose=verification`);
  await page.getByRole('button', { name: 'Reenviar email' }).click();
  await page.getByRole('button', { name: 'Email reenviado!' }).waitFor();
  await page.getByRole('button', { name: 'Reenviar email' }).waitFor({ timeout: 5000 });
  probe.expectClean();
  await probe.close();
});

test('tokens in the address are forwarded to /auth/callback, which explains a bad link', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/auth?access_token=a1&refresh_token=r1`);
  await page.waitForURL(/\/auth\/callback\?/);
  const forwarded = new URL(page.url()).searchParams;
  expect([forwarded.get('access_token'), forwarded.get('refresh_token')]).toEqual(['a1', 'r1']);
  await page.getByRole('heading', { name: 'Erro na verificação da conta' }).waitFor();
  await page.getByText('Link de verificação inválido ou expirado').waitFor();

  await page.goto(
    `${baseUrl}/auth/callback?error=INVALID_TOKEN&error_description=O%20link%20expirou`,
  );
  await page.getByText('O link expirou').waitFor();
  await page.getByRole('button', { name: 'Voltar ao início de sessão' }).click();
  await page.waitForURL(`${baseUrl}/auth`);
  probe.expectClean();
  await probe.close();
});

test('a signed-in user who opens /auth goes to the home page', async () => {
  const email = uniqueEmail('sessao');
  await createVerifiedAccount(baseUrl, email, 'segredo123');
  const probe = await openPage(getBrowser(), { viewport: PHONE, isMobile: true, hasTouch: true });
  const { page } = probe;
  await page.goto(`${baseUrl}/auth`);
  await signInThroughUi(page, email, 'segredo123');
  await page.waitForURL(`${baseUrl}/`);
  // Let the home page finish loading, so leaving it aborts no request.
  await page.getByRole('button', { name: 'Abrir menu do perfil' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.goto(`${baseUrl}/auth`);
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('button', { name: 'Abrir menu do perfil' }).waitFor();
  probe.expectClean();
  await probe.close();
});

test("sign-in says 'Acesso realizado com sucesso!'; back from a Google sign-up, 'Conta criada…' once", async () => {
  const email = uniqueEmail('boasvindas');
  await createVerifiedAccount(baseUrl, email, 'segredo123');
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/auth`);
  await signInThroughUi(page, email, 'segredo123');
  await page.waitForURL(`${baseUrl}/`);
  // Spec accounts §8 "Successes".
  await page.getByText('Acesso realizado com sucesso!').waitFor();

  // Better Auth sends an account it has just created through Google to newUserCallbackURL,
  // '/?novo=1' (#shared/google-sign-in.ts); the flag is dropped from the address at once.
  await page.goto(`${baseUrl}/?novo=1`);
  await page.getByText('Conta criada e login realizado com sucesso!').waitFor();
  await page.waitForURL(`${baseUrl}/`);
  await page.reload();
  await page.getByRole('button', { name: 'Abrir menu do perfil' }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.getByText('Conta criada e login realizado com sucesso!').count()).toBe(0);
  probe.expectClean();
  await probe.close();
});

test('an unconfirmed email at sign-in shows the spec message and the check-email screen', async () => {
  const email = uniqueEmail('naoconfirmado');
  const probe = await openPage(getBrowser());
  const { page } = probe;
  const signUp = await page.request.post(`${baseUrl}/api/account/sign-up`, {
    headers: { origin: baseUrl, 'x-csrf-token': 'f'.repeat(64) },
    data: {
      accountType: 'particular',
      fullName: 'Luís Costa',
      email,
      password: 'segredo123',
      confirmPassword: 'segredo123',
      acceptTerms: true,
    },
  });
  expect(signUp.status()).toBe(201);
  await page.goto(`${baseUrl}/auth`);
  await signInThroughUi(page, email, 'segredo123');
  await page.getByText('Email não confirmado. Verifique a sua caixa de entrada').first().waitFor();
  await page.getByRole('heading', { name: 'Verifique o seu email' }).waitFor();
  allowFailedRequest(probe, 403, '/api/auth/sign-in/email');
  probe.expectClean();
  await probe.close();
});

test('a failing session request shows the auth-load failure toast', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.route('**/api/auth/get-session', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
  );
  await page.goto(`${baseUrl}/auth`);
  await page.getByText('Error loading authentication state').waitFor();
  await expect.poll(() => probe.failedRequests.length, POLL).toBeGreaterThan(0);
  allowFailedRequest(probe, 503, '/api/auth/get-session');
  probe.expectClean();
  await probe.close();
});
