import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, expect, inject, test } from 'vitest';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import type { CreateInvoiceInput } from '#shared/schemas/invoice.ts';
import { DESKTOP, openPage, PHONE, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();
const today = todayInLisbon();
const downloads = mkdtempSync(path.join(tmpdir(), 'papelada-e2e-exports-'));

afterAll(() => rmSync(downloads, { recursive: true, force: true }));

async function createInvoice(page: Page, input: Partial<CreateInvoiceInput>) {
  const response = await page.request.post(`${baseUrl}/api/invoices`, {
    headers: apiHeaders(baseUrl),
    data: {
      supplierNif: '509442013',
      supplierName: 'Padaria Central, Lda',
      issueDate: today,
      dueDate: addDays(today, 10),
      totalCents: 4_590,
      vatCents: 860,
      ...input,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function setPlan(page: Page, planId: string) {
  const response = await page.request.post(`${baseUrl}/api/dev/plan`, {
    headers: apiHeaders(baseUrl),
    data: { planId },
  });
  expect(response.status()).toBe(200);
}

/** Chooses a format in the open export menu and saves what the browser downloads. */
async function download(page: Page, format: 'Excel (.xlsx)' | 'CSV') {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: format }).click(),
  ]);
  const target = path.join(downloads, file.suggestedFilename());
  await file.saveAs(target);
  return { name: file.suggestedFilename(), bytes: readFileSync(target) };
}

async function openXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return workbook;
}

test('on the phone: a plan without exports shows the premium marker; on Empresarial the dashboard downloads its Excel and CSV', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  await createInvoice(page, { number: 'FT 2026/1', totalCents: 123_456, vatCents: 23_085 });
  await createInvoice(page, {
    supplierNif: '500100144',
    supplierName: 'EDP Comercial; "Luz"',
    number: 'NC 2026/1',
    documentType: 'NC',
    originalInvoiceRef: 'FT 2025/9',
    totalCents: 1_000,
    vatCents: 0,
  });
  await page.reload();

  const action = page.getByRole('button', { name: /Exportar/ });
  await action.click();
  await page
    .getByText('A exportação para Sheets e Excel está disponível a partir do plano')
    .waitFor();
  await page.getByRole('link', { name: 'Ver planos' }).waitFor();
  await saveScreenshot(page, 'exports-premium-phone');
  await page.keyboard.press('Escape');

  await setPlan(page, 'enterprise_500');
  await page.reload();
  await page.getByRole('button', { name: 'Exportar' }).click();
  await page.getByRole('menu', { name: 'Exportar faturas' }).waitFor();
  await saveScreenshot(page, 'exports-menu-phone');

  // "Este mês", the dashboard's default period: this month's file.
  const xlsx = await download(page, 'Excel (.xlsx)');
  expect(xlsx.name).toBe(`faturas-${today.slice(0, 7)}.xlsx`);
  const workbook = await openXlsx(xlsx.bytes);
  const sheet = workbook.getWorksheet('Faturas');
  expect(sheet?.rowCount).toBe(4);
  const numbers = [2, 3].map((row) => sheet?.getRow(row).getCell(4).value);
  expect(numbers.sort()).toEqual(['FT 2026/1', 'NC 2026/1']);
  const total = sheet?.getRow(4).getCell(13).value;
  expect(total).toMatchObject({ result: 1224.56 });
  await page.getByText(`Exportação concluída: ${xlsx.name}`).waitFor();

  await page.getByRole('button', { name: 'Exportar' }).click();
  const csv = await download(page, 'CSV');
  expect(csv.name).toBe(`faturas-${today.slice(0, 7)}.csv`);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.bytes.toString('utf8');
  expect(text).toContain(';"EDP Comercial; ""Luz""";');
  expect(text).toContain(';1003,71;230,85;1234,56;');

  await page.goto(`${baseUrl}/faturas/509442013`);
  await page.getByRole('button', { name: 'Exportar' }).click();
  await page.getByRole('menu', { name: 'Exportar faturas' }).waitFor();
  await saveScreenshot(page, 'exports-supplier-phone');
  probe.expectClean();
  await probe.close();
});

test('on the desktop: a search narrows the export, progress shows while it runs, a cut-off download can be retried, and the supplier page exports its invoices', async () => {
  const probe = await openPage(getBrowser(), { viewport: DESKTOP });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  await setPlan(page, 'enterprise_1000');
  await createInvoice(page, { number: 'FT P/1' });
  await createInvoice(page, {
    supplierNif: '500100144',
    supplierName: 'EDP Comercial',
    number: 'FT E/1',
  });
  await page.reload();
  await page.getByRole('searchbox').fill('edp');
  await page.getByText('FT E/1').or(page.getByText('EDP Comercial')).first().waitFor();

  // The server is slow to answer: the panel says it is preparing, with its bar.
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/exports/**', async (route) => {
    await answered;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Exportar' }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    (async () => {
      await page.getByRole('menuitem', { name: 'CSV' }).click();
      await page.getByText('A preparar a exportação…').waitFor();
      await page.getByRole('progressbar').waitFor();
      await saveScreenshot(page, 'exports-progress-desktop');
      release();
    })(),
  ]);
  expect(file.suggestedFilename()).toBe(`faturas-${today.slice(0, 7)}.csv`);
  const searched = readFileSync((await file.path()) ?? '', 'utf8');
  expect(searched).toContain('FT E/1');
  expect(searched).not.toContain('FT P/1');
  await page.unroute('**/api/exports/**');

  // A download cut off on the way: the error, then a retry that works.
  await page.route('**/api/exports/**', (route) => route.abort('aborted'), { times: 1 });
  await page.getByRole('button', { name: 'Exportar' }).click();
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  await page.getByRole('alert').filter({ hasText: 'A exportação foi interrompida' }).waitFor();
  await saveScreenshot(page, 'exports-error-desktop');
  const [retried] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Tentar novamente' }).click(),
  ]);
  expect(retried.suggestedFilename()).toBe(`faturas-${today.slice(0, 7)}.xlsx`);

  await page.goto(`${baseUrl}/faturas/509442013`);
  await page.getByRole('heading', { name: 'Faturas' }).first().waitFor();
  await page.getByRole('button', { name: 'Exportar' }).click();
  await saveScreenshot(page, 'exports-supplier-desktop');
  const supplierFile = await download(page, 'Excel (.xlsx)');
  expect(supplierFile.name).toBe(`faturas-padaria-central-lda-${today}.xlsx`);
  const supplierSheet = (await openXlsx(supplierFile.bytes)).getWorksheet('Faturas');
  expect(supplierSheet?.getRow(2).getCell(4).value).toBe('FT P/1');
  expect(supplierSheet?.rowCount).toBe(3);
  probe.expectClean();
  await probe.close();
});
