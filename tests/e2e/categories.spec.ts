// Custom categories (spec invoice-work §2, §5): /gestao-categorias-personalizadas creates, edits
// and deletes them with the spec's messages; another open tab of the account follows at once,
// without a reload, and the dashboard's cards draw a supplier's custom category.
import type { Locator, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import { openPage, PHONE, POLL, useBrowser, type ProbedPage } from './browser.ts';
import { trackNetwork } from './helpers/network.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();
const PAGE_PATH = '/gestao-categorias-personalizadas';

/** A page's own record of console errors and refused requests (openPage probes only one). */
function probe(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

/** Opens `path` and resolves once its event stream is open and its first loads are done. */
async function openLive(page: Page, path: string) {
  const network = trackNetwork(page);
  // The server subscribes before it answers, so from the response on no event is missed.
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
  await page.goto(`${baseUrl}${path}`);
  expect((await streamOpen).status()).toBe(200);
  await network.idle();
  network.stop();
}

/** Custom categories are an Empresarial feature: signed up, then on that plan (ADR 010 switch). */
async function signUpOnEmpresarial(page: Page) {
  await signUpAndSignIn(page, baseUrl);
  const response = await page.request.post(`${baseUrl}/api/dev/plan`, {
    headers: apiHeaders(baseUrl),
    data: { planId: 'enterprise_500' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const customList = (page: Page) => page.getByRole('list', { name: 'As minhas categorias' });
/** The names in the account's list, read from each one's edit button. */
async function customNames(page: Page): Promise<string[]> {
  const labels = await customList(page)
    .getByRole('button', { name: /^Editar a categoria / })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace('Editar a categoria ', ''));
}

/** Clicks a choice of the icon or colour group as a user does: on its visible tile. */
async function choose(scope: Locator, name: string) {
  await scope
    .locator('label', { has: scope.page().getByRole('radio', { name, exact: true }) })
    .click();
}

/** Every problem the probe saw, but the one refusal the test provoked on purpose. */
function expectCleanBut409(probed: ProbedPage) {
  const isExpected = (text: string) => text.includes('409');
  expect(probed.externalRequests).toEqual([]);
  expect(probed.failedRequests.filter((r) => !r.startsWith('409 '))).toEqual([]);
  expect(probed.failedRequests.filter((r) => r.startsWith('409 '))).toEqual([
    `409 ${baseUrl}/api/categories`,
  ]);
  expect(probed.consoleErrors.filter((m) => !isExpected(m))).toEqual([]);
}

test('a category created, edited and deleted in one tab shows in the other at once; the form says what is wrong', async () => {
  const first = await openPage(getBrowser());
  const { page } = first;
  await signUpOnEmpresarial(page);
  await openLive(page, PAGE_PATH);
  await page.getByRole('heading', { level: 1, name: 'Categorias' }).waitFor();
  // The ten built-in categories, read-only, and none of the account's own yet.
  const builtIn = page.getByRole('region', { name: 'Categorias predefinidas' });
  expect(await builtIn.getByRole('listitem').count()).toBe(10);
  await builtIn.getByText('Restaurantes e Cafeterias').waitFor();
  expect(await builtIn.getByRole('button').count()).toBe(0);
  await page.getByText('Ainda não criou nenhuma categoria.').waitFor();

  const second = await page.context().newPage();
  const secondProblems = probe(second);
  await openLive(second, PAGE_PATH);
  await second.getByText('Ainda não criou nenhuma categoria.').waitFor();
  // The first tab is the one used: a background tab's animation frames are throttled.
  await page.bringToFront();

  // Nothing filled in: the three messages of the spec, and no request.
  await page.getByRole('button', { name: 'Nova categoria' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nova categoria' });
  await dialog.getByRole('button', { name: 'Criar categoria' }).click();
  await dialog.getByText('Nome da categoria é obrigatório').waitFor();
  await dialog.getByText('Ícone é obrigatório').waitFor();
  await dialog.getByText('Cor é obrigatória').waitFor();
  const name = dialog.getByLabel('Nome', { exact: true });
  await name.fill('x'.repeat(51));
  await dialog.getByText('Nome deve ter no máximo 50 caracteres').waitFor();
  await saveScreenshot(page, 'categories-form-errors');

  await name.fill('Ginásio');
  await choose(dialog, 'Ginásio');
  await choose(dialog, 'Rosa');
  expect(await dialog.getByRole('alert').count()).toBe(0);
  await dialog.getByRole('button', { name: 'Criar categoria' }).click();
  await page.getByText('Categoria criada com sucesso').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => customNames(page), POLL).toEqual(['Ginásio']);
  // The other tab, never reloaded, has it too.
  await expect.poll(() => customNames(second), POLL).toEqual(['Ginásio']);
  await saveScreenshot(page, 'categories-desktop');

  // A built-in name is taken: the server's 409 shows under the name and in a toast.
  await page.getByRole('button', { name: 'Nova categoria' }).first().click();
  const again = page.getByRole('dialog', { name: 'Nova categoria' });
  await again.getByLabel('Nome', { exact: true }).fill('saúde e bem-estar');
  await choose(again, 'Saúde');
  await choose(again, 'Vermelho');
  await again.getByRole('button', { name: 'Criar categoria' }).click();
  await page.getByText('Erro ao criar categoria').waitFor();
  await again.getByRole('alert').getByText('Já existe uma categoria com este nome').waitFor();
  await again.getByRole('button', { name: 'Cancelar' }).click();
  await again.waitFor({ state: 'detached' });

  // Edit: the form opens with the category's values; the new name reaches the other tab.
  await customList(page).getByRole('button', { name: 'Editar a categoria Ginásio' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar categoria' });
  expect(await edit.getByLabel('Nome', { exact: true }).inputValue()).toBe('Ginásio');
  expect(await edit.getByRole('radio', { name: 'Ginásio' }).isChecked()).toBe(true);
  expect(await edit.getByRole('radio', { name: 'Rosa' }).isChecked()).toBe(true);
  await edit.getByLabel('Nome', { exact: true }).fill('Desporto');
  await choose(edit, 'Roupa');
  await edit.getByRole('button', { name: 'Guardar alterações' }).click();
  await page.getByText('Categoria atualizada com sucesso').waitFor();
  await expect.poll(() => customNames(page), POLL).toEqual(['Desporto']);
  await expect.poll(() => customNames(second), POLL).toEqual(['Desporto']);
  expect(await customList(second).locator('svg.lucide-shirt').count()).toBe(1);

  // Delete asks first; cancelling keeps it, confirming removes it in both tabs.
  await customList(page).getByRole('button', { name: 'Eliminar a categoria Desporto' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar categoria' });
  await confirm.getByText('«Desporto»', { exact: false }).waitFor();
  await saveScreenshot(page, 'categories-delete-confirm');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await confirm.waitFor({ state: 'detached' });
  expect(await customNames(page)).toEqual(['Desporto']);
  await customList(page).getByRole('button', { name: 'Eliminar a categoria Desporto' }).click();
  await confirm.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await page.getByText('Categoria eliminada com sucesso').waitFor();
  await page.getByText('Ainda não criou nenhuma categoria.').waitFor();
  await second.getByText('Ainda não criou nenhuma categoria.').waitFor();

  expect(secondProblems).toEqual([]);
  expectCleanBut409(first);
  await first.close();
});

test('on a phone the page fits the screen and a category is made with the keyboard alone', async () => {
  const probed = await openPage(getBrowser(), { viewport: PHONE, hasTouch: true, isMobile: true });
  const { page } = probed;
  await signUpOnEmpresarial(page);
  await openLive(page, PAGE_PATH);
  await page.getByRole('heading', { level: 1, name: 'Categorias' }).waitFor();
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBe(0);
  await saveScreenshot(page, 'categories-mobile-empty');

  await page.getByRole('button', { name: 'Nova categoria' }).first().focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nova categoria' });
  // The name field has the focus when the form opens.
  await expect
    .poll(
      () =>
        dialog.getByLabel('Nome', { exact: true }).evaluate((el) => el === document.activeElement),
      POLL,
    )
    .toBe(true);
  await page.keyboard.type('Animais');
  // Tab into the icon group (its first icon), arrows move and choose; then the colours.
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight');
  expect(await dialog.getByRole('radio', { name: 'Carrinho de compras' }).isChecked()).toBe(true);
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await dialog.getByRole('radio', { name: 'Roxo' }).isChecked()).toBe(true);
  expect(await overflow()).toBe(0);
  await saveScreenshot(page, 'categories-mobile-form');
  // Past Cancelar to Criar categoria.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.getByText('Categoria criada com sucesso').waitFor();
  await expect.poll(() => customNames(page), POLL).toEqual(['Animais']);
  expect(await overflow()).toBe(0);
  await saveScreenshot(page, 'categories-mobile-list');
  probed.expectClean();
  await probed.close();
});

test("the dashboard's card draws a supplier's custom category, and follows its edit live", async () => {
  const probed = await openPage(getBrowser());
  const { page } = probed;
  await signUpOnEmpresarial(page);
  const headers = apiHeaders(baseUrl);
  const category = await page.request.post(`${baseUrl}/api/categories`, {
    headers,
    data: { name: 'Ginásio', icon: 'dumbbell', color: 'pink' },
  });
  expect(category.status()).toBe(201);
  const { id } = (await category.json()) as { id: string };
  const supplier = await page.request.post(`${baseUrl}/api/suppliers`, {
    headers,
    data: { nif: '509442013', name: 'Ginásio do Bairro, Lda', category: 'Ginásio' },
  });
  expect(supplier.status()).toBe(201);
  const today = todayInLisbon();
  const invoice = await page.request.post(`${baseUrl}/api/invoices`, {
    headers,
    data: {
      supplierNif: '509442013',
      supplierName: 'Ginásio do Bairro, Lda',
      number: 'FT 2026/31',
      issueDate: today,
      dueDate: addDays(today, 30),
      totalCents: 3_500,
      vatCents: 654,
      atcud: 'JJ3RTHNB-31',
    },
  });
  expect(invoice.status()).toBe(201);

  await openLive(page, '/');
  const tile = page.locator('[title="Ginásio"]').first();
  await tile.locator('svg.lucide-dumbbell').waitFor();
  expect(await tile.getAttribute('class')).toContain('from-pink-400');
  await saveScreenshot(page, 'categories-dashboard-card');

  // Edited elsewhere (another tab, another device): the card follows without a reload.
  const edited = await page.request.patch(`${baseUrl}/api/categories/${id}`, {
    headers,
    data: { name: 'Ginásio', icon: 'heart-pulse', color: 'teal' },
  });
  expect(edited.status()).toBe(200);
  await tile.locator('svg.lucide-heart-pulse').waitFor();
  expect(await tile.getAttribute('class')).toContain('from-teal-400');
  probed.expectClean();
  await probed.close();
});

test('below Empresarial the categories are read-only, with the plan that has them and no refusal', async () => {
  const probed = await openPage(getBrowser());
  const { page } = probed;
  await signUpAndSignIn(page, baseUrl);
  await openLive(page, PAGE_PATH);
  await page.getByRole('heading', { level: 1, name: 'Categorias' }).waitFor();
  await page
    .getByText('As categorias personalizadas estão disponíveis a partir do plano Empresarial 500.')
    .waitFor();
  const upgrade = page.getByRole('link', { name: 'Mudar para Empresarial 500' });
  expect(await upgrade.getAttribute('href')).toBe('/subscription?autostart=enterprise_500');
  expect(await page.getByRole('button', { name: 'Nova categoria' }).count()).toBe(0);
  await page.getByText('Ainda não criou nenhuma categoria.').waitFor();
  const builtIn = page.getByRole('region', { name: 'Categorias predefinidas' });
  expect(await builtIn.getByRole('listitem').count()).toBe(10);
  await saveScreenshot(page, 'categories-premium');
  probed.expectClean();
  await probed.close();
});
