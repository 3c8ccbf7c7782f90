// Issue 15's "done means" in the browser, on the default install (PGlite, no env vars): a free
// account is refused its 16th invoice of the month and a second photo; the operator runs
// `npm run admin -- set-plan <email> professional` while the server runs; the open page follows
// without a reload and the 16th invoice is accepted (ADR 018).
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, inject, test } from 'vitest';
import { runAdminCli } from '#server/admin/admin-cli-test-helpers.ts';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import type { CreateInvoiceInput } from '#shared/schemas/invoice.ts';
import { openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const getBrowser = useBrowser();
const today = todayInLisbon();

function invoice(number: string): CreateInvoiceInput {
  return {
    supplierNif: '509442013',
    supplierName: 'Padaria Central, Lda',
    number,
    issueDate: today,
    dueDate: addDays(today, 30),
    totalCents: 1_230,
    vatCents: 230,
  };
}

function receiptJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">
    <rect width="400" height="300" fill="#f5f0e6"/><rect x="40" y="60" width="300" height="14" fill="#334155"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function uploadPhoto(page: Page, invoiceId: string) {
  return page.request.post(`${baseUrl}/api/invoices/${invoiceId}/photos`, {
    headers: apiHeaders(baseUrl),
    multipart: {
      file: { name: 'fatura.jpg', mimeType: 'image/jpeg', buffer: await receiptJpeg() },
    },
  });
}

async function fillInvoice(page: Page, number: string) {
  await page.getByLabel('NIF do fornecedor').fill('509442013');
  await page.getByLabel('Nome do fornecedor').fill('Padaria Central, Lda');
  await page.getByLabel('Tipo de documento').selectOption({ label: 'Fatura-Recibo' });
  await page.getByLabel('Número da fatura').fill(number);
  await page.getByLabel('Total (€)').fill('12,30');
  await page.getByLabel('IVA (€)').fill('2,30');
  await page.getByLabel('Método de pagamento').selectOption('Cartão');
}

const addButton = (page: Page, used: number, limit: number) =>
  page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: `Nova fatura — ${used} de ${limit} faturas este mês` });

test('set-plan through the CLI lifts the invoice and photo limits of the open page at once', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE, isMobile: true, hasTouch: true });
  const { page } = probe;
  const { email } = await signUpAndSignIn(page, baseUrl);

  // 15 invoices this month, the newest (first on the dashboard) with its one photo, as the
  // free plan allows.
  let photoId = '';
  for (let n = 1; n <= 15; n += 1) {
    const created = await page.request.post(`${baseUrl}/api/invoices`, {
      headers: apiHeaders(baseUrl),
      data: invoice(n === 15 ? 'FT FOTO/15' : `FT ADMIN/${n}`),
    });
    expect(created.status(), await created.text()).toBe(201);
    if (n === 15) photoId = ((await created.json()) as { id: string }).id;
  }
  expect((await uploadPhoto(page, photoId)).status()).toBe(201);

  // Refused by the API, with the spec's messages…
  const sixteenth = await page.request.post(`${baseUrl}/api/invoices`, {
    headers: apiHeaders(baseUrl),
    data: invoice('FT ADMIN/16'),
  });
  expect(sixteenth.status()).toBe(403);
  expect(await sixteenth.json()).toMatchObject({
    error: {
      code: 'MONTHLY_LIMIT_REACHED',
      message: 'Atingiu o limite de 15 faturas deste mês. Mude de plano para registar mais.',
    },
  });
  const secondPhoto = await uploadPhoto(page, photoId);
  expect(secondPhoto.status()).toBe(403);
  expect(await secondPhoto.json()).toMatchObject({
    error: { code: 'PHOTO_LIMIT', message: 'Máximo 1 fotografias por fatura' },
  });

  // …and in the form.
  await page.goto(`${baseUrl}/nova-fatura`);
  await page.getByRole('heading', { level: 1, name: 'Nova fatura' }).waitFor();
  await fillInvoice(page, 'FR ADMIN/16');
  await page.getByRole('button', { name: 'Guardar Fatura' }).click();
  await page.getByText('Atingiu o limite de 15 faturas deste mês.', { exact: false }).waitFor();

  // The dashboard, with its live-updates stream open.
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
  await page.goto(`${baseUrl}/`);
  await streamOpen;
  await addButton(page, 15, 15).waitFor();
  const card = page.locator('main article').filter({ hasText: 'FT FOTO/15' });
  await card.getByRole('button', { name: 'Adicionar fotografia' }).click();
  const photoLimit = page.getByText('Máximo 1 fotografias por fatura');
  await photoLimit.waitFor();
  await page.getByRole('button', { name: 'Fechar notificação' }).click();
  await expect.poll(() => photoLimit.count(), POLL).toBe(0);
  await saveScreenshot(page, 'admin-plan-before-phone');

  // The operator, in a terminal on the server's machine, while the server runs. A mark on the
  // document tells whether the page was ever reloaded after this.
  const noReload = () =>
    page.evaluate(() => document.documentElement.dataset.adminPlanMarker ?? 'reloaded');
  await page.evaluate(() => {
    document.documentElement.dataset.adminPlanMarker = 'same document';
  });
  const cli = await runAdminCli(['set-plan', email, 'professional'], {
    env: { DATA_DIR: dataDir },
  });
  expect(cli).toMatchObject({ code: 0, stderr: '' });
  expect(cli.stdout).toContain(`Plano Personal atribuído a ${email}, sem data de fim.`);

  // The open page follows: 120 invoices a month, five photos per invoice.
  await addButton(page, 15, 120).waitFor({ timeout: 10_000 });
  await card.getByRole('button', { name: 'Adicionar fotografia' }).click();
  const chooser = page.getByRole('dialog', { name: 'Adicionar fotografia' });
  await chooser.waitFor();
  expect(await photoLimit.count()).toBe(0);
  await saveScreenshot(page, 'admin-plan-after-phone');
  await page.keyboard.press('Escape');
  await expect.poll(() => chooser.count(), POLL).toBe(0);

  // And the 16th invoice is accepted.
  await addButton(page, 15, 120).click();
  await page.getByRole('heading', { level: 1, name: 'Nova fatura' }).waitFor();
  await fillInvoice(page, 'FR ADMIN/16');
  await page.getByRole('button', { name: 'Guardar Fatura' }).click();
  await page.getByText('Fatura guardada com sucesso').waitFor();
  await addButton(page, 16, 120).waitFor();
  expect(await noReload()).toBe('same document');

  // The only refusals were the expected ones (the form's 16th before the plan change).
  expect(probe.externalRequests).toEqual([]);
  expect(probe.failedRequests.filter((r) => !r.startsWith('403 '))).toEqual([]);
  expect(probe.consoleErrors.filter((m) => !m.includes('403'))).toEqual([]);
  await probe.close();
});
