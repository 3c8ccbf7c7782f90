// `npm run help:screenshots`: the help centre's pictures of the real app
// (src/web/features/help/screenshots/*.webp and their sizes). Builds the web bundle into a
// temporary directory, starts the real server on a fresh PGlite there, signs a company up,
// gives it Empresarial 500 (the dev plan switch, ADR 010), records suppliers with spending
// limits, invoices read from AT QR codes (VAT by region and rate) and a team through the API,
// then photographs each screen on a 390×844 phone with Debian's chromium. Dates follow today,
// so the pictures show a current month. `--web-dir <dir>` reuses a build instead.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Locator, type Page } from 'playwright-core';
import sharp from 'sharp';
import { build } from 'vite';
import { addDays, todayInLisbon, type CalendarDate } from '#shared/dates.ts';
import { computeNifCheckDigit } from '#shared/nif.ts';
import type { VatRateBand, VatRegion } from '#shared/vat-breakdown.ts';
import { startServer } from '#server/server.ts';
import type { HelpImageName } from '#web/features/help/help-content.ts';
import { apiHeaders, signUpAndSignIn } from '#tests/e2e/helpers/sign-up.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = path.join(ROOT, 'src/web/features/help/screenshots');
const SIZES_FILE = path.join(OUT_DIR, 'sizes.json');
const EFATURA_CSV = path.join(ROOT, 'tests/fixtures/efatura/faturas-recebidas.csv');

const PHONE = { width: 390, height: 844 };
/** The pictures are shown at most 288 CSS px wide (help-article-view.tsx): twice that. */
const IMAGE_WIDTH = 576;
const WEBP = { quality: 62, effort: 6 } as const;
const COMPANY = { name: 'Oficina Central, Lda', nif: '509442013' };

/** A valid company NIF from its first eight digits. */
const nif = (firstEight: string) => `${firstEight}${computeNifCheckDigit(firstEight)}`;

const RATES: Record<VatRegion, Record<Exclude<VatRateBand, 'exempt'>, number>> = {
  PT: { reduced: 6, intermediate: 13, normal: 23 },
  'PT-AC': { reduced: 4, intermediate: 9, normal: 16 },
  'PT-MA': { reduced: 4, intermediate: 12, normal: 22 },
};

type Line = { region: VatRegion; rateBand: Exclude<VatRateBand, 'exempt'>; baseCents: number };
type Supplier = {
  key: string;
  name: string;
  nif: string;
  category: string;
  email?: string;
  limitCents?: number;
  series: string;
  atcudCode: string;
};
type SeedInvoice = {
  supplier: Supplier;
  daysAgo: number;
  /** Days from the issue date; the issue date itself when missing. */
  dueInDays?: number;
  lines: Line[];
  type?: 'FT' | 'FS' | 'FR';
  paid?: 'Dinheiro' | 'Cartão' | 'Outro';
  /** Typed by hand: no VAT by rate. */
  isManual?: boolean;
};

const SUPPLIERS = {
  padaria: {
    key: 'padaria',
    name: 'Padaria Lusitana, Lda',
    nif: nif('50312345'),
    category: 'Alimentação e Supermercados',
    limitCents: 50_000,
    series: 'FT PL2026',
    atcudCode: 'JJ4TRW8K',
  },
  combustiveis: {
    key: 'combustiveis',
    name: 'Combustíveis do Norte, S.A.',
    nif: nif('50898765'),
    category: 'Transporte e Mobilidade',
    limitCents: 25_000,
    series: 'FS CN26',
    atcudCode: 'JF8Q2MZN',
  },
  cafe: {
    key: 'cafe',
    name: 'Café Central',
    nif: nif('51054321'),
    category: 'Restaurantes e Cafeterias',
    limitCents: 12_000,
    series: 'FS CC2026',
    atcudCode: 'J6K3PXQ7',
  },
  energia: {
    key: 'energia',
    name: 'Luz & Gás Energia, S.A.',
    nif: nif('51322233'),
    category: 'Casa e Serviços',
    series: 'FT LG2026',
    atcudCode: 'JHX72KQD',
  },
  contabilidade: {
    key: 'contabilidade',
    name: 'Contabilidade Rigor, Lda',
    nif: nif('50777888'),
    category: 'Serviços Financeiros',
    email: 'geral@contabilidade-rigor.invalid',
    series: 'FT CR2026',
    atcudCode: 'JBQ9W2LM',
  },
  informatica: {
    key: 'informatica',
    name: 'Informática Atlântico, Lda',
    nif: nif('51411122'),
    category: 'Compras e Eletrônicos',
    series: 'FT IA2026',
    atcudCode: 'JR5MZ8TC',
  },
  madeira: {
    key: 'madeira',
    name: 'Vinhos da Madeira, Lda',
    nif: nif('51188776'),
    category: 'Alimentação e Supermercados',
    series: 'FT VM2026',
    atcudCode: 'JM2PK7WX',
  },
} as const satisfies Record<string, Supplier>;

const line = (rateBand: Line['rateBand'], euros: number, region: VatRegion = 'PT'): Line => ({
  region,
  rateBand,
  baseCents: Math.round(euros * 100),
});

const { padaria, combustiveis, cafe, energia, contabilidade, informatica, madeira } = SUPPLIERS;
// Those with a limit stay within the last 20 days: the limit's month starts before them.
const INVOICES: SeedInvoice[] = [
  { supplier: padaria, daysAgo: 18, lines: [line('reduced', 87.17)], paid: 'Cartão' },
  { supplier: padaria, daysAgo: 11, lines: [line('reduced', 82.22)], paid: 'Cartão' },
  { supplier: padaria, daysAgo: 4, lines: [line('reduced', 95.57)], paid: 'Dinheiro' },
  { supplier: padaria, daysAgo: 1, dueInDays: 7, lines: [line('reduced', 64.1)] },
  {
    supplier: combustiveis,
    daysAgo: 15,
    type: 'FS',
    lines: [line('normal', 55.28)],
    paid: 'Cartão',
  },
  {
    supplier: combustiveis,
    daysAgo: 8,
    type: 'FS',
    lines: [line('normal', 58.13)],
    paid: 'Cartão',
  },
  {
    supplier: combustiveis,
    daysAgo: 2,
    type: 'FS',
    lines: [line('normal', 53.01)],
    paid: 'Cartão',
  },
  {
    supplier: cafe,
    daysAgo: 19,
    type: 'FS',
    lines: [line('intermediate', 24.5), line('normal', 6.8)],
    paid: 'Dinheiro',
  },
  {
    supplier: cafe,
    daysAgo: 12,
    type: 'FS',
    lines: [line('intermediate', 27.1), line('normal', 6.2)],
    paid: 'Cartão',
  },
  { supplier: cafe, daysAgo: 5, type: 'FS', lines: [line('intermediate', 31.77)], paid: 'Cartão' },
  {
    supplier: energia,
    daysAgo: 40,
    dueInDays: 30,
    lines: [line('normal', 98.4), line('reduced', 12.3)],
    isManual: true,
  },
  {
    supplier: energia,
    daysAgo: 6,
    dueInDays: 8,
    lines: [line('normal', 96.2), line('reduced', 11.9)],
  },
  { supplier: contabilidade, daysAgo: 33, dueInDays: 30, lines: [line('normal', 200)] },
  { supplier: informatica, daysAgo: 25, lines: [line('normal', 324.39)], paid: 'Outro' },
  { supplier: informatica, daysAgo: 3, dueInDays: 30, lines: [line('normal', 48.7)] },
  { supplier: informatica, daysAgo: 14, dueInDays: 7, lines: [line('normal', 36.5)] },
  {
    supplier: madeira,
    daysAgo: 9,
    lines: [line('normal', 140, 'PT-MA'), line('intermediate', 35.5, 'PT-MA')],
    paid: 'Cartão',
  },
];

/** The AT QR text a certified program would print for an invoice to this company. */
function qrPayload(date: CalendarDate): string {
  return [
    `A:${nif('50455566')}`,
    `B:${COMPANY.nif}`,
    'C:PT',
    'D:FT',
    'E:N',
    `F:${date.replaceAll('-', '')}`,
    'G:FT PM2026/0412',
    'H:JJ7K2LMQ-0412',
    'I1:PT',
    'I3:20.00',
    'I4:1.20',
    'I7:85.00',
    'I8:19.55',
    'N:20.75',
    'O:125.75',
    'Q:a1B2',
    'R:1234',
  ].join('*');
}

type Api = (method: 'POST' | 'PUT' | 'PATCH', apiPath: string, body: unknown) => Promise<unknown>;

function apiFor(page: Page, baseUrl: string): Api {
  return async (method, apiPath, body) => {
    const response = await page.request.fetch(`${baseUrl}${apiPath}`, {
      method,
      headers: apiHeaders(baseUrl),
      data: body,
    });
    if (response.status() >= 300) {
      throw new Error(
        `${method} ${apiPath} answered ${response.status()}: ${await response.text()}`,
      );
    }
    return response.json();
  };
}

async function seedAccount(api: Api, today: CalendarDate): Promise<Record<string, string>> {
  await api('POST', '/api/dev/plan', { planId: 'enterprise_500' });
  // The limits' month starts on the day of the month 20 days ago: every seeded paid invoice of
  // a supplier with a limit falls in it, whatever today is.
  const resetDay = Math.min(Number(addDays(today, -20).slice(8)), 28);
  for (const supplier of Object.values(SUPPLIERS) as Supplier[]) {
    await api('POST', '/api/suppliers', {
      name: supplier.name,
      nif: supplier.nif,
      category: supplier.category,
      email: supplier.email ?? null,
      notifyByEmail: supplier.email !== undefined,
      limit: supplier.limitCents
        ? { amountCents: supplier.limitCents, active: true, period: 'mensal', resetDay }
        : {},
    });
  }
  const ids: Record<string, string> = {};
  const counters = new Map<string, number>();
  for (const invoice of INVOICES) {
    const { supplier } = invoice;
    const sequence = (counters.get(supplier.key) ?? 0) + 1 + supplier.atcudCode.charCodeAt(1);
    counters.set(supplier.key, sequence);
    const issueDate = addDays(today, -invoice.daysAgo);
    const vatLines = invoice.lines.map((l) => ({
      ...l,
      vatCents: Math.round((l.baseCents * RATES[l.region][l.rateBand]) / 100),
    }));
    const vatCents = vatLines.reduce((sum, l) => sum + l.vatCents, 0);
    const totalCents = vatLines.reduce((sum, l) => sum + l.baseCents, 0) + vatCents;
    const created = (await api('POST', '/api/invoices', {
      supplierNif: supplier.nif,
      supplierName: supplier.name,
      number: `${supplier.series}/${sequence}`,
      documentType: invoice.type ?? 'FT',
      issueDate,
      dueDate: addDays(issueDate, invoice.dueInDays ?? 0),
      totalCents,
      vatCents,
      atcud: `${supplier.atcudCode}-${sequence}`,
      paymentStatus: invoice.paid ? 'Paga' : 'Pendente',
      paymentMethod: invoice.paid ?? null,
      buyerNif: COMPANY.nif,
      source: invoice.isManual ? 'manual' : 'qr',
      vatBreakdown: invoice.isManual ? null : vatLines,
    })) as { id: string };
    ids[supplier.key] = created.id;
  }
  return ids;
}

/** The month with the most seeded invoices: the summary worth showing. */
function busiestMonth(today: CalendarDate): { ano: number; mes: number } {
  const counts = new Map<string, number>();
  for (const invoice of INVOICES) {
    const month = addDays(today, -invoice.daysAgo).slice(0, 7);
    counts.set(month, (counts.get(month) ?? 0) + 1);
  }
  const [month = today.slice(0, 7)] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  return { ano: Number(month.slice(0, 4)), mes: Number(month.slice(5, 7)) };
}

type Sizes = Partial<Record<HelpImageName, { width: number; height: number }>>;

/** Waits for the page's work to finish (fonts, pictures, animations) and its network to rest. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

/**
 * The viewport from `top` (CSS px of the page, scrolled there) for `height` px, at the phone's
 * width, written as a webp `IMAGE_WIDTH` wide.
 */
async function shoot(page: Page, name: HelpImageName, sizes: Sizes, top = 0, height = 760) {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
  await settle(page);
  // Without the toasts of the steps before over the screen.
  const closeToast = page.getByRole('button', { name: 'Fechar notificação' });
  for (let i = 0; i < 5 && (await closeToast.count()) > 0; i += 1) {
    await closeToast
      .first()
      .dispatchEvent('click', undefined, { timeout: 1000 })
      .catch(() => {});
    await page.waitForTimeout(400);
  }
  const png = await page.screenshot({
    clip: { x: 0, y: 0, width: PHONE.width, height: Math.min(height, PHONE.height) },
  });
  const { data, info } = await sharp(png)
    .resize({ width: IMAGE_WIDTH })
    .webp(WEBP)
    .toBuffer({ resolveWithObject: true });
  writeFileSync(path.join(OUT_DIR, `${name}.webp`), data);
  sizes[name] = { width: info.width, height: info.height };
  console.log(`  ${name}.webp ${info.width}×${info.height} ${(data.length / 1024).toFixed(1)} KB`);
}

/** Where an element starts in the page, less room for the sticky header and some air. */
async function topOf(locator: Locator, above = 80): Promise<number> {
  await locator.waitFor();
  const y = await locator.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  return Math.max(0, Math.round(y - above));
}

type Seeded = { api: Api; ids: Record<string, string>; user: { email: string; password: string } };

async function photograph(page: Page, baseUrl: string, { api, ids, user }: Seeded) {
  const sizes: Sizes = {};
  const today = todayInLisbon();

  await page.goto(`${baseUrl}/`);
  await page.getByTestId('contador-faturas').waitFor();
  await page.getByRole('button', { name: contabilidade.name }).first().waitFor();
  await shoot(page, 'faturas', sizes);

  await page.goto(`${baseUrl}/?fatura=${ids.contabilidade}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('switch', { name: 'Paga' }).click();
  await dialog.getByText('Como foi paga?').waitFor();
  await shoot(page, 'fatura-vencida', sizes, 0, PHONE.height);
  await page.keyboard.press('Escape');

  await page.goto(`${baseUrl}/scanner`);
  await page.getByRole('heading', { name: 'Fotografia ou PDF' }).waitFor();
  // Headless, there is no camera: the page says so (and a toast, closed before the picture).
  await page.getByText('Câmara indisponível').waitFor();
  await shoot(page, 'scanner', sizes);

  await page.getByText('Colar o texto do código QR', { exact: true }).click();
  await page.getByLabel('Texto do código QR').fill(qrPayload(addDays(today, -1)));
  await page.getByRole('button', { name: 'Ler texto' }).click();
  await page.getByRole('heading', { name: 'Confirmar a fatura' }).waitFor();
  await page.getByLabel('Nome do fornecedor').fill('Papelaria Moderna, Lda');
  await page.getByLabel('Nome do fornecedor').blur();
  await shoot(page, 'confirmar-fatura', sizes);

  await page.goto(`${baseUrl}/fornecedores`);
  await page.locator('[data-limit-state="exceeded"]').first().waitFor();
  await shoot(page, 'entidades', sizes);

  const { ano, mes } = busiestMonth(today);
  await page.goto(`${baseUrl}/resumo?ano=${ano}&mes=${mes}`);
  await page.getByTestId('summary-content').waitFor({ timeout: 15_000 });
  await page.getByTestId('chart-daily').locator('.recharts-bar-rectangle').first().waitFor();
  await shoot(page, 'resumo', sizes);
  const vat = page.locator('section[aria-labelledby="summary-vat-title"]');
  await shoot(page, 'resumo-iva', sizes, await topOf(vat), 600);

  await page.goto(`${baseUrl}/importar-efatura`);
  await page.locator('input[type=file]').setInputFiles(EFATURA_CSV);
  await page.getByRole('button', { name: /^Importar \d+ faturas?$/ }).waitFor();
  const counts = page.getByTestId('efatura-counts');
  await shoot(page, 'importar-efatura', sizes, await topOf(counts, 180), PHONE.height);

  // As a real installation shows it: without the developer's plan switch.
  await page.route('**/api/dev/plan', (route) => route.fulfill({ status: 404, json: {} }));
  await page.goto(`${baseUrl}/subscription`);
  await page.getByText('Utilização este mês').waitFor();
  await page.locator('#planos-titulo').waitFor();
  await shoot(page, 'planos', sizes, 0, PHONE.height);
  await page.unroute('**/api/dev/plan');

  // The team last: once switched on, every page asks who is working first.
  await api('PUT', '/api/team/main-pin', { pin: '2580' });
  await api('POST', '/api/team/sub-users', { name: 'Marta Silva', role: 'manager', pin: '2468' });
  await api('POST', '/api/team/sub-users', { name: 'Rui Costa', role: 'user', pin: '1357' });
  await api('PATCH', '/api/team', { enabled: true });
  // Switching it on started a main session here; signed in again, 'Acesso à Conta' asks.
  await page.goto(`${baseUrl}/gestao-equipas`);
  await page.getByRole('button', { name: 'Abrir menu do perfil' }).click();
  await page.getByTestId('profile-drawer').getByRole('button', { name: 'Sair' }).click();
  await page.getByRole('heading', { name: 'Iniciar sessão' }).waitFor();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Palavra-passe', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Iniciar sessão' }).click();
  await page.getByRole('heading', { name: 'Acesso à Conta' }).waitFor();
  await page.getByRole('combobox', { name: 'Utilizador' }).click();
  await page.getByRole('option', { name: /Marta Silva/ }).click();
  await shoot(page, 'acesso-conta', sizes);
  await page.getByRole('tab', { name: 'Utilizador Principal' }).click();
  await page.getByLabel('PIN principal').fill('2580');
  await page.getByRole('button', { name: 'Aceder como Utilizador Principal' }).click();
  await page.getByTestId('contador-faturas').waitFor();
  await page.goto(`${baseUrl}/gestao-equipas`);
  await page.getByRole('heading', { level: 1, name: 'Gestão de equipa' }).waitFor();
  await page.getByText('Marta Silva').first().waitFor();
  const subUsers = page.getByRole('heading', { name: 'Sub-utilizadores' });
  await shoot(page, 'equipa', sizes, await topOf(subUsers, 96));
  return sizes;
}

async function main() {
  const args = process.argv.slice(2);
  const webDirArg = args.indexOf('--web-dir');
  const work = mkdtempSync(path.join(tmpdir(), 'papelada-help-shots-'));
  let webDir = webDirArg >= 0 ? args[webDirArg + 1] : undefined;
  if (!webDir) {
    webDir = path.join(work, 'web');
    console.log('Building the web bundle…');
    await build({
      configFile: path.join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: webDir, emptyOutDir: true },
    });
  }
  const server = await startServer({
    port: 0,
    dataDir: path.join(work, 'data'),
    logLevel: 'silent',
    webDir: path.resolve(webDir),
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'pt-PT',
      timezoneId: 'Europe/Lisbon',
      colorScheme: 'light',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    console.log(`Seeding an account on ${server.url}…`);
    const user = await signUpAndSignIn(page, server.url, {
      accountType: 'empresa',
      companyName: COMPANY.name,
      companyNif: COMPANY.nif,
    });
    const api = apiFor(page, server.url);
    const ids = await seedAccount(api, todayInLisbon());
    console.log('Photographing…');
    mkdirSync(OUT_DIR, { recursive: true });
    const sizes = await photograph(page, server.url, { api, ids, user }).catch(
      async (error: unknown) => {
        // What the page showed when a step failed, to see why.
        const shot = path.join(tmpdir(), 'help-screenshots-failed.png');
        await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
        console.error(`The page when it failed: ${shot}`);
        throw error;
      },
    );
    writeFileSync(SIZES_FILE, `${JSON.stringify(sizes, null, 2)}\n`);
    console.log(`Written to ${path.relative(ROOT, OUT_DIR)}`);
  } finally {
    await browser.close();
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
