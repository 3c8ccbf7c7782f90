// Marking an invoice paid emails its supplier (spec invoice-work §4, §8): the toast says what
// happened, and the email is in the dev mailbox.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import type { CreateInvoiceInput } from '#shared/schemas/invoice.ts';
import type { SupplierInput } from '#shared/schemas/supplier.ts';
import { openPage, PHONE, POLL, useBrowser, type ProbedPage } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

const today = todayInLisbon();
const SUPPLIER_NIF = '509442013';

type DevEmail = { to: string; subject: string; text: string; fromName: string | null };

async function signedIn(options: Parameters<typeof openPage>[1] = {}): Promise<ProbedPage> {
  const probe = await openPage(getBrowser(), options);
  await signUpAndSignIn(probe.page, baseUrl, { fullName: 'Ana Pagadora' });
  return probe;
}

/** A supplier that wants its payment emails (POST /api/suppliers); returns its address. */
async function createSupplier(page: Page, overrides: Partial<SupplierInput> = {}) {
  const email = `padaria-${randomUUID().slice(0, 8)}@fornecedor.pt`;
  const response = await page.request.post(`${baseUrl}/api/suppliers`, {
    headers: apiHeaders(baseUrl),
    data: {
      name: 'Padaria Central, Lda',
      nif: SUPPLIER_NIF,
      email,
      notifyByEmail: true,
      ...overrides,
    } satisfies SupplierInput,
  });
  expect(response.status(), await response.text()).toBe(201);
  return email;
}

async function createInvoice(page: Page, number: string): Promise<string> {
  const response = await page.request.post(`${baseUrl}/api/invoices`, {
    headers: apiHeaders(baseUrl),
    data: {
      supplierNif: SUPPLIER_NIF,
      supplierName: 'Padaria Central, Lda',
      number,
      issueDate: addDays(today, -10),
      dueDate: addDays(today, 20),
      totalCents: 123456,
      vatCents: 23085,
      atcud: `JJ3RTHNB-${randomUUID().slice(0, 4)}`,
    } satisfies CreateInvoiceInput,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function openSheet(page: Page, id: string, number: string): Promise<Locator> {
  await page.goto(`${baseUrl}/?fatura=${id}`);
  const sheet = page.getByRole('dialog', { name: `Fatura ${number}` });
  await sheet.getByRole('switch', { name: 'Paga' }).waitFor();
  return sheet;
}

async function markPaid(sheet: Locator, method: 'Dinheiro' | 'Cartão' | 'Outro') {
  await sheet.getByRole('switch', { name: 'Paga' }).click();
  await sheet
    .getByRole('group', { name: 'Como foi paga?' })
    .getByRole('button', { name: method })
    .click();
}

async function mailTo(page: Page, to: string): Promise<DevEmail[]> {
  const response = await page.request.get(`${baseUrl}/api/dev/emails`);
  return ((await response.json()) as DevEmail[]).filter((mail) => mail.to === to);
}

/** The toast of the payment, found by its description. */
function toast(page: Page, description: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: description });
}

test('marked paid in the sheet, the supplier is emailed and the toast says so', async () => {
  const probe = await signedIn();
  const { page } = probe;
  const email = await createSupplier(page);
  const id = await createInvoice(page, 'FT PE/1');
  const sheet = await openSheet(page, id, 'FT PE/1');

  await markPaid(sheet, 'Cartão');
  const sent = toast(page, 'Email enviado para Padaria Central, Lda');
  await sent.waitFor();
  expect(await sent.textContent()).toContain('Fatura paga com sucesso');
  expect(await sent.getAttribute('data-type')).toBe('success');
  await saveScreenshot(page, 'payment-email-sent-desktop');

  await expect.poll(async () => (await mailTo(page, email)).length, POLL).toBe(1);
  const [mail] = await mailTo(page, email);
  expect(mail?.subject).toBe('Pagamento da fatura FT PE/1 — Ana Pagadora');
  expect(mail?.fromName).toBe('Ana Pagadora');
  expect(mail?.text).toMatch(/Total: 1234,56\s€/u);
  expect(mail?.text).toMatch(/Valor sem IVA: 1003,71\s€/u);

  // Off and on again: nothing is sent twice, and the toast says it went before.
  await sheet.getByRole('switch', { name: 'Paga' }).click();
  await expect
    .poll(() => sheet.getByRole('switch', { name: 'Paga' }).getAttribute('aria-checked'), POLL)
    .toBe('false');
  await markPaid(sheet, 'Dinheiro');
  await toast(page, 'O email já tinha sido enviado para Padaria Central, Lda').waitFor();
  expect(await mailTo(page, email)).toHaveLength(1);
  probe.expectClean();
  await probe.close();
});

test('on a phone, a supplier without notifications gets no email and the toast says why', async () => {
  const probe = await signedIn({ viewport: PHONE, isMobile: true, hasTouch: true });
  const { page } = probe;
  const email = await createSupplier(page, { notifyByEmail: false });
  const id = await createInvoice(page, 'FT PE/2');
  const sheet = await openSheet(page, id, 'FT PE/2');
  await markPaid(sheet, 'Dinheiro');
  await toast(page, 'Notificação por email desativada para este fornecedor').waitFor();
  await saveScreenshot(page, 'payment-email-disabled-phone');
  expect(await mailTo(page, email)).toEqual([]);
  probe.expectClean();
  await probe.close();
});

test('a failed send is reported in the destructive style, under the paid title', async () => {
  const probe = await signedIn();
  const { page } = probe;
  await createSupplier(page);
  const id = await createInvoice(page, 'FT PE/3');
  // The outside world's failure (the mail server) is faked at the edge: the answer says so.
  await page.route(`**/api/invoices/${id}/payment`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    const notification = { outcome: 'failed', supplierName: 'Padaria Central, Lda' };
    await route.fulfill({ response, json: { ...body, notification } });
  });
  const sheet = await openSheet(page, id, 'FT PE/3');
  await markPaid(sheet, 'Outro');
  const failed = toast(page, 'Erro ao enviar email de notificação');
  await failed.waitFor();
  expect(await failed.textContent()).toContain('Fatura paga com sucesso');
  expect(await failed.getAttribute('data-type')).toBe('error');
  await saveScreenshot(page, 'payment-email-failed-desktop');
  // The payment itself stands.
  await expect
    .poll(() => sheet.getByRole('switch', { name: 'Paga' }).getAttribute('aria-checked'), POLL)
    .toBe('true');
  probe.expectClean();
  await probe.close();
});
