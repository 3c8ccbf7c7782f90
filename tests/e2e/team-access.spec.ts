// Issue 18 in the browser: an Empresa account on the enterprise plan turns team management on,
// with a Gestor and a Utilizador. After signing in again it sees 'Acesso à Conta' instead of any
// page; the Utilizador works without Resumo and without deleting, and the server refuses it
// the summary in pt-PT; three wrong main PINs count their attempts, the fourth is locked; the
// emailed recovery code sets a new main PIN and enters as the main user.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import type { CreateInvoiceInput } from '#shared/schemas/invoice.ts';
import { TEAM_MESSAGES } from '#shared/team.ts';
import { type DevEmail } from './auth-helpers.ts';
import { openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();
const today = todayInLisbon();

const MAIN_PIN = '2580';
const GESTOR = { name: 'Gabriela Gestora', role: 'manager', pin: '4682' } as const;
const UTILIZADOR = { name: 'Ulisses Utilizador', role: 'user', pin: '1357' } as const;

async function call(page: Page, method: 'post' | 'put' | 'patch', path: string, data: unknown) {
  const response = await page.request[method](`${baseUrl}${path}`, {
    headers: apiHeaders(baseUrl),
    data,
  });
  expect(
    response.status(),
    `${method.toUpperCase()} ${path}: ${await response.text()}`,
  ).toBeLessThan(300);
  return response.json() as Promise<unknown>;
}

/** The code of the newest recovery email to `to` sent after `after` (a line of its own). */
async function recoveryCode(page: Page, to: string, after: number): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const emails = (await (
      await page.request.get(`${baseUrl}/api/dev/emails`)
    ).json()) as DevEmail[];
    const email = emails.find(
      (e) => e.to === to && Date.parse(e.createdAt) >= after && /PIN principal/.test(e.subject),
    );
    const code = email?.text.match(/^([A-Z2-9]{6})$/m)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no PIN recovery email to ${to}`);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });
const accessHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Acesso à Conta' });

async function signInAgain(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Abrir menu do perfil' }).click();
  await page.getByTestId('profile-drawer').getByRole('button', { name: 'Sair' }).click();
  await page.getByRole('heading', { name: 'Iniciar sessão' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Palavra-passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sessão' }).click();
}

/** For a person to look at: the phone as the test runs it, and the same screen on a desktop. */
async function screenshots(page: Page, name: string) {
  // Without the toasts over the header.
  const closeToast = page.getByRole('button', { name: 'Fechar notificação' });
  for (let i = 0; i < 5 && (await closeToast.count()) > 0; i += 1) {
    await closeToast.first().dispatchEvent('click');
    await page.waitForTimeout(400);
  }
  await saveScreenshot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await saveScreenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
}

async function tryMainPin(page: Page, pin: string) {
  await page.getByLabel('PIN principal').fill(pin);
  await page.getByRole('button', { name: 'Aceder como Utilizador Principal' }).click();
}

test('profiles, roles, the main PIN and its recovery, as a team account lives them', async () => {
  const probe = await openPage(getBrowser(), {
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const { page } = probe;
  const { email, password } = await signUpAndSignIn(page, baseUrl, {
    accountType: 'empresa',
    companyName: 'Oficina Exemplo, Lda',
  });
  // A step that does not happen fails with its own locator rather than the test's timeout.
  page.setDefaultTimeout(10_000);

  // Set-up through the API, as /gestao-equipas would: the plan, the main PIN, two profiles, and
  // team management on (which starts a main session here).
  await call(page, 'post', '/api/dev/plan', { planId: 'enterprise_500' });
  await call(page, 'put', '/api/team/main-pin', { pin: MAIN_PIN });
  for (const subUser of [GESTOR, UTILIZADOR])
    await call(page, 'post', '/api/team/sub-users', subUser);
  await call(page, 'patch', '/api/team', { enabled: true });

  // Signed out and in again: 'Acesso à Conta' instead of any page, no bottom navigation.
  await page.goto(`${baseUrl}/`);
  await signInAgain(page, email, password);
  await accessHeading(page).waitFor();
  expect(await nav(page).count()).toBe(0);
  expect(await page.getByRole('heading', { name: 'As minhas faturas' }).count()).toBe(0);
  await page.getByRole('combobox', { name: 'Utilizador' }).click();
  const options = page.getByRole('option');
  expect(await options.allInnerTexts()).toEqual([
    `${GESTOR.name}\nGestor`,
    `${UTILIZADOR.name}\nUtilizador`,
  ]);
  await screenshots(page, 'team-access-selection');

  // The Utilizador with its PIN.
  await page.getByRole('option', { name: new RegExp(UTILIZADOR.name) }).click();
  await page.getByLabel('PIN', { exact: true }).fill(UTILIZADOR.pin);
  await page.getByRole('button', { name: 'Entrar como Sub-utilizador' }).click();
  await page.getByText(TEAM_MESSAGES.signedInAs(UTILIZADOR.name)).waitFor();
  await page.waitForURL(`${baseUrl}/`);
  await page
    .getByTestId('perfil-ativo')
    .getByText(`A trabalhar como ${UTILIZADOR.name} (Utilizador)`)
    .waitFor();
  await nav(page).getByRole('link', { name: 'Entidades' }).waitFor();
  expect(await nav(page).getByRole('link', { name: 'Resumo' }).count()).toBe(0);
  await nav(page).getByRole('link', { name: 'Faturas', exact: true }).waitFor();

  // An invoice it registers (through the API, with this browser's cookies: as the Utilizador;
  // it sees only its own), then its sheet: no delete, no edit, and who created it.
  await call(page, 'post', '/api/invoices', {
    supplierNif: '509442013',
    supplierName: 'Padaria Central, Lda',
    number: 'FT EQUIPA/1',
    issueDate: today,
    dueDate: addDays(today, 30),
    totalCents: 12_300,
    vatCents: 2_300,
  } satisfies CreateInvoiceInput);
  await page.goto(`${baseUrl}/`);
  await page.locator('main article').filter({ hasText: 'FT EQUIPA/1' }).first().click();
  const sheet = page.getByRole('dialog', { name: 'Fatura FT EQUIPA/1' });
  await sheet.getByRole('button', { name: 'Fechar' }).waitFor();
  await sheet.getByText(`Criada por ${UTILIZADOR.name}`).waitFor();
  expect(await sheet.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
  expect(await sheet.getByRole('button', { name: 'Editar' }).count()).toBe(0);
  await screenshots(page, 'team-access-utilizador-sheet');
  await sheet.getByRole('button', { name: 'Fechar' }).click();
  await expect.poll(() => sheet.count(), POLL).toBe(0);
  await screenshots(page, 'team-access-utilizador-dashboard');

  // The server refuses it the summary, in pt-PT, whatever the page shows.
  const summary = await page.evaluate(async () => {
    const response = await fetch('/api/summary?year=2025&month=1', {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    return { status: response.status, body: (await response.json()) as unknown };
  });
  expect(summary).toEqual({
    status: 403,
    body: { error: expect.objectContaining({ message: 'Não tem permissão para esta ação.' }) },
  });

  // 'Sair' in the drawer ends the profile, not the sign-in: back to 'Acesso à Conta'.
  await page.getByRole('button', { name: 'Abrir menu do perfil' }).click();
  await page.getByTestId('profile-drawer').getByRole('button', { name: 'Sair' }).click();
  await page.getByText(TEAM_MESSAGES.sessionEnded).waitFor();
  await accessHeading(page).waitFor();

  // Three wrong main PINs: 'Tentativa n/3', the hint from the second; the fourth is locked.
  await page.getByRole('tab', { name: 'Utilizador Principal' }).click();
  const mainTab = page.getByRole('tabpanel', { name: 'Utilizador Principal' });
  await tryMainPin(page, '0000');
  await mainTab.getByText('Tentativa 1/3').waitFor();
  expect(await mainTab.getByText('Muitas tentativas falhadas').count()).toBe(0);
  await tryMainPin(page, '0001');
  await mainTab.getByText('Tentativa 2/3').waitFor();
  await mainTab.getByText('Muitas tentativas falhadas').waitFor();
  await tryMainPin(page, '0002');
  await mainTab.getByText('Tentativa 3/3').waitFor();
  await mainTab.getByRole('button', { name: TEAM_MESSAGES.useRecoveryHint }).waitFor();
  await screenshots(page, 'team-access-main-pin-hint');
  await tryMainPin(page, MAIN_PIN);
  await mainTab.getByRole('alert').getByText(TEAM_MESSAGES.locked).waitFor();

  // 'Esqueci o PIN': the code from the email, a new PIN, and in as the main user.
  await page.getByRole('button', { name: 'Esqueci o PIN' }).click();
  const recovery = page.getByRole('region', { name: 'Recuperar PIN principal' });
  const sentAfter = Date.now() - 1000;
  await recovery.getByRole('button', { name: 'Enviar Código' }).click();
  await recovery.getByLabel('Código de recuperação').waitFor();
  await screenshots(page, 'team-access-recovery');
  const code = await recoveryCode(page, email, sentAfter);
  await recovery.getByLabel('Código de recuperação').fill(code);
  await recovery.getByLabel('Novo PIN').fill('975310');
  await recovery.getByRole('button', { name: 'Definir PIN' }).click();
  await recovery.getByText('PIN Definido!').waitFor();
  await page.getByText(TEAM_MESSAGES.mainPinReset).waitFor({ timeout: 10_000 });
  await page.waitForURL(`${baseUrl}/`);
  await nav(page).getByRole('link', { name: 'Resumo' }).waitFor();
  expect(await page.getByTestId('perfil-ativo').count()).toBe(0);

  // Nothing failed but the refusals above: no screen asked for the account's data while no
  // profile acted (before the choice, or after the Utilizador left).
  const refused = [
    '403 /api/summary?year=2025&month=1',
    ...Array<string>(3).fill('401 /api/team-access/main'),
    '429 /api/team-access/main',
  ];
  expect(probe.failedRequests.map((line) => line.replace(baseUrl, ''))).toEqual(refused);
  expect(probe.consoleErrors).toEqual(
    refused.map((line) => expect.stringMatching(`status of ${line.slice(0, 3)}`)),
  );
  expect(probe.externalRequests).toEqual([]);
}, 150_000);
