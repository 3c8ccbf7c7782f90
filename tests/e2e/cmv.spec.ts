// Issue 16 point 4: /cmv as a company sees it. On Gratuito the premium marker and the way to
// Empresarial; on Empresarial the goods-for-resale categories are chosen, a day's sales are
// recorded, edited and deleted, a month is imported from a CSV (a bad file refused whole), and
// the cards show sales, CMV, gross margin and VAT as a hand computation gives. Screenshots on a
// phone and a desktop.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { addMonths, monthOfDate } from '#shared/calendar-months.ts';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import { nextNif } from '#tests/factories/nif.ts';
import { allowFailedRequest } from './auth-helpers.ts';
import { DESKTOP, openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();
const today = todayInLisbon();
const lastMonth = addMonths(monthOfDate(today), -1);

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(`${baseUrl}${path}`, {
    headers: apiHeaders(baseUrl),
    data,
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json() as Promise<{ id?: string }>;
}

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/gu, ' ');
const cardText = async (page: Page, id: string) => plain(await page.getByTestId(id).textContent());

test('on Gratuito a company sees the premium marker and the way to Empresarial', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl, { accountType: 'empresa' });
  await page.goto(`${baseUrl}/cmv`);
  await page.getByRole('heading', { level: 1, name: 'CMV e vendas' }).waitFor();
  await page
    .getByText('O CMV e as vendas estão disponíveis a partir do plano Empresarial 500.')
    .waitFor();
  await page.getByText('Premium', { exact: true }).waitFor();
  const upgrade = page.getByRole('link', { name: 'Mudar para Empresarial 500' });
  expect(await upgrade.getAttribute('href')).toBe('/subscription?autostart=enterprise_500');
  await saveScreenshot(page, 'cmv-locked-phone');
  probe.expectClean();
  await probe.close();
});

test('a company marks its goods, records and imports sales, and reads its margin', async () => {
  const probe = await openPage(getBrowser(), { viewport: DESKTOP });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl, { accountType: 'empresa' });
  await post(page, '/api/dev/plan', { planId: 'enterprise_500' });
  await post(page, '/api/categories', {
    name: 'Mercadorias',
    icon: 'shopping-bag',
    color: 'orange',
  });
  const nif = nextNif();
  await post(page, '/api/suppliers', {
    name: 'Grossista do Norte, Lda',
    nif,
    category: 'Mercadorias',
  });
  // 615,00 with 115,00 of VAT: 500,00 of goods.
  await post(page, '/api/invoices', {
    supplierNif: nif,
    supplierName: 'Grossista do Norte, Lda',
    number: 'FT GN/1',
    issueDate: today,
    dueDate: addDays(today, 30),
    totalCents: 61_500,
    vatCents: 11_500,
  });

  await page.goto(`${baseUrl}/cmv`);
  await page.getByRole('heading', { level: 1, name: 'CMV e vendas' }).waitFor();
  await page.getByText('Ainda não indicou as mercadorias para revenda').waitFor();
  expect(await cardText(page, 'cmv-card-cmv')).toContain('0,00 €');

  // The goods-for-resale categories.
  await page.getByRole('button', { name: 'Escolher categorias' }).click();
  const dialog = page.getByRole('dialog', { name: 'Categorias de mercadorias para revenda' });
  await dialog.getByRole('checkbox', { name: /Mercadorias/ }).check();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('Categorias guardadas').waitFor();
  await expect.poll(() => cardText(page, 'cmv-card-cmv'), POLL).toContain('500,00 €');

  // A day's sales by hand: 1 500,00 without VAT, 150,00 of VAT.
  await page.getByRole('button', { name: 'Registar vendas' }).click();
  const form = page.getByRole('dialog', { name: 'Registar vendas do dia' });
  await form.getByLabel('Valor sem IVA').fill('1.500,00');
  await form.getByLabel('IVA cobrado').fill('150,00');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('Vendas guardadas').waitFor();
  await expect.poll(() => cardText(page, 'cmv-card-sales'), POLL).toContain('1500,00 €');
  await expect.poll(() => cardText(page, 'cmv-card-margin'), POLL).toContain('1000,00 €');
  expect(await cardText(page, 'cmv-card-margin')).toContain('66,7 % das vendas');
  const vat = plain(await page.getByTestId('cmv-vat').textContent());
  expect(vat).toContain('150,00 €');
  expect(vat).toContain('115,00 €');
  // 150,00 collected − 115,00 deductible
  expect(vat).toContain('35,00 € a entregar ao Estado');
  await page.getByTestId('cmv-chart').locator('.recharts-bar-rectangle').first().waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'cmv-desktop');

  // Edited, then deleted.
  await page.getByRole('button', { name: /^Editar as vendas de / }).click();
  const edit = page.getByRole('dialog', { name: 'Editar vendas do dia' });
  await edit.getByLabel('Valor sem IVA').fill('2.000,00');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect.poll(() => cardText(page, 'cmv-card-sales'), POLL).toContain('2000,00 €');
  await page.getByRole('button', { name: /^Eliminar as vendas de / }).click();
  await page
    .getByRole('dialog', { name: 'Eliminar registo de vendas?' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await page.getByText('Registo eliminado').waitFor();
  await page.getByText('Ainda não há vendas registadas neste mês.').waitFor();

  // Last month from a spreadsheet: a bad file first, refused whole.
  await page.getByRole('button', { name: 'Mês anterior' }).click();
  await expect
    .poll(() => page.getByTestId('cmv-report').getAttribute('data-month'), POLL)
    .toBe(lastMonth);
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Importar vendas de um mês (CSV)' });
  const [d1, d2, d3] = [1, 2, 3].map(
    (d) => `${String(d).padStart(2, '0')}/${lastMonth.slice(5, 7)}/${lastMonth.slice(0, 4)}`,
  );
  await importDialog.getByLabel('Ficheiro CSV').setInputFiles({
    name: 'vendas.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Data;Valor;IVA\n${d1};100,00;10,00\n${d2};12,3,4;1,00\n`),
  });
  await importDialog.getByRole('button', { name: 'Importar' }).click();
  await importDialog
    .getByText('Linha 3: valor inválido «12,3,4». Use o formato 1.234,56.')
    .waitFor();
  allowFailedRequest(probe, 422, '/api/sales/import');
  await page.getByText('Ainda não há vendas registadas neste mês.').waitFor();

  await importDialog.getByLabel('Ficheiro CSV').setInputFiles({
    name: 'vendas.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `\uFEFFData;Valor;IVA\r\n${d1};1.234,56;142,30\r\n${d2};800,00;90,00\r\n${d3};965,44;110,00\r\n`,
    ),
  });
  await importDialog.getByRole('button', { name: 'Importar' }).click();
  await page.getByText('3 dias importados').waitFor();
  await expect
    .poll(() => page.getByTestId('sales-table').locator('tbody tr').count(), POLL)
    .toBe(3);
  await expect.poll(() => cardText(page, 'cmv-card-sales'), POLL).toContain('3000,00 €');

  await page.setViewportSize(PHONE);
  await page.getByTestId('cmv-chart').locator('.recharts-bar-rectangle').first().waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'cmv-phone');
  probe.expectClean();
  await probe.close();
});
