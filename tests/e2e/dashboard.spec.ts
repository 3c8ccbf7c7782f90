import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { addDays, startOfMonth, todayInLisbon } from '#shared/dates.ts';
import type { CreateInvoiceInput } from '#shared/schemas/invoice.ts';
import { openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

const today = todayInLisbon();
const monthStart = startOfMonth(today);
const year = Number(today.slice(0, 4));

let sequence = 0;
async function createInvoice(page: Page, input: Partial<CreateInvoiceInput>): Promise<string> {
  sequence += 1;
  const response = await page.request.post(`${baseUrl}/api/invoices`, {
    headers: apiHeaders(baseUrl),
    data: {
      supplierNif: '509442013',
      supplierName: 'Padaria Central, Lda',
      number: `FT PAINEL/${sequence}`,
      issueDate: today,
      dueDate: addDays(today, 10),
      totalCents: 4_590,
      vatCents: 860,
      ...input,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { id: string };
  return body.id;
}

/** The supplier names of the cards or rows on screen, in order. */
function shownSuppliers(page: Page) {
  return page
    .locator('main ul > li')
    .evaluateAll((rows) =>
      rows.flatMap((row) =>
        Array.from(
          row.children,
          (item) => item.querySelector('h3, .font-semibold')?.textContent ?? '',
        ),
      ),
    );
}

async function signedInWithInvoices(options: Parameters<typeof openPage>[1] = {}) {
  const probe = await openPage(getBrowser(), options);
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  await createInvoice(page, { supplierName: 'Padaria Central, Lda', number: 'FT 2026/101' });
  // Issued in January of last year, paid by card: only "Todas as Faturas" shows it.
  await createInvoice(page, {
    supplierNif: '500100144',
    supplierName: 'EDP Comercial',
    number: 'FT 2025/9',
    issueDate: `${year - 1}-01-15`,
    dueDate: `${year - 1}-02-15`,
    totalCents: 8_734,
    vatCents: 1_634,
    paymentStatus: 'Paga',
    paymentMethod: 'Cartão',
  });
  await createInvoice(page, {
    number: 'NC 2026/3',
    documentType: 'NC',
    originalInvoiceRef: 'FT 2026/101',
    dueDate: today,
    totalCents: 1_000,
    vatCents: 187,
  });
  // Pending from the previous month: listed under "Este mês" too, highlighted.
  await createInvoice(page, {
    supplierNif: '503504564',
    supplierName: 'Farmácia Moderna',
    number: 'FR 2026/77',
    issueDate: addDays(monthStart, -5),
    dueDate: addDays(today, 3),
    totalCents: 2_310,
    vatCents: 131,
  });
  await page.goto(`${baseUrl}/`);
  await page.getByText('FT 2026/101', { exact: false }).first().waitFor();
  return probe;
}

test('this month lists its invoices and the earlier unpaid one; chips, period and search narrow the list', async () => {
  const probe = await signedInWithInvoices();
  const { page } = probe;
  expect(await page.getByLabel('Período').inputValue()).toBe('thisMonth');
  expect(await page.getByPlaceholder('Pesquisar por entidade, número da fatura...').count()).toBe(
    1,
  );
  await expect.poll(() => shownSuppliers(page), POLL).toHaveLength(3);
  // Highlighted first, then newest created first.
  expect(await shownSuppliers(page)).toEqual([
    'Farmácia Moderna',
    'Padaria Central, Lda',
    'Padaria Central, Lda',
  ]);
  await page.getByText('Pendente do mês anterior').waitFor();
  await page.getByText('Nota de crédito').waitFor();
  await page.getByText('Fatura Original: #FT 2026/101').waitFor();
  expect(await page.getByText(/^-10,00\s€$/u).count()).toBe(1);
  await saveScreenshot(page, 'dashboard-grid-desktop');

  // The Paga chip alone: nothing paid this month.
  const paidChip = page.getByRole('button', { name: /^Paga/u });
  await paidChip.click();
  expect(await paidChip.getAttribute('aria-pressed')).toBe('true');
  await page.getByText('Nenhuma fatura encontrada').waitFor();
  await page.getByLabel('Período').selectOption({ label: 'Todas as Faturas' });
  await expect.poll(() => shownSuppliers(page), POLL).toEqual(['EDP Comercial']);
  // Chips combine: Paga and Pendente.
  await page.getByRole('button', { name: /^Pendente/u }).click();
  await expect.poll(() => shownSuppliers(page), POLL).toHaveLength(4);
  await paidChip.click();
  await page.getByRole('button', { name: /^Pendente/u }).click();

  const search = page.getByLabel('Pesquisar faturas');
  await search.fill('janeiro');
  await expect.poll(() => shownSuppliers(page), POLL).toEqual(['EDP Comercial']);
  await search.fill('farm');
  await expect.poll(() => shownSuppliers(page), POLL).toEqual(['Farmácia Moderna']);
  await search.fill('2026/101');
  await expect.poll(() => shownSuppliers(page), POLL).toEqual(['Padaria Central, Lda']);
  await page.getByRole('button', { name: 'Limpar pesquisa' }).click();
  expect(await search.inputValue()).toBe('');
  await expect.poll(() => shownSuppliers(page), POLL).toHaveLength(4);
  probe.expectClean();
  await probe.close();
});

test('the cards count and total each status; hidden amounts stay hidden after a reload', async () => {
  const probe = await signedInWithInvoices();
  const { page } = probe;
  const pendingChip = page.getByRole('button', { name: /^Pendente/u });
  // This month: the FT and the credit note (45,90 € − 10,00 €); the earlier one is not of the month.
  await expect.poll(() => pendingChip.textContent(), POLL).toMatch(/^Pendente2\s*35,90\s€$/u);

  await page.getByRole('button', { name: 'Ocultar valores' }).click();
  await expect.poll(() => page.getByText(/\d+,\d{2}\s€/u).count(), POLL).toBe(0);
  expect(await page.getByLabel('Valor oculto').count()).toBeGreaterThan(3);
  await page.reload();
  await page.getByRole('button', { name: 'Mostrar valores' }).waitFor();
  await page.getByText('FT 2026/101', { exact: false }).first().waitFor();
  expect(await page.getByText(/\d+,\d{2}\s€/u).count()).toBe(0);
  await page.getByRole('button', { name: 'Mostrar valores' }).click();
  await page.getByText(/^45,90\s€$/u).waitFor();
  probe.expectClean();
  await probe.close();
});

test('a failed list load says why and tries again on request', async () => {
  const probe = await signedInWithInvoices();
  const { page } = probe;
  await page.route('**/api/invoices?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Serviço indisponível' } }),
    }),
  );
  await page.reload();
  await page
    .getByText('Erro ao carregar as faturas: Serviço indisponível')
    .waitFor({ timeout: 15_000 });
  await page.unroute('**/api/invoices?*');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await page.getByText('FT 2026/101', { exact: false }).first().waitFor();
  expect(probe.consoleErrors.filter((m) => !m.includes('503'))).toEqual([]);
  expect(probe.failedRequests.filter((r) => !r.startsWith('503 '))).toEqual([]);
  await probe.close();
});

test('on a phone: short placeholder, list rows from the profile, and the add button ringed by the month usage', async () => {
  const probe = await signedInWithInvoices({ viewport: PHONE, isMobile: true, hasTouch: true });
  const { page } = probe;
  await page.getByPlaceholder('Pesquisar', { exact: true }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  for (const name of ['Faturas', 'Scanner', 'Entidades', 'Resumo']) {
    await nav.getByRole('link', { name, exact: true }).waitFor();
  }
  // Four invoices created this month out of the free plan's 15.
  await nav.getByRole('link', { name: 'Nova fatura — 4 de 15 faturas este mês' }).waitFor();
  await saveScreenshot(page, 'dashboard-grid-phone');

  const response = await page.request.patch(`${baseUrl}/api/profile`, {
    headers: apiHeaders(baseUrl),
    data: { invoiceViewMode: 'list' },
  });
  expect(response.status()).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: /^Abrir fatura FT 2026\/101/u }).waitFor();
  await saveScreenshot(page, 'dashboard-list-phone');

  await nav.getByRole('link', { name: /^Nova fatura/u }).click();
  await page.waitForURL(`${baseUrl}/nova-fatura`);
  probe.expectClean();
  await probe.close();
});

test("an invoice entered with a past due date is Vencida at once; 'Expirar faturas' finds nothing left", async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  // Issue 13 point 6: no waiting for the nightly job or the button.
  await createInvoice(page, { number: 'FT ANTIGA/1', dueDate: addDays(today, -14) });
  await createInvoice(page, { number: 'FT AMANHA/1', dueDate: addDays(today, 1) });
  await page.goto(`${baseUrl}/`);
  const overdueChip = page.getByRole('button', { name: /^Vencida/u });
  await expect.poll(() => overdueChip.textContent(), POLL).toMatch(/^Vencida1/u);
  await overdueChip.click();
  await expect.poll(() => shownSuppliers(page), POLL).toHaveLength(1);
  await page.getByText('#FT ANTIGA/1').waitFor();
  expect(await page.locator('main ul > li').getByText('Vencida', { exact: true }).count()).toBe(1);

  await page.getByRole('button', { name: 'Expirar faturas' }).click();
  await page.getByText('Nenhuma fatura por expirar').waitFor();
  probe.expectClean();
  await probe.close();
});

test("an invoice due within 3 days is marked 'Urgente'; the 'Urgentes' chip shows those first", async () => {
  const probe = await signedInWithInvoices({ viewport: PHONE, isMobile: true, hasTouch: true });
  const { page } = probe;
  // Due today (the credit note) and in 3 days (Farmácia Moderna); the FT is due in 10 days.
  await expect.poll(() => page.getByText('Urgente', { exact: true }).count(), POLL).toBe(2);
  const urgentChip = page.getByRole('button', { name: /^Urgentes/u });
  await expect.poll(() => urgentChip.textContent(), POLL).toMatch(/^Urgentes\s*2$/u);
  await saveScreenshot(page, 'dashboard-urgent-phone');

  await urgentChip.click();
  expect(await urgentChip.getAttribute('aria-pressed')).toBe('true');
  await expect
    .poll(() => shownSuppliers(page), POLL)
    .toEqual(['Farmácia Moderna', 'Padaria Central, Lda']);
  await page.getByText('#NC 2026/3').waitFor();
  await urgentChip.click();
  await expect.poll(() => shownSuppliers(page), POLL).toHaveLength(3);

  // The sheet says it too.
  await page.getByRole('button', { name: 'Farmácia Moderna' }).click();
  const sheet = page.getByRole('dialog', { name: 'Fatura FR 2026/77' });
  await sheet.getByText('Urgente', { exact: true }).waitFor();
  probe.expectClean();
  await probe.close();
});

test('a second tab of the same account shows a new, paid or deleted invoice without a reload', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  const id = await createInvoice(page, { number: 'FT TAB/1', supplierName: 'Talho Moderno' });
  const other = await page.context().newPage();
  await page.goto(`${baseUrl}/`);
  // Events sent before the second tab's stream is open are not replayed; wait for it.
  const streamOpen = other.waitForResponse((r) => r.url().endsWith('/api/events'));
  await other.goto(`${baseUrl}/`);
  await streamOpen;
  await other.getByText('#FT TAB/1').waitFor();

  // Changes made through the first tab's session, seen in the second tab.
  await createInvoice(page, { number: 'FT TAB/2', supplierName: 'Mercearia Lopes' });
  await other.getByText('#FT TAB/2').waitFor();
  const paid = await page.request.post(`${baseUrl}/api/invoices/${id}/payment`, {
    headers: apiHeaders(baseUrl),
    data: { paid: true, method: 'Cartão' },
  });
  expect(paid.status()).toBe(200);
  await other.getByTitle('Paga · Cartão').waitFor();
  const deleted = await page.request.delete(`${baseUrl}/api/invoices/${id}`, {
    headers: apiHeaders(baseUrl),
  });
  expect(deleted.status()).toBe(204);
  await expect.poll(() => other.getByText('#FT TAB/1').count(), POLL).toBe(0);
  probe.expectClean();
  await probe.close();
});
