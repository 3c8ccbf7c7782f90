// The installable app (ADR 029): the manifest and its icons, the service worker that opens the
// app offline, invoices typed offline sent once when the connection returns, a refusal kept
// until the person dismisses it, and the 'Nova versão disponível' prompt. Its own server on a
// copy of the build, so the test can deploy "a new build" without touching anyone else's.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AT_QR_EXAMPLES } from '#shared/at-qr/examples.ts';
import { DEFAULT_WEB_DIR, startServer, type RunningServer } from '#server/server.ts';
import { DESKTOP, openPage, PHONE, useBrowser, type ProbedPage } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const getBrowser = useBrowser();
/** Sending waits for the connection event and the page's idle work: more than POLL's 5 s. */
const POL = { timeout: 15_000 } as const;
const BUILT_WEB_DIR = process.env.E2E_WEB_DIR
  ? path.resolve(process.env.E2E_WEB_DIR)
  : DEFAULT_WEB_DIR;

let server: RunningServer | undefined;
let workDir = '';
let webDir = '';
let baseUrl = '';

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'papelada-pwa-'));
  webDir = path.join(workDir, 'web');
  await cp(BUILT_WEB_DIR, webDir, { recursive: true });
  server = await startServer({
    port: 0,
    dataDir: path.join(workDir, 'data'),
    logLevel: 'silent',
    webDir,
  });
  baseUrl = server.url;
});

afterAll(async () => {
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

type Manifest = {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  shortcuts: Array<{ name: string; url: string; icons?: Array<{ src: string; sizes: string }> }>;
};

/** An icon answers with its declared type and, for a PNG, the size it declares. */
async function expectIconLoads(page: Page, icon: { src: string; sizes: string; type?: string }) {
  const response = await page.request.get(`${baseUrl}${icon.src}`);
  expect(response.status(), icon.src).toBe(200);
  if (icon.type) expect(response.headers()['content-type'], icon.src).toContain(icon.type);
  if (icon.sizes === 'any') return;
  const { width, height, format } = await sharp(await response.body()).metadata();
  expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  expect(format, icon.src).toBe('png');
}

/** Offline, the page's own requests fail by design; nothing else may go wrong. */
function expectCleanWhileOffline(probe: ProbedPage) {
  expect(probe.externalRequests).toEqual([]);
  const offline = (line: string) => line.includes('ERR_INTERNET_DISCONNECTED');
  expect(probe.failedRequests.filter((line) => !offline(line))).toEqual([]);
  expect(
    probe.consoleErrors.filter(
      (line) => !line.includes('ERR_INTERNET_DISCONNECTED') && !line.includes('Failed to fetch'),
    ),
  ).toEqual([]);
}

/** Once the service worker installed the build and took the page. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });
}

/** Once a signed-in page remembered who signed in here: the app can open offline as them. */
async function waitForDeviceUser(page: Page): Promise<void> {
  await page.waitForFunction(() => localStorage.getItem('papelada.device-user') !== null);
}

/** The invoices kept in the page's IndexedDB ('papelada' › 'pending-invoices'). */
type KeptInvoice = { key: string; createdAt: number; body: { number: string } };

function keptInvoices(page: Page): Promise<KeptInvoice[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('papelada');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result
            .transaction('pending-invoices')
            .objectStore('pending-invoices')
            .getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

/** Every POST /api/invoices the page sends, with its Idempotency-Key. */
function recordInvoicePosts(context: BrowserContext): string[] {
  const keys: string[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/invoices') {
      keys.push(request.headers()['idempotency-key'] ?? '(none)');
    }
  });
  return keys;
}

async function invoicesNumbered(page: Page, number: string): Promise<unknown[]> {
  const response = await page.request.get(
    `${baseUrl}/api/invoices?search=${encodeURIComponent(number)}`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: unknown[] }).items;
}

async function fillInvoice(page: Page, number: string) {
  await page.getByLabel('NIF do fornecedor').fill('509442013');
  await page.getByLabel('Nome do fornecedor').fill('Padaria Central, Lda');
  await page.getByLabel('Número da fatura').fill(number);
  await page.getByLabel('Total (€)').fill('84,50');
  await page.getByLabel('IVA (€)').fill('15,80');
}

test('the manifest is complete, its icons and shortcuts load, and the worker is served under the CSP', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  const response = await page.request.get(`${baseUrl}/manifest.webmanifest`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'Papelada — faturas de fornecedores',
    short_name: 'Papelada',
    lang: 'pt-PT',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0b6e56',
  });
  // What Chromium needs to offer the install, and the launchers' masked icons.
  const pngs = (purpose: string) =>
    manifest.icons.filter((i) => i.type === 'image/png' && (i.purpose ?? 'any') === purpose);
  expect(pngs('any').map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(pngs('maskable').map((i) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  for (const icon of manifest.icons) await expectIconLoads(page, icon);

  expect(manifest.shortcuts.map(({ name, url }) => ({ name, url }))).toEqual([
    { name: 'Digitalizar', url: '/scanner' },
    { name: 'Nova fatura', url: '/nova-fatura' },
  ]);
  for (const shortcut of manifest.shortcuts) {
    for (const icon of shortcut.icons ?? []) await expectIconLoads(page, icon);
  }

  const home = await page.request.get(`${baseUrl}/`);
  expect(await home.text()).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  expect(home.headers()['content-security-policy']).toMatch(/worker-src 'self'/);
  expect(home.headers()['content-security-policy']).toMatch(/manifest-src 'self'/);
  const worker = await page.request.get(`${baseUrl}/sw.js`);
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  // Never kept by the HTTP cache: a new build's worker is found at once.
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // The shortcuts open real screens of the signed-in app.
  await signUpAndSignIn(page, baseUrl);
  await page.goto(`${baseUrl}/scanner`);
  await page.getByRole('heading', { level: 1, name: 'Scanner' }).waitFor();
  await page.goto(`${baseUrl}/nova-fatura`);
  await page.getByRole('heading', { level: 1, name: 'Nova fatura' }).waitFor();
  probe.expectClean();
  await probe.close();
});

test('offline, the app reloads to its shell, keeps a typed and a scanned invoice, and sends each once when the connection returns', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE, serviceWorkers: 'allow' });
  const { page } = probe;
  const context = page.context();
  const posts = recordInvoicePosts(context);
  await signUpAndSignIn(page, baseUrl);
  await waitForServiceWorker(page);
  await waitForDeviceUser(page);

  await context.setOffline(true);
  await page.reload();
  await page.getByText('Sem ligação à internet.').waitFor();
  // The shell: the header (avatar, plan) and the bottom navigation, from the worker's cache.
  await page.getByRole('button', { name: 'Abrir menu do perfil' }).waitFor();
  await page.getByRole('navigation', { name: 'Navegação principal' }).waitFor();
  await saveScreenshot(page, 'pwa-offline-banner-phone');

  await page.goto(`${baseUrl}/nova-fatura`);
  await page.getByRole('heading', { level: 1, name: 'Nova fatura' }).waitFor();
  await page.getByTestId('offline-capture-note').waitFor();
  const number = `FT OFF/${Date.now()}`;
  await fillInvoice(page, number);
  await page.getByRole('button', { name: 'Guardar Fatura' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('button', { name: '1 fatura por enviar' }).waitFor();
  await page.getByText('Fatura guardada neste dispositivo').waitFor();
  const typed = await keptInvoices(page);
  expect(typed).toEqual([expect.objectContaining({ body: expect.objectContaining({ number }) })]);
  expect(typed[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  await saveScreenshot(page, 'pwa-pending-badge-phone');
  await page.getByRole('button', { name: 'Fechar notificação' }).click();

  // A scanned one: the QR code is read on the device; photos and PDFs would need the server.
  await page.goto(`${baseUrl}/scanner`);
  await page.getByRole('heading', { level: 1, name: 'Scanner' }).waitFor();
  await page.getByTestId('offline-capture-note').waitFor();
  await page.getByText('Câmara indisponível').waitFor();
  await page.locator('summary', { hasText: 'Colar o texto do código QR' }).click();
  await page.getByLabel('Texto do código QR').fill(AT_QR_EXAMPLES.fatura);
  await page.getByRole('button', { name: 'Ler texto' }).click();
  await page.getByRole('heading', { level: 1, name: 'Confirmar a fatura' }).waitFor();
  await page.getByLabel('Nome do fornecedor').fill('Fornecedor do Exemplo, Lda');
  await page.getByRole('button', { name: 'Guardar Fatura' }).click();
  await page.waitForURL(`${baseUrl}/`);
  const badge = page.getByRole('button', { name: '2 faturas por enviar' });
  await badge.waitFor();
  const kept = (await keptInvoices(page)).sort((a, b) => a.createdAt - b.createdAt);
  expect(kept.map((item) => item.body.number)).toEqual([number, 'FT AB2019/0035']);
  expect(kept[1]?.body).toMatchObject({ source: 'qr', vatBreakdown: expect.any(Array) });
  expect(new Set(kept.map((item) => item.key)).size).toBe(2);

  await page.getByRole('button', { name: 'Fechar notificação' }).click();
  await badge.click();
  await page.getByRole('dialog', { name: 'Faturas neste dispositivo' }).waitFor();
  await page.getByText('Sem ligação à internet: são enviadas quando a ligação voltar.').waitFor();
  await saveScreenshot(page, 'pwa-pending-panel-phone');
  await page.keyboard.press('Escape');
  // Nothing could have left: the requests never went out.
  expect(posts).toEqual([]);
  expectCleanWhileOffline(probe);

  await context.setOffline(false);
  await page.getByText('2 faturas guardadas offline foram enviadas').waitFor({ timeout: 15_000 });
  await expect.poll(() => keptInvoices(page), POL).toEqual([]);
  // The store empties first; the badge goes with the panel's next render.
  await expect.poll(() => page.getByTestId('pending-invoices').count(), POL).toBe(0);
  // Each exactly once, with the key it was kept with.
  expect(posts).toEqual(kept.map((item) => item.key));
  expect(await invoicesNumbered(page, number)).toHaveLength(1);
  expect(await invoicesNumbered(page, 'FT AB2019/0035')).toEqual([
    expect.objectContaining({ source: 'qr' }),
  ]);
  // The dashboard shows it (refreshed once it was sent).
  await page.getByText(`#${number}`, { exact: true }).waitFor();

  // Another flush — the connection event, a reload — has nothing left to send.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'As minhas faturas' }).waitFor();
  await page.waitForTimeout(3500);
  expect(posts).toHaveLength(2);
  expect(await invoicesNumbered(page, number)).toHaveLength(1);
  await probe.close();
});

test('invoices refused when sent are shown with the server message and kept until edited or discarded', async () => {
  const probe = await openPage(getBrowser(), { viewport: DESKTOP, serviceWorkers: 'allow' });
  const { page } = probe;
  const context = page.context();
  await signUpAndSignIn(page, baseUrl);
  const numbers = [`FT DUP/${Date.now()}`, `FT DUP/${Date.now() + 1}`] as const;
  const today = new Date().toISOString().slice(0, 10);
  // Registered meanwhile (from another device, say): the ones typed offline are duplicates.
  for (const number of numbers) {
    const created = await page.request.post(`${baseUrl}/api/invoices`, {
      headers: apiHeaders(baseUrl),
      data: {
        supplierNif: '509442013',
        supplierName: 'Padaria Central, Lda',
        number,
        issueDate: today,
        dueDate: today,
        totalCents: 8450,
        vatCents: 1580,
      },
    });
    expect(created.status()).toBe(201);
  }
  await waitForServiceWorker(page);
  await waitForDeviceUser(page);

  await context.setOffline(true);
  await page.reload();
  await page.getByText('Sem ligação à internet.').waitFor();
  await saveScreenshot(page, 'pwa-offline-banner-desktop');
  for (const [i, number] of numbers.entries()) {
    await page.goto(`${baseUrl}/nova-fatura`);
    await page.getByRole('heading', { level: 1, name: 'Nova fatura' }).waitFor();
    await fillInvoice(page, number);
    await page.getByRole('button', { name: 'Guardar Fatura' }).click();
    await page.getByRole('button', { name: `${i + 1} fatura` }).waitFor();
  }
  await page.getByRole('button', { name: '2 faturas por enviar' }).waitFor();
  await saveScreenshot(page, 'pwa-pending-badge-desktop');

  await context.setOffline(false);
  const badge = page.getByRole('button', { name: '2 faturas por rever' });
  await badge.waitFor({ timeout: 15_000 });
  await page.getByText('Uma fatura guardada neste dispositivo foi recusada').waitFor();
  // Kept through a reload: nothing is lost silently.
  await page.reload();
  await badge.click();
  const dialog = page.getByRole('dialog', { name: 'Faturas neste dispositivo' });
  expect(await dialog.getByText('Esta fatura já está registada.').count()).toBe(2);
  await dialog.getByRole('link', { name: 'Ver a fatura registada' }).first().waitFor();
  await saveScreenshot(page, 'pwa-refused-panel-desktop');
  expect(await keptInvoices(page)).toHaveLength(2);

  // The first is corrected: the form opens with what was typed and the server's reason.
  const first = dialog.getByTestId('pending-invoice').filter({ hasText: numbers[0] });
  await first.getByRole('link', { name: 'Editar' }).click();
  await page.getByText('Fatura recusada pelo servidor').waitFor();
  await page.getByText('Esta fatura já está registada.').waitFor();
  expect(await page.getByLabel('Número da fatura').inputValue()).toBe(numbers[0]);
  await page.getByLabel('Número da fatura').fill(`${numbers[0]}-A`);
  await page.getByRole('button', { name: 'Guardar Fatura' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByText('Fatura guardada com sucesso').waitFor();
  await page.getByRole('button', { name: '1 fatura por rever' }).waitFor();
  expect(await invoicesNumbered(page, `${numbers[0]}-A`)).toHaveLength(1);

  // The second is given up.
  await page.getByRole('button', { name: '1 fatura por rever' }).click();
  await dialog.getByRole('button', { name: 'Descartar' }).click();
  await dialog.getByRole('button', { name: 'Confirmar: descartar' }).click();
  await expect.poll(() => keptInvoices(page), POL).toEqual([]);
  // The store empties first; the badge goes with the panel's next render.
  await expect.poll(() => page.getByTestId('pending-invoices').count(), POL).toBe(0);
  expect(await invoicesNumbered(page, numbers[1])).toHaveLength(1);
  await probe.close();
});

test('a new build offers "Nova versão disponível", and "Atualizar" reloads onto it', async () => {
  for (const [viewport, name] of [
    [PHONE, 'phone'],
    [DESKTOP, 'desktop'],
  ] as const) {
    const probe = await openPage(getBrowser(), { viewport, serviceWorkers: 'allow' });
    const { page } = probe;
    await page.goto(`${baseUrl}/home`);
    await waitForServiceWorker(page);
    const cachesNow = () => page.evaluate(() => caches.keys());
    const [shell] = (await cachesNow()).filter((key) => key.startsWith('papelada-shell-'));
    const version = shell?.slice('papelada-shell-'.length) ?? '';
    expect(version).toMatch(/^[0-9a-f]{16}$/);

    // "Deploy" another build: the same files under a new version.
    const workerFile = path.join(webDir, 'sw.js');
    const original = await readFile(workerFile, 'utf8');
    const next = version.split('').reverse().join('');
    await writeFile(workerFile, original.replaceAll(version, next));
    try {
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const prompt = page.getByTestId('update-prompt');
      await prompt.getByText('Nova versão disponível').waitFor({ timeout: 30_000 });
      await saveScreenshot(page, `pwa-update-prompt-${name}`, { fullPage: false });

      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: 'Atualizar' }).click();
      await reloaded;
      await expect.poll(cachesNow, POL).toEqual(expect.arrayContaining([`papelada-shell-${next}`]));
      expect(await cachesNow()).not.toContain(`papelada-shell-${version}`);
      expect(await page.getByTestId('update-prompt').count()).toBe(0);
    } finally {
      await writeFile(workerFile, original);
    }
    probe.expectClean();
    await probe.close();
  }
});
