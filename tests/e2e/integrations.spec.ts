// Issue 17 point 2: /integracoes and /test-integracoes as a company uses them. On Gratuito the
// premium marker and the way to Empresarial; on Empresarial the secret feed address is made and
// shown once, the test page reads it with no session and shows its columns and first rows, a
// reload no longer shows it, and a new address makes the old one a 404. Screenshots on a phone
// and a desktop.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import { DESKTOP, openPage, PHONE, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();
const today = todayInLisbon();

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(`${baseUrl}${path}`, {
    headers: apiHeaders(baseUrl),
    data,
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
}

/** The formula's URL: `=IMPORTDATA("<url>")`. */
async function sheetsUrlOn(page: Page): Promise<string> {
  const formula = (await page.getByTestId('feed-sheets-formula').textContent()) ?? '';
  const url = /^=IMPORTDATA\("(.+)"\)$/.exec(formula)?.[1];
  expect(url, formula).toBeDefined();
  return url ?? '';
}

test('on Gratuito a company sees the premium marker and the way to Empresarial', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl, { accountType: 'empresa' });
  await page.goto(`${baseUrl}/integracoes`);
  await page.getByRole('heading', { level: 1, name: 'Integrações' }).waitFor();
  await page
    .getByText('As integrações estão disponíveis a partir do plano Empresarial 500.')
    .waitFor();
  await page.getByText('Premium', { exact: true }).waitFor();
  const upgrade = page.getByRole('link', { name: 'Mudar para Empresarial 500' });
  expect(await upgrade.getAttribute('href')).toBe('/subscription?autostart=enterprise_500');
  await saveScreenshot(page, 'integrations-locked-phone');
  probe.expectClean();
  await probe.close();
});

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`on Empresarial the feed address is made, shown once, read without a session and rotated (${name})`, async () => {
    const probe = await openPage(getBrowser(), { viewport });
    const { page } = probe;
    await signUpAndSignIn(page, baseUrl, { accountType: 'empresa' });
    await post(page, '/api/dev/plan', { planId: 'enterprise_500' });
    for (const [number, totalCents] of [
      ['FT FEED/1', 123_456],
      ['FT FEED/2', 4_590],
    ] as const) {
      await post(page, '/api/invoices', {
        supplierNif: '509442013',
        supplierName: 'Padaria Central, Lda',
        number,
        issueDate: today,
        dueDate: addDays(today, 10),
        totalCents,
        vatCents: 860,
      });
    }

    await page.goto(`${baseUrl}/integracoes`);
    await page.getByRole('heading', { level: 1, name: 'Integrações' }).waitFor();
    await page.getByText('Ainda não criou o endereço do feed.').waitFor();
    await page.getByRole('button', { name: 'Criar endereço secreto' }).click();
    await page.getByRole('heading', { name: 'Copie o endereço agora' }).waitFor();
    const url = await sheetsUrlOn(page);
    expect(url).toMatch(new RegExp(`^${baseUrl}/api/feed/[A-Za-z0-9_-]{43}/faturas\\.csv$`));
    expect(await page.getByTestId('feed-excel-url').textContent()).toBe(`${url}?format=excel`);
    await page.getByText(/^Endereço ativo desde /).waitFor();
    await saveScreenshot(page, `integrations-${name}`);

    // The test page reads the address just made, as a spreadsheet does.
    await page.getByRole('link', { name: 'Testar o feed' }).click();
    await page.getByRole('heading', { level: 1, name: 'Testar integrações' }).waitFor();
    const preview = page.getByTestId('feed-preview');
    await preview.waitFor();
    expect(await preview.getByText('text/csv; charset=utf-8').count()).toBe(1);
    expect(await preview.getByText('private, max-age=60').count()).toBe(1);
    expect(await preview.getByText('vírgula (,)').count()).toBe(1);
    const columns = await page.getByTestId('feed-columns').locator('li').allTextContents();
    expect(columns.slice(0, 4)).toEqual([
      'Data de emissão',
      'Data de vencimento',
      'Tipo',
      'Número',
    ]);
    expect(columns).toHaveLength(14);
    await page.getByRole('heading', { name: 'As primeiras 2 linhas' }).waitFor();
    const rows = page.getByTestId('feed-rows').locator('tbody tr');
    const texts = await rows.allTextContents();
    expect(texts.some((row) => row.includes('FT FEED/1') && row.includes('1234.56'))).toBe(true);
    expect(texts.some((row) => row.includes('FT FEED/2') && row.includes('45.90'))).toBe(true);
    await saveScreenshot(page, `test-integrations-${name}`);

    // After a reload the address is not shown again: only that one exists.
    await page.goto(`${baseUrl}/integracoes`);
    await page.getByText(/^Endereço ativo desde /).waitFor();
    await page.getByText(/Por segurança, o endereço só é mostrado quando é criado/).waitFor();
    expect(await page.getByTestId('feed-sheets-formula').count()).toBe(0);
    expect(await page.content()).not.toContain(url);

    // A new address: the old one answers 404, the new one the rows.
    await page.getByRole('button', { name: 'Gerar novo endereço' }).click();
    await page
      .getByRole('dialog', { name: 'Gerar um novo endereço?' })
      .getByRole('button', { name: 'Gerar novo' })
      .click();
    await page.getByRole('heading', { name: 'Copie o endereço agora' }).waitFor();
    const rotated = await sheetsUrlOn(page);
    expect(rotated).not.toBe(url);
    const gone = await page.request.get(url);
    expect(gone.status()).toBe(404);
    expect((await gone.json()) as unknown).toEqual({
      error: {
        code: 'FEED_NOT_FOUND',
        message: 'Este endereço de feed não existe ou foi revogado.',
      },
    });
    const fresh = await page.request.get(rotated);
    expect(fresh.status()).toBe(200);
    expect(await fresh.text()).toContain('FT FEED/1');

    // Revoked: the page offers to make one again.
    await page.getByRole('button', { name: 'Revogar' }).click();
    await page
      .getByRole('dialog', { name: 'Revogar o endereço?' })
      .getByRole('button', { name: 'Revogar' })
      .click();
    await page.getByText('Ainda não criou o endereço do feed.').waitFor();
    expect((await page.request.get(rotated)).status()).toBe(404);
    probe.expectClean();
    await probe.close();
  });
}
