import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { DESKTOP, openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();
const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/efatura/${name}`, import.meta.url));

async function choose(page: Page, name: string) {
  await page.locator('input[type=file]').setInputFiles(fixture(name));
}

/** The three counts of the summary, as shown. */
async function counts(page: Page): Promise<string> {
  return (await page.getByTestId('efatura-counts').innerText()).replace(/\s+/g, ' ');
}

test('on the phone: from the dashboard, a wrong file is refused, the portal’s file previews and imports, and importing it again creates nothing', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  await page.getByRole('link', { name: 'Importar do e-Fatura' }).click();
  await page.getByRole('heading', { name: 'Importar do e-Fatura' }).waitFor();
  await saveScreenshot(page, 'efatura-choose-phone');

  await choose(page, 'extrato-bancario.csv');
  await page
    .getByRole('alert')
    .filter({ hasText: 'Este ficheiro não é a lista de faturas do e-Fatura.' })
    .waitFor();
  await saveScreenshot(page, 'efatura-refused-phone');

  await choose(page, 'faturas-recebidas.csv');
  await page.getByRole('button', { name: 'Importar 5 faturas' }).waitFor();
  expect(await counts(page)).toBe('A criar 5 Ignoradas 0 Recusadas 2');
  await page.getByText('Faturas emitidas de 03/10/2026 a 06/11/2026.').waitFor();
  await page.getByText('Farmácia Central; Lda').waitFor();
  await saveScreenshot(page, 'efatura-preview-phone');
  await page.getByRole('tab', { name: /Recusadas/ }).click();
  await page.getByText('Documento anulado no e-Fatura.').waitFor();
  await page.getByText('NIF do emitente inválido «123456780 - NIF Errado Lda».').waitFor();

  await page.getByRole('button', { name: 'Importar 5 faturas' }).click();
  await page.getByRole('heading', { name: 'Importação concluída' }).waitFor();
  expect(await page.getByTestId('efatura-done').innerText()).toBe(
    '5 faturas criadas, 0 já estavam no Papelada, 2 recusadas.',
  );
  await saveScreenshot(page, 'efatura-done-phone');

  await page.getByRole('link', { name: 'Ver faturas' }).click();
  await page.getByText('Padaria Pão Quente, Lda').first().waitFor();
  await saveScreenshot(page, 'efatura-dashboard-phone');

  await page.getByRole('link', { name: 'Importar do e-Fatura' }).click();
  await choose(page, 'faturas-recebidas.csv');
  await page.getByRole('button', { name: 'Nada para importar' }).waitFor();
  expect(await page.getByRole('button', { name: 'Nada para importar' }).isDisabled()).toBe(true);
  expect(await counts(page)).toBe('A criar 0 Ignoradas 5 Recusadas 2');
  await page.getByRole('tab', { name: /Ignoradas/ }).click();
  expect(await page.getByText('Já está registada no Papelada.').count()).toBe(5);
  await saveScreenshot(page, 'efatura-again-phone');

  // The only failed request is the refused file's 400.
  expect(probe.failedRequests.map((r) => r.replace(baseUrl, ''))).toEqual([
    '400 /api/efatura-import/preview',
  ]);
  expect(probe.consoleErrors.filter((m) => !m.includes('400'))).toEqual([]);
  await probe.close();
});

test('on the desktop: a dropped Latin-1 file lists the invoices the portal lacks, and "Guardar todas como pagas" changes what is saved', async () => {
  const probe = await openPage(getBrowser(), { viewport: DESKTOP });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  const created = await page.request.post(`${baseUrl}/api/invoices`, {
    headers: apiHeaders(baseUrl),
    data: {
      supplierNif: '503504564',
      supplierName: 'Canalizações Norte',
      number: 'FT 2026/55',
      issueDate: '2026-10-15',
      dueDate: '2026-10-15',
      totalCents: 4_000,
      vatCents: 748,
    },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await page.getByText('Canalizações Norte').first().waitFor();
  await saveScreenshot(page, 'efatura-dashboard-desktop');
  await page.getByRole('link', { name: 'Importar do e-Fatura' }).click();

  // Dropped on the zone, as from a file manager.
  const bytes = [...readFileSync(fixture('faturas-recebidas-latin1.csv'))];
  const transfer = await page.evaluateHandle((data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(data)], 'faturas-latin1.csv', { type: 'text/csv' }));
    return dt;
  }, bytes);
  await page.getByTestId('efatura-drop').dispatchEvent('drop', { dataTransfer: transfer });

  await page.getByRole('button', { name: 'Importar 5 faturas' }).waitFor();
  expect(await counts(page)).toBe('A criar 5 Ignoradas 0 Recusadas 0');
  await page.getByText('Padaria Pão Quente, Lda').waitFor();
  const missing = page.getByTestId('efatura-missing');
  await missing.getByText('Canalizações Norte').waitFor();
  expect(await missing.innerText()).toContain('FT 2026/55');
  await saveScreenshot(page, 'efatura-preview-desktop');
  expect(await page.getByText('Vencida', { exact: true }).count()).toBe(3);

  await page.getByLabel(/Guardar todas como pagas/).check();
  // Read again with the option: every line saved paid.
  await expect.poll(() => page.getByText('Paga', { exact: true }).count(), POLL).toBe(5);
  expect(await page.getByText('Vencida', { exact: true }).count()).toBe(0);

  await page.getByRole('button', { name: 'Importar 5 faturas' }).click();
  await page.getByRole('heading', { name: 'Importação concluída' }).waitFor();
  expect(await counts(page)).toBe('Criadas 5 Ignoradas 0 Recusadas 0');
  await saveScreenshot(page, 'efatura-done-desktop');
  // Each created line opens its invoice.
  await page.getByRole('link', { name: 'Ver fatura', exact: true }).first().click();
  await page.waitForURL(/\?fatura=[0-9a-f-]{36}$/);
  await page.getByText('FR 2026ACM1/163').first().waitFor();

  const stats = await page.request.get(`${baseUrl}/api/invoices/stats?period=all`);
  expect((await stats.json()).byStatus.Paga).toEqual({
    count: 5,
    totalCents: 52_739 - 27_524 + 116_968 + 1_230 + 1_234_567,
  });
  probe.expectClean();
  await probe.close();
});
