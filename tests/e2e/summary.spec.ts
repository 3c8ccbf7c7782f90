// Issue 16: /resumo as a new user sees it. Two months of invoices — credit notes, an overdue
// one, QR invoices with two VAT rates (one read on /scanner from pasted QR text) — and the
// summary shows the totals, the status split, the four chart tabs and the VAT by region × rate
// that a hand computation gives; a payment made through the API while the page is open moves
// the figures without a reload. Screenshots on a phone and a desktop.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { buildAtQr } from '#shared/at-qr/build-at-qr.ts';
import { addDays, startOfMonth, todayInLisbon } from '#shared/dates.ts';
import { computeNifCheckDigit } from '#shared/nif.ts';
import type { CreateInvoiceInput } from '#shared/schemas/invoice.ts';
import { quarterOfMonth } from '#shared/vat-breakdown.ts';
import { nextNif } from '#tests/factories/nif.ts';
import { DESKTOP, openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

const MONTHS = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
];
const FAR_DUE = '2099-12-31';

// The two months before this one: first (m1) and second (m2).
const m2Start = startOfMonth(addDays(startOfMonth(todayInLisbon()), -1));
const m1Start = startOfMonth(addDays(m2Start, -1));
const day = (monthStart: string, n: number) => addDays(monthStart, n - 1);
const monthOf = (date: string) => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
});
const [m1, m2] = [monthOf(m1Start), monthOf(m2Start)];

/** Text as a person reads it: every run of spaces (NBSP and U+202F included) one space. */
const clean = (text: string | null) => (text ?? '').replace(/\s+/gu, ' ').trim();

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(`${baseUrl}${path}`, {
    headers: apiHeaders(baseUrl),
    data,
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: string };
}

const invoice = (
  more: Partial<CreateInvoiceInput> &
    Pick<CreateInvoiceInput, 'supplierNif' | 'number' | 'issueDate' | 'totalCents'>,
): CreateInvoiceInput => ({
  supplierName: 'Fornecedor',
  dueDate: FAR_DUE,
  ...more,
});

/**
 * The hand computation, month 1: A (QR: PT normal 100,00 + 23,00; PT reduced 50,00 + 3,00;
 * paid) 176,00 · B (typed, own NIF, pending) 61,50 · C (credit note of A, QR: PT normal 10,00 +
 * 2,30, paid) −12,30 · D (typed, due in the past: overdue) 24,60. Total 249,80; 4 documents;
 * average 62,45; VAT 26,00 + 11,50 − 2,30 + 4,60 = 39,80. Paid 163,70 (65,5 %), pending 61,50
 * (24,6 %), overdue 24,60 (9,8 %). VAT table: PT reduced 50,00 / 3,00; PT normal 90,00 / 20,70;
 * 2 invoices typed by hand.
 * Month 2: E (scanned QR, Madeira: normal 200,00 + 44,00, intermediate 100,00 + 12,00; due on
 * its issue day: overdue) 356,00 · F (typed, paid) 100,00 · G (typed, pending) 36,90 (VAT 6,90).
 * Total 492,90; 3 documents; average 164,30; VAT 62,90. Paid 100,00 (20,3 %), pending 36,90
 * (7,5 %: no label inside the bar), overdue 356,00 (72,2 %). Once G is paid: paid 136,90
 * (27,8 %), pending 0,00.
 */
async function seed(page: Page) {
  const personalNif = `12345678${computeNifCheckDigit('12345678')}`;
  const patched = await page.request.patch(`${baseUrl}/api/profile`, {
    headers: apiHeaders(baseUrl),
    data: { personalNif },
  });
  expect(patched.status()).toBe(200);
  // A Personal plan: the scanner names a known supplier by its NIF (autoComplete).
  await post(page, '/api/dev/plan', { planId: 'professional' });
  const grocer = { supplierNif: nextNif(), supplierName: 'Mercearia Aurora' };
  const pharmacy = { supplierNif: nextNif(), supplierName: 'Farmácia Lopes' };
  await post(page, '/api/suppliers', {
    name: grocer.supplierName,
    nif: grocer.supplierNif,
    category: 'Alimentação e Supermercados',
  });
  await post(page, '/api/suppliers', {
    name: pharmacy.supplierName,
    nif: pharmacy.supplierNif,
    category: 'Saúde e Bem-estar',
  });

  await post(
    page,
    '/api/invoices',
    invoice({
      ...grocer,
      number: 'FT A/1',
      issueDate: day(m1Start, 5),
      totalCents: 17_600,
      vatCents: 2_600,
      paymentStatus: 'Paga',
      paymentMethod: 'Cartão',
      source: 'qr',
      vatBreakdown: [
        { region: 'PT', rateBand: 'normal', baseCents: 10_000, vatCents: 2_300 },
        { region: 'PT', rateBand: 'reduced', baseCents: 5_000, vatCents: 300 },
      ],
    }),
  );
  await post(
    page,
    '/api/invoices',
    invoice({
      ...grocer,
      number: 'FT A/2',
      issueDate: day(m1Start, 10),
      totalCents: 6_150,
      vatCents: 1_150,
      buyerNif: personalNif,
    }),
  );
  await post(
    page,
    '/api/invoices',
    invoice({
      ...grocer,
      number: 'NC A/1',
      documentType: 'NC',
      originalInvoiceRef: 'FT A/1',
      issueDate: day(m1Start, 12),
      totalCents: 1_230,
      vatCents: 230,
      paymentStatus: 'Paga',
      paymentMethod: 'Dinheiro',
      source: 'qr',
      vatBreakdown: [{ region: 'PT', rateBand: 'normal', baseCents: 1_000, vatCents: 230 }],
    }),
  );
  await post(
    page,
    '/api/invoices',
    invoice({
      ...pharmacy,
      number: 'FT F/1',
      issueDate: day(m1Start, 15),
      dueDate: day(m1Start, 15),
      totalCents: 2_460,
      vatCents: 460,
    }),
  );

  await post(
    page,
    '/api/invoices',
    invoice({
      ...grocer,
      number: 'FT A/3',
      issueDate: day(m2Start, 20),
      totalCents: 10_000,
      vatCents: 0,
      paymentStatus: 'Paga',
      paymentMethod: 'Dinheiro',
    }),
  );
  const pending = await post(
    page,
    '/api/invoices',
    invoice({
      ...pharmacy,
      number: 'FT F/2',
      issueDate: day(m2Start, 10),
      totalCents: 3_690,
      vatCents: 690,
    }),
  );
  return { pendingId: pending.id };
}

/** E: read on /scanner from the QR text, as a person pastes it. */
async function scanMadeiraInvoice(page: Page) {
  const qr = buildAtQr({
    issuerNif: nextNif(),
    buyerNif: '999999990',
    buyerCountry: 'PT',
    documentType: 'FT',
    documentStatus: 'N',
    issueDate: day(m2Start, 3),
    documentNumber: 'FT PM/31',
    atcud: 'PMAB12CD-31',
    taxRegions: [
      {
        region: 'PT-MA',
        exempt: null,
        reduced: { base: null, vat: null },
        intermediate: { base: 10_000, vat: 1_200 },
        normal: { base: 20_000, vat: 4_400 },
      },
    ],
    notSubject: null,
    stampDuty: null,
    totalTaxes: 5_600,
    grossTotal: 35_600,
    withholding: null,
    hash: 'aB1/',
    certificate: '1234',
    otherInfo: null,
  });
  await page.goto(`${baseUrl}/scanner`);
  await page.getByText('Câmara indisponível').waitFor();
  const isOpen = await page.locator('details').evaluate((d) => (d as HTMLDetailsElement).open);
  if (!isOpen) await page.locator('summary', { hasText: 'Colar o texto do código QR' }).click();
  await page.getByLabel('Texto do código QR').fill(qr);
  await page.getByRole('button', { name: 'Ler texto' }).click();
  await page.getByRole('heading', { level: 1, name: 'Confirmar a fatura' }).waitFor();
  const breakdown = page.getByRole('region', { name: 'IVA por região e taxa (do código QR)' });
  expect(clean(await breakdown.textContent())).toContain('Madeira · Intermédia100,00 €12,00 €');
  await page.getByLabel('Nome do fornecedor').fill('Pastelaria Madeirense');
  await page.getByRole('button', { name: 'Guardar Fatura' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

async function chooseMonth(page: Page, { year, month }: { year: number; month: number }) {
  await page.getByLabel('Ano', { exact: true }).selectOption(String(year));
  await page.getByLabel('Mês', { exact: true }).selectOption(String(month));
  await page
    .locator(`[data-testid=summary-content][data-month="${year}-${month}"][aria-busy=false]`)
    .waitFor();
}

const cardValue = async (page: Page, title: string) =>
  clean(
    await page
      .getByRole('region', { name: title, exact: true })
      .getByTestId('summary-card-value')
      .textContent(),
  );
const statusText = async (page: Page, key: string) =>
  clean(await page.locator(`[data-status=${key}]`).innerText());
const rows = async (page: Page, selector: string) =>
  (await page.locator(selector).allTextContents()).map(clean);

test('the summary of two months matches the hand computation, and follows a payment made elsewhere', async () => {
  const probe = await openPage(getBrowser(), { viewport: DESKTOP });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  const { pendingId } = await seed(page);
  await scanMadeiraInvoice(page);

  // The current month opens first, empty.
  await page.goto(`${baseUrl}/resumo`);
  await page.getByRole('heading', { level: 1, name: 'Resumo' }).waitFor();
  await page.getByText('Sem faturas neste mês').waitFor();
  expect(await page.getByLabel('Mês', { exact: true }).inputValue()).toBe(
    String(Number(todayInLisbon().slice(5, 7))),
  );

  await chooseMonth(page, m1);
  expect(await cardValue(page, 'Total Gasto')).toBe('249,80 €');
  expect(await cardValue(page, 'Média Mensal')).toBe('62,45 €');
  expect(await cardValue(page, 'Total de Faturas')).toBe('4');
  expect(await cardValue(page, 'IVA Dedutível')).toBe('39,80 €');
  // No sales recorded: no VAT collected, so no popover on 'IVA Dedutível'.
  expect(await page.getByRole('button', { name: 'Mais sobre IVA Dedutível' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Mais sobre Total Gasto' }).click();
  const own = clean(
    await page.getByRole('region', { name: 'Mais sobre Total Gasto' }).textContent(),
  );
  expect(own).toContain('Com o seu NIF (1 fatura)61,50 €');
  expect(own).toContain('Com outro NIF ou sem NIF188,30 €');
  await page.keyboard.press('Escape');

  expect(await statusText(page, 'paid')).toBe('Pagas 163,70 € 65,5% · 2 faturas');
  expect(await statusText(page, 'pending')).toBe('Pendentes 61,50 € 24,6% · 1 fatura');
  expect(await statusText(page, 'overdue')).toBe('Vencidas 24,60 € 9,8% · 1 fatura');
  expect(await rows(page, '[data-testid=status-bar] > div')).toEqual(['65,5%', '24,6%', '9,8%']);

  // Evolução Mensal: one bar per day with spending (the credit note's below zero).
  await page.locator('[data-testid=chart-daily] .recharts-bar-rectangle').first().waitFor();
  expect(await page.locator('[data-testid=chart-daily] .recharts-bar-rectangle path').count()).toBe(
    4,
  );
  await saveScreenshot(page, 'summary-desktop-daily');
  await page.getByRole('tab', { name: 'Gastos por Entidade' }).click();
  await page.locator('[data-testid=chart-suppliers] .recharts-label-list').first().waitFor();
  const suppliers = clean(await page.getByTestId('chart-suppliers').textContent());
  expect(suppliers).toContain('Mercearia Aurora');
  expect(suppliers).toContain('90,2%');
  expect(suppliers).toContain('Farmácia Lopes');
  expect(suppliers).toContain('9,8%');
  await saveScreenshot(page, 'summary-desktop-suppliers');
  await page.getByRole('tab', { name: 'Fluxo de Caixa' }).click();
  // A chart draws once its container is measured.
  await page.locator('[data-testid=chart-cash-flow] .recharts-area').first().waitFor();
  expect(await page.locator('[data-testid=chart-cash-flow] .recharts-area').count()).toBe(2);
  expect(clean(await page.getByTestId('chart-cash-flow').textContent())).toContain('Despesas');
  expect(clean(await page.getByTestId('chart-cash-flow').textContent())).toContain('Receitas');
  await saveScreenshot(page, 'summary-desktop-cash-flow');
  await page.getByRole('tab', { name: 'Gastos por Categoria' }).click();
  expect(await rows(page, '[data-category]')).toEqual([
    'Alimentação e Supermercados225,20 €90,2%',
    'Saúde e Bem-estar24,60 €9,8%',
  ]);

  expect(await rows(page, '[data-testid=vat-month] tbody tr')).toEqual([
    'ContinenteReduzida50,00 €3,00 €',
    'ContinenteNormal90,00 €20,70 €',
  ]);
  expect(await rows(page, '[data-testid=vat-month] tfoot tr')).toEqual(['Total140,00 €23,70 €']);
  expect(clean(await page.getByTestId('vat-month-missing').textContent())).toContain(
    '2 faturas deste período não têm o IVA por taxa',
  );
  await page.getByText('Proteção de dados (RGPD)').waitFor();
  await saveScreenshot(page, 'summary-desktop');

  // 'Mostrar valores' off: every amount is dots.
  await page.getByRole('switch', { name: 'Mostrar valores' }).click();
  expect(await cardValue(page, 'Total Gasto')).toBe('••••••');
  expect(await rows(page, '[data-testid=vat-month] tfoot tr')).toEqual(['Total••••••••••••']);
  await page.getByRole('switch', { name: 'Mostrar valores' }).click();

  await chooseMonth(page, m2);
  expect(await cardValue(page, 'Total Gasto')).toBe('492,90 €');
  expect(await cardValue(page, 'Média Mensal')).toBe('164,30 €');
  expect(await cardValue(page, 'Total de Faturas')).toBe('3');
  expect(await cardValue(page, 'IVA Dedutível')).toBe('62,90 €');
  expect(await statusText(page, 'pending')).toBe('Pendentes 36,90 € 7,5% · 1 fatura');
  expect(await rows(page, '[data-testid=status-bar] > div')).toEqual(['20,3%', '', '72,2%']);
  expect(await rows(page, '[data-testid=vat-month] tbody tr')).toEqual([
    'MadeiraIntermédia100,00 €12,00 €',
    'MadeiraNormal200,00 €44,00 €',
  ]);
  const sameQuarter = m1.year === m2.year && quarterOfMonth(m1.month) === quarterOfMonth(m2.month);
  expect(await rows(page, '[data-testid=vat-quarter] tfoot tr')).toEqual([
    sameQuarter ? 'Total440,00 €79,70 €' : 'Total300,00 €56,00 €',
  ]);

  // Paid through the API (another tab): the open summary refreshes by itself.
  const paid = await page.request.post(`${baseUrl}/api/invoices/${pendingId}/payment`, {
    headers: apiHeaders(baseUrl),
    data: { paid: true, method: 'Cartão' },
  });
  expect(paid.status()).toBe(200);
  await expect
    .poll(() => statusText(page, 'pending'), POLL)
    .toBe('Pendentes 0,00 € 0% · 0 faturas');
  expect(await statusText(page, 'paid')).toBe('Pagas 136,90 € 27,8% · 2 faturas');

  probe.expectClean();
  await probe.close();
});

test('on a phone the summary fits the screen, with the top 6 suppliers', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE, hasTouch: true, isMobile: true });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  const nifs = Array.from({ length: 8 }, () => nextNif());
  for (const [index, nif] of nifs.entries()) {
    await post(
      page,
      '/api/invoices',
      invoice({
        supplierNif: nif,
        supplierName: `Fornecedor ${index + 1}`,
        number: `FT P/${index + 1}`,
        issueDate: day(m1Start, index + 1),
        totalCents: (8 - index) * 1_000,
        vatCents: 0,
      }),
    );
  }
  await page.goto(`${baseUrl}/resumo?ano=${m1.year}&mes=${m1.month}`);
  await page
    .locator(`[data-testid=summary-content][data-month="${m1.year}-${m1.month}"]`)
    .waitFor();
  expect(await cardValue(page, 'Total Gasto')).toBe('360,00 €');
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBe(0);
  await page.locator('[data-testid=chart-daily] .recharts-bar-rectangle').first().waitFor();
  await saveScreenshot(page, 'summary-phone');
  await page.getByRole('tab', { name: 'Gastos por Entidade' }).click();
  await page.locator('[data-testid=chart-suppliers] .recharts-label-list').first().waitFor();
  const suppliers = clean(await page.getByTestId('chart-suppliers').textContent());
  expect(suppliers).toContain('Fornecedor 6');
  expect(suppliers).not.toContain('Fornecedor 7');
  expect(suppliers).toContain('e mais 2 entidades');
  expect(await overflow()).toBe(0);
  await saveScreenshot(page, 'summary-phone-suppliers');
  expect(MONTHS[m1.month - 1]).toBe(
    await page.getByLabel('Mês', { exact: true }).locator('option:checked').textContent(),
  );
  probe.expectClean();
  await probe.close();
});
