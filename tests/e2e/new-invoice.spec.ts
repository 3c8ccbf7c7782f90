import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { openPage, PHONE, POLL, useBrowser, type ProbedPage } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

async function openNewInvoice(options: Parameters<typeof openPage>[1] = {}) {
  const probe = await openPage(getBrowser(), options);
  await signUpAndSignIn(probe.page, baseUrl);
  await probe.page.goto(`${baseUrl}/nova-fatura`);
  await probe.page.getByRole('heading', { level: 1, name: 'Nova fatura' }).waitFor();
  return probe;
}

async function fillInvoice(page: Page, number: string) {
  await page.getByLabel('NIF do fornecedor').fill('509442013');
  await page.getByLabel('Nome do fornecedor').fill('Padaria Central, Lda');
  await page.getByLabel('Tipo de documento').selectOption({ label: 'Fatura-Recibo' });
  await page.getByLabel('Número da fatura').fill(number);
  await page.getByLabel('Total (€)').fill('1.234,56');
  await page.getByLabel('IVA (€)').fill('230,85');
  await page.getByLabel('Método de pagamento').selectOption('Cartão');
  await page.getByLabel('ATCUD').fill('JJ3RTHNB-15');
}

/** A refused save is an answer the test expects: only that one may show as failed. */
function expectCleanExcept(probe: ProbedPage, status: number) {
  expect(probe.externalRequests).toEqual([]);
  expect(probe.failedRequests.filter((r) => !r.startsWith(`${status} `))).toEqual([]);
  expect(probe.consoleErrors.filter((m) => !m.includes(String(status)))).toEqual([]);
}

test('saves a typed invoice, lands on the dashboard, and refuses the same invoice twice', async () => {
  const probe = await openNewInvoice();
  const { page } = probe;
  await saveScreenshot(page, 'new-invoice-desktop');

  await fillInvoice(page, 'FR 2026/15');
  // A receipt is paid on the spot, so the status follows the type and the method is enabled.
  expect(await page.getByLabel('Estado do pagamento').inputValue()).toBe('Paga');
  // Leaving the amount shows it as euros; the NIF is grouped 3-3-3.
  await page.getByLabel('ATCUD').click();
  expect(await page.getByLabel('Total (€)').inputValue()).toMatch(/^1234,56\s€$/u);
  expect(await page.getByLabel('NIF do fornecedor').inputValue()).toBe('509 442 013');
  await saveScreenshot(page, 'new-invoice-filled-desktop');

  await page.getByRole('button', { name: 'Guardar Fatura' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByText('Fatura guardada com sucesso').waitFor();

  await page.goto(`${baseUrl}/nova-fatura`);
  await page.getByRole('heading', { level: 1, name: 'Nova fatura' }).waitFor();
  await fillInvoice(page, 'FR 2026/15');
  await page.getByRole('button', { name: 'Guardar Fatura' }).click();
  await page.getByText('Esta fatura já está registada.').waitFor();
  const link = page.getByRole('link', { name: 'Ver a fatura registada' });
  expect(await link.getAttribute('href')).toMatch(/^\/\?fatura=[\w-]+$/u);
  // Nothing typed is lost.
  expect(page.url()).toBe(`${baseUrl}/nova-fatura`);
  expect(await page.getByLabel('Número da fatura').inputValue()).toBe('FR 2026/15');
  expect(await page.getByLabel('Nome do fornecedor').inputValue()).toBe('Padaria Central, Lda');
  await saveScreenshot(page, 'new-invoice-duplicate-desktop');
  expectCleanExcept(probe, 409);
  await probe.close();
});

test('field errors show their pt-PT messages and a wrong check digit is refused', async () => {
  const probe = await openNewInvoice();
  const { page } = probe;
  await page.getByLabel('Total (€)').fill('doze euros');
  await page.getByRole('button', { name: 'Guardar Fatura' }).click();
  await page.getByText('NIF deve ter 9 caracteres').waitFor();
  await page.getByText('Nome é obrigatório').waitFor();
  await page.getByText('Número da fatura é obrigatório').waitFor();
  await page.getByText('Total deve ser um valor válido').waitFor();
  expect(await page.getByLabel('Total (€)').getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByLabel('Total (€)').inputValue()).toBe('doze euros');
  // The first wrong field takes the focus, for keyboard users.
  expect(
    await page.getByLabel('NIF do fornecedor').evaluate((el) => el === document.activeElement),
  ).toBe(true);

  // Nine digits with a wrong check digit: refused, as everywhere a NIF is typed (issue 13).
  await page.getByLabel('NIF do fornecedor').fill('123456780');
  await page
    .getByText('NIF inválido: deve ter 9 dígitos e um dígito de controlo correto')
    .waitFor();
  await expect.poll(() => page.getByText('NIF deve ter 9 caracteres').count(), POLL).toBe(0);
  await page.getByLabel('NIF do fornecedor').fill('509442013');
  await expect.poll(() => page.getByText('NIF inválido: deve ter 9 dígitos').count(), POLL).toBe(0);

  await page.getByLabel('Tipo de documento').selectOption({ label: 'Nota de Crédito' });
  await page.getByRole('button', { name: 'Guardar Fatura' }).click();
  await page.getByText('Indique a fatura original da nota de crédito').waitFor();
  // The method stays off until the invoice is marked paid.
  expect(await page.getByLabel('Método de pagamento').isDisabled()).toBe(true);
  await saveScreenshot(page, 'new-invoice-errors-desktop');
  probe.expectClean();
  await probe.close();
});

test('at the monthly limit the save is refused with a way to change plan', async () => {
  const probe = await openNewInvoice();
  const { page } = probe;
  // The free plan registers 15 invoices a month; fill them through the API.
  for (let n = 1; n <= 15; n += 1) {
    const response = await page.request.post(`${baseUrl}/api/invoices`, {
      headers: apiHeaders(baseUrl),
      data: {
        supplierNif: '509442013',
        supplierName: 'Padaria Central, Lda',
        number: `FT LIM/${n}`,
        issueDate: '2026-01-10',
        dueDate: '2026-01-10',
        totalCents: 1000 + n,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await fillInvoice(page, 'FR 2026/16');
  await page.getByRole('button', { name: 'Guardar Fatura' }).click();
  await page.getByText('Atingiu o limite de 15 faturas deste mês.', { exact: false }).waitFor();
  await page.getByRole('link', { name: 'Ver planos' }).click();
  await page.waitForURL(`${baseUrl}/subscription`);
  expectCleanExcept(probe, 403);
  await probe.close();
});

test('the form fits a phone screen and saves from there', async () => {
  const probe = await openNewInvoice({ viewport: PHONE, hasTouch: true, isMobile: true });
  const { page } = probe;
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBe(0);
  await saveScreenshot(page, 'new-invoice-phone');
  await fillInvoice(page, 'FR 2026/17');
  await page.getByRole('button', { name: 'Guardar Fatura' }).click();
  await page
    .getByText('Nome é obrigatório')
    .waitFor({ state: 'detached' })
    .catch(() => {});
  await page.waitForURL(`${baseUrl}/`);
  probe.expectClean();
  await probe.close();
});
