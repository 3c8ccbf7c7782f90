// Issue 16 point 5: /poupancas as a new user sees it. On Gratuito the premium marker and the way
// to Personal; on Personal, with a savings supplier and its paid transfers, a goal is created,
// shows its progress and when it is met at the current pace, is edited and deleted. Screenshots
// on a phone and a desktop.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { addMonths, monthOfDate } from '#shared/calendar-months.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { nextNif } from '#tests/factories/nif.ts';
import { DESKTOP, openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();
const today = todayInLisbon();
const thisMonth = monthOfDate(today);

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(`${baseUrl}${path}`, {
    headers: apiHeaders(baseUrl),
    data,
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
}

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/gu, ' ');

test('on Gratuito the savings show the premium marker and the way to Personal', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  await page.goto(`${baseUrl}/poupancas`);
  await page.getByRole('heading', { level: 1, name: 'Poupanças' }).waitFor();
  await page
    .getByText('Os objetivos de poupança estão disponíveis a partir do plano Personal.')
    .waitFor();
  const upgrade = page.getByRole('link', { name: 'Mudar para Personal' });
  expect(await upgrade.getAttribute('href')).toBe('/subscription?autostart=professional');
  probe.expectClean();
  await probe.close();
});

test('a savings goal shows its progress and when it is met at the current pace', async () => {
  const probe = await openPage(getBrowser(), { viewport: DESKTOP });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  await post(page, '/api/dev/plan', { planId: 'professional' });
  await page.goto(`${baseUrl}/poupancas`);
  await page.getByText('Ainda não tem fornecedores de poupança').waitFor();

  // A savings supplier and three monthly transfers of 300,00, paid.
  const nif = nextNif();
  await post(page, '/api/suppliers', {
    name: 'Conta Poupança',
    nif,
    category: 'Serviços Financeiros',
    mainCategory: 'Poupanca',
  });
  for (const [index, month] of [
    addMonths(thisMonth, -2),
    addMonths(thisMonth, -1),
    thisMonth,
  ].entries()) {
    const date = `${month}-01`;
    await post(page, '/api/invoices', {
      supplierNif: nif,
      supplierName: 'Conta Poupança',
      number: `TRF ${index + 1}`,
      issueDate: date,
      dueDate: date,
      totalCents: 30_000,
      vatCents: 0,
      paymentStatus: 'Paga',
      paymentMethod: 'Outro',
    });
  }
  await page.reload();
  await page.getByText('Fornecedores de poupança: Conta Poupança').waitFor();
  const overview = page.getByTestId('savings-overview');
  expect(plain(await overview.textContent())).toContain('900,00 €');
  await page.getByText('Ainda não tem objetivos de poupança.', { exact: false }).waitFor();

  // A goal of 2 400,00 by the end of next year, counted from two months ago: 900,00 saved.
  const targetYear = Number(today.slice(0, 4)) + 1;
  await page.getByRole('button', { name: 'Novo objetivo' }).click();
  const form = page.getByRole('dialog', { name: 'Novo objetivo de poupança' });
  await form.getByLabel('Nome').fill('Fundo de emergência');
  await form.getByLabel('Valor a poupar').fill('2.400,00');
  await form.getByLabel('Data do objetivo').fill(`${targetYear}-12-31`);
  await form.getByLabel('Contar poupanças desde').fill(`${addMonths(thisMonth, -2)}-01`);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('Objetivo guardado').waitFor();
  const goal = page.getByTestId('savings-goal');
  await expect
    .poll(async () => plain(await goal.textContent()), POLL)
    .toContain('900,00 € de 2400,00 €');
  expect(plain(await goal.textContent())).toContain('37 %');
  // 1 500,00 left at 300,00 a month: five months from this one, the current one included.
  const projection = plain(await goal.getByTestId('goal-projection').textContent());
  expect(projection).toContain('Ao ritmo atual (300,00 € por mês), atinge o objetivo em');
  expect(projection).toContain('dentro do prazo');
  await page.getByTestId('savings-chart').locator('.recharts-bar-rectangle').first().waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'savings-desktop');

  // Edited: a much bigger target is late at this pace.
  await page.getByRole('button', { name: 'Editar o objetivo Fundo de emergência' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar objetivo' });
  await edit.getByLabel('Nome').fill('Obras na loja');
  await edit.getByLabel('Valor a poupar').fill('50.000,00');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect
    .poll(async () => plain(await goal.getByTestId('goal-projection').textContent()), POLL)
    .toContain('depois do prazo');
  await goal.getByRole('heading', { name: 'Obras na loja' }).waitFor();

  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'savings-phone');

  await page.getByRole('button', { name: 'Eliminar o objetivo Obras na loja' }).click();
  await page
    .getByRole('dialog', { name: 'Eliminar objetivo?' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await page.getByText('Objetivo eliminado').waitFor();
  await expect.poll(() => goal.count(), POLL).toBe(0);
  probe.expectClean();
  await probe.close();
});
