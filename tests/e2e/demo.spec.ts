// Issue 16 point 6: 'Ver demo' on the landing page opens /resumo on the read-only demo account,
// a company with a year of invoices, sales and savings; its CMV and savings screens show that
// data; a write is refused with the demo's message; leaving it goes back to the landing page. A
// signed-in owner is asked before their session ends. Screenshots on a phone and a desktop.
import { expect, inject, test } from 'vitest';
import { allowFailedRequest } from './auth-helpers.ts';
import { DESKTOP, openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();
const READ_ONLY = 'Esta é uma conta de demonstração: não é possível alterar dados.';

test("'Ver demo' opens the summary of the demo company, read-only, on a phone", async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE });
  const { page } = probe;
  await page.goto(`${baseUrl}/home`);
  await page.getByRole('link', { name: 'Ver demo' }).click();
  await page.waitForURL(`${baseUrl}/resumo`, { timeout: 20_000 });
  await page.getByTestId('demo-banner').waitFor();
  await page.getByText('Conta de demonstração.').waitFor();
  const summary = page.getByTestId('summary-content');
  await summary.waitFor({ timeout: 15_000 });
  await expect.poll(async () => (await summary.textContent()) ?? '', POLL).toMatch(/Vencidas/u);
  await page.getByTestId('chart-daily').locator('.recharts-bar-rectangle').first().waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'demo-summary-phone');

  // The company's other screens have a year of data too.
  await page.goto(`${baseUrl}/cmv`);
  await page.getByTestId('cmv-report').waitFor();
  await page.getByText('Categorias: Bebidas, Mercadorias').waitFor();
  expect(await page.getByTestId('sales-table').locator('tbody tr').count()).toBeGreaterThan(0);
  await page.goto(`${baseUrl}/poupancas`);
  await expect.poll(() => page.getByTestId('savings-goal').count(), POLL).toBe(2);

  // A write is refused by the server, with the demo's message.
  await page.getByRole('button', { name: 'Novo objetivo' }).click();
  const form = page.getByRole('dialog', { name: 'Novo objetivo de poupança' });
  await form.getByLabel('Nome').fill('Férias');
  await form.getByLabel('Valor a poupar').fill('1.000,00');
  await form.getByLabel('Data do objetivo').fill('2099-12-31');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText(READ_ONLY).waitFor();
  allowFailedRequest(probe, 403, '/api/savings/goals');
  await page.keyboard.press('Escape');
  expect(await page.getByTestId('savings-goal').count()).toBe(2);

  await page.getByRole('button', { name: 'Sair da demonstração' }).click();
  await page.waitForURL(`${baseUrl}/home`);
  probe.expectClean();
  await probe.close();
});

test('the demo on a desktop; a signed-in owner is asked before their session ends', async () => {
  const probe = await openPage(getBrowser(), { viewport: DESKTOP });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl, { fullName: 'Rita Real' });
  await page.goto(`${baseUrl}/demo`);
  await page.getByRole('heading', { name: 'Já tem sessão iniciada' }).waitFor();
  await page.getByRole('button', { name: 'Ver demonstração' }).click();
  await page.waitForURL(`${baseUrl}/resumo`, { timeout: 20_000 });
  await page.getByTestId('demo-banner').waitFor();
  await page.getByTestId('summary-content').waitFor({ timeout: 15_000 });
  await page.getByTestId('chart-daily').locator('.recharts-bar-rectangle').first().waitFor();
  // The drawer names the demo company, not the owner.
  await page.getByRole('button', { name: 'Abrir menu do perfil' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByText('Mercearia Flor de Sal, Lda').waitFor();
  await drawer.getByText('Conta Empresa').waitFor();
  await page.keyboard.press('Escape');
  expect(await page.getByText('Rita Real').count()).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'demo-summary-desktop');
  probe.expectClean();
  await probe.close();
});
