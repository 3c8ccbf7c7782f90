// Issue 18 in the browser: a company on Gratuito sees the premium marker on /gestao-equipas; on
// Empresarial its owner sets the main PIN (after switching on without one is refused), creates
// a Gestor and a Utilizador, and invites someone by email. The invited person opens the
// emailed link, signs up, verifies their email and lands in the company's account; the owner's
// open page lists them as a member without a reload; from the drawer they switch back to their
// own account. Screenshots on a phone and a desktop.
import type { Locator, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { allowFailedRequest, uniqueEmail, waitForEmailLink } from './auth-helpers.ts';
import { DESKTOP, openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();
const COMPANY = 'Padaria Central, Lda';

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(`${baseUrl}${path}`, {
    headers: apiHeaders(baseUrl),
    data,
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
}

async function openTeamPage(page: Page) {
  await page.goto(`${baseUrl}/gestao-equipas`);
  await page.getByRole('heading', { level: 1, name: 'Gestão de equipa' }).waitFor();
}

async function createSubUser(page: Page, name: string, role: string, pin: string) {
  await page.getByRole('button', { name: 'Novo sub-utilizador' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo sub-utilizador' });
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('Função').selectOption({ label: role });
  await dialog.getByLabel('PIN', { exact: true }).fill(pin);
  await dialog.getByRole('button', { name: 'Criar' }).click();
  return dialog;
}

const subUserRow = (page: Page, name: string): Locator =>
  page.getByTestId('sub-user-row').filter({ hasText: name });

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Abrir menu do perfil' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu do perfil' });
  await drawer.waitFor();
  return drawer;
}

test('on Gratuito a company sees the premium marker and the way to Empresarial', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl, { accountType: 'empresa' });
  await openTeamPage(page);
  await page
    .getByText('A gestão de equipas está disponível a partir do plano Empresarial 500.')
    .waitFor();
  await page.getByText('Premium', { exact: true }).waitFor();
  const upgrade = page.getByRole('link', { name: 'Mudar para Empresarial 500' });
  expect(await upgrade.getAttribute('href')).toBe('/subscription?autostart=enterprise_500');
  expect(await page.getByRole('switch').count()).toBe(0);
  await saveScreenshot(page, 'teams-locked-phone');
  probe.expectClean();
  await probe.close();
});

test('the owner sets the main PIN, creates a Gestor and a Utilizador and invites a member, who joins from the link and switches back', async () => {
  const owner = await openPage(getBrowser(), { viewport: DESKTOP });
  const { page } = owner;
  await signUpAndSignIn(page, baseUrl, { accountType: 'empresa', companyName: COMPANY });
  await post(page, '/api/dev/plan', { planId: 'enterprise_500' });
  await openTeamPage(page);

  // Empty lists, and switching on before a main PIN exists is refused, with the PIN form
  // taking the focus.
  await page.getByText('Ainda não há sub-utilizadores').waitFor();
  await page.getByText('Ainda não há membros').waitFor();
  await page.getByText('Não há convites pendentes').waitFor();
  const teamSwitch = page.getByRole('switch', { name: 'Gestão de equipa' });
  expect(await teamSwitch.getAttribute('aria-checked')).toBe('false');
  await teamSwitch.click();
  await page
    .getByTestId('team-switch')
    .getByRole('alert')
    .getByText('Configure o seu PIN principal primeiro')
    .waitFor();
  allowFailedRequest(owner, 409, '/api/team');
  const mainPin = page.getByTestId('main-pin').getByLabel('PIN', { exact: true });
  await expect
    .poll(() => mainPin.evaluate((input) => input === document.activeElement), POLL)
    .toBe(true);
  expect(await mainPin.getAttribute('inputmode')).toBe('numeric');

  // A malformed PIN is refused by the shared rule before anything is sent.
  await mainPin.fill('12');
  await page.getByRole('button', { name: 'Configurar PIN' }).click();
  await page.getByText('PIN deve ter entre 4 a 6 dígitos numéricos').waitFor();
  await mainPin.fill('2580');
  await page.getByRole('button', { name: 'Mostrar PIN' }).first().click();
  expect(await mainPin.getAttribute('type')).toBe('text');
  await page.getByRole('button', { name: 'Configurar PIN' }).click();
  await page.getByText('PIN principal configurado com sucesso').waitFor();
  await page.getByText('O PIN principal está configurado.').waitFor();

  // Changing it needs the current PIN; a wrong one is said under its field.
  const pinCard = page.getByTestId('main-pin');
  await pinCard.getByLabel('PIN atual').fill('0000');
  await pinCard.getByLabel('Novo PIN').fill('1470');
  await pinCard.getByRole('button', { name: 'Alterar PIN' }).click();
  await pinCard.getByText('O PIN principal atual não está correto.').first().waitFor();
  await page.getByText('Erro ao configurar PIN principal').waitFor();
  allowFailedRequest(owner, 400, '/api/team/main-pin');

  // The switch works from the keyboard.
  await teamSwitch.focus();
  await page.keyboard.press('Space');
  await page.getByText('Gestão de equipa ligada').waitFor();
  await expect.poll(() => teamSwitch.getAttribute('aria-checked'), POLL).toBe('true');

  // A Gestor and a Utilizador; a second 'Marta' is refused in the server's words.
  await (
    await createSubUser(page, 'Marta Gestora', 'Gestor', '2468')
  ).waitFor({
    state: 'hidden',
  });
  await page.getByText('Sub-utilizador Marta Gestora criado').waitFor();
  await (
    await createSubUser(page, 'Rui Caixa', 'Utilizador', '1357')
  ).waitFor({
    state: 'hidden',
  });
  const duplicate = await createSubUser(page, 'marta gestora', 'Utilizador', '9999');
  await duplicate.getByText('Já existe um sub-utilizador com esse nome.').first().waitFor();
  allowFailedRequest(owner, 409, '/api/team/sub-users');
  await duplicate.getByRole('button', { name: 'Cancelar' }).click();
  await subUserRow(page, 'Marta Gestora').getByText('Gestor', { exact: true }).waitFor();
  await subUserRow(page, 'Rui Caixa').getByText('Utilizador', { exact: true }).waitFor();
  expect(await page.getByTestId('sub-user-row').count()).toBe(2);

  // Deactivated and reactivated.
  await page.getByRole('button', { name: 'Desativar Rui Caixa' }).click();
  await page.getByText('Rui Caixa foi desativado').waitFor();
  await subUserRow(page, 'Rui Caixa').getByText('Inativo').waitFor();
  await page.getByRole('button', { name: 'Reativar Rui Caixa' }).click();
  await subUserRow(page, 'Rui Caixa').getByText('Ativo', { exact: true }).waitFor();

  // Renamed, made a Gestor and given a new PIN in one go; an edit that changes nothing is
  // refused before it is sent.
  await page.getByRole('button', { name: 'Editar Rui Caixa' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar sub-utilizador' });
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await edit.getByText('Nada para alterar.').waitFor();
  await edit.getByLabel('Nome').fill('Rui Loja');
  await edit.getByLabel('Função').selectOption({ label: 'Gestor' });
  await edit.getByLabel('Novo PIN (opcional)').fill('8642');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('Sub-utilizador atualizado').waitFor();
  await subUserRow(page, 'Rui Loja').getByText('Gestor', { exact: true }).waitFor();

  // The invitation, listed with its expiry date.
  const invitee = uniqueEmail('convidada');
  const invitations = page.getByTestId('invitations');
  await invitations.getByLabel('Email').fill(invitee);
  await invitations.getByLabel('Função').selectOption({ label: 'Gestor' });
  await invitations.getByRole('button', { name: 'Enviar convite' }).click();
  await page.getByText(`Convite enviado para ${invitee}`).waitFor();
  const pending = page.getByTestId('invitation-row').filter({ hasText: invitee });
  await pending.getByText(/Gestor · Expira a \d{1,2} de [a-zç]+ de \d{4}/).waitFor();
  await saveScreenshot(page, 'teams-desktop');
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, 'teams-phone');
  await page.setViewportSize(DESKTOP);

  // The invited person opens the link, signs up with the invited address and verifies it.
  const link = await waitForEmailLink(baseUrl, invitee, 'invite_token');
  expect(new URL(link).pathname).toBe('/auth');
  const guest = await openPage(getBrowser(), { viewport: PHONE, isMobile: true, hasTouch: true });
  const guestPage = guest.page;
  await guestPage.goto(link);
  await guestPage.getByText('Foi convidado para uma equipa.', { exact: false }).waitFor();
  expect(await guestPage.evaluate(() => localStorage.getItem('pending_team_invite_token'))).toBe(
    new URL(link).searchParams.get('invite_token'),
  );
  await guestPage.getByRole('button', { name: 'Crie aqui' }).click();
  const signUp = guestPage.getByRole('dialog', { name: 'Criar conta' });
  await signUp.getByLabel('Nome completo').fill('Joana Contas');
  await signUp.getByLabel('Email', { exact: true }).fill(invitee);
  await signUp.getByLabel('Palavra-passe', { exact: true }).fill('segredo123');
  await signUp.getByLabel('Confirmar palavra-passe').fill('segredo123');
  await signUp.getByRole('checkbox').check();
  await signUp.getByRole('button', { name: 'Criar Conta' }).click();
  await guestPage.getByRole('heading', { name: 'Verifique o seu email' }).waitFor();
  await guestPage.goto(await waitForEmailLink(baseUrl, invitee, 'verify-email'));

  await guestPage.getByText('Convite aceito com sucesso!').waitFor({ timeout: 10_000 });
  await guestPage.getByText('Bem-vindo à equipe!').waitFor();
  await guestPage.waitForURL(`${baseUrl}/`);
  expect(
    await guestPage.evaluate(() => localStorage.getItem('pending_team_invite_token')),
  ).toBeNull();

  // The drawer lists both accounts: the company's, current, with the role held in it.
  const drawer = await openDrawer(guestPage);
  const accounts = drawer.getByRole('navigation', { name: 'Contas' });
  const company = accounts.getByRole('button', { name: new RegExp(COMPANY) });
  await company.getByText('Gestor').waitFor();
  expect(await company.getAttribute('aria-current')).toBe('true');
  expect(
    await accounts.getByRole('button', { name: /Conta própria/ }).getAttribute('aria-current'),
  ).toBeNull();
  await saveScreenshot(guestPage, 'teams-drawer-accounts-phone');

  // The owner's open page shows the new member and no pending invitation, without a reload.
  const member = page.getByTestId('member-row').filter({ hasText: invitee });
  await member.getByText('Joana Contas', { exact: true }).waitFor({ timeout: 10_000 });
  await page.getByText('Não há convites pendentes').waitFor();
  await member.getByLabel('Função de Joana Contas').selectOption({ label: 'Utilizador' });
  await page.getByText('Joana Contas passou a Utilizador').waitFor();

  // Only an Administrador manages the team: the page says so instead of showing it.
  await guestPage.keyboard.press('Escape');
  await openTeamPage(guestPage);
  await guestPage.getByRole('alert').getByText('Não tem permissão para esta ação.').waitFor();
  expect(await guestPage.getByRole('switch').count()).toBe(0);
  await guestPage.goto(`${baseUrl}/`);
  await guestPage.getByRole('heading', { level: 1, name: 'As minhas faturas' }).waitFor();

  // Back to their own account from the drawer.
  const own = (await openDrawer(guestPage))
    .getByRole('navigation', { name: 'Contas' })
    .getByRole('button', { name: /Conta própria/ });
  await own.click();
  await guestPage.getByText(/^Está agora na conta /).waitFor();
  await guestPage.waitForURL(`${baseUrl}/`);
  const again = await openDrawer(guestPage);
  const ownAgain = again
    .getByRole('navigation', { name: 'Contas' })
    .getByRole('button', { name: /Conta própria/ });
  await expect.poll(() => ownAgain.getAttribute('aria-current'), POLL).toBe('true');
  await guestPage.keyboard.press('Escape');

  // Removed after a confirmation: the owner's list is empty again.
  await member.getByRole('button', { name: 'Remover Joana Contas' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remover membro?' });
  await confirm
    .getByText('Joana Contas deixa de ter acesso a esta conta de imediato.', { exact: false })
    .waitFor();
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await page.getByText('Joana Contas foi removido da equipa').waitFor();
  await page.getByText('Ainda não há membros').waitFor();

  guest.expectClean();
  await guest.close();
  owner.expectClean();
  await owner.close();
}, 180_000);
