import { expect, inject, test } from 'vitest';
import { isScrolledIntoView, openPage, POLL, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

const HEADER_ANCHORS = ['como-funciona', 'vantagens', 'integracoes', 'seguranca', 'precos', 'faq'];

test('the landing page shows the hero heading and every section', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/home`);

  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  expect(await heading.textContent()).toBe('O primeiro scanner de faturas português');
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  // The sections below the hero are a second chunk, rendered just after it.
  await page.locator('section#faq').waitFor();
  for (const id of [...HEADER_ANCHORS, 'funcionalidades', 'leitura']) {
    expect(await page.locator(`section#${id}`).count(), `section #${id}`).toBe(1);
  }
  for (const name of ['Experimentar agora', 'Ver demo', 'Registar uma fatura', 'Abrir o scanner']) {
    expect(await page.getByRole('link', { name }).count(), name).toBe(1);
  }
  // /demo signs into the read-only demo account and opens /resumo (ADR 021).
  expect(await page.getByRole('link', { name: 'Ver demo' }).getAttribute('href')).toBe('/demo');
  expect(await page.title()).toContain('Papelada');
  expect(await page.locator('html').getAttribute('lang')).toBe('pt-PT');
  probe.expectClean();
  await probe.close();
});

test('each header anchor brings its section under the sticky header', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/home`);
  const nav = page.getByRole('navigation', { name: 'Secções da página' });
  await nav.waitFor();

  for (const id of HEADER_ANCHORS) {
    await nav.locator(`a[href="#${id}"]`).click();
    await expect
      .poll(() => isScrolledIntoView(page, id), { ...POLL, message: `#${id} in view` })
      .toBe(true);
    expect(new URL(page.url()).hash).toBe(`#${id}`);
  }
  probe.expectClean();
  await probe.close();
});

test('choosing Personal keeps the plan on the device and opens sign-up with it', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/home#precos`);
  await page.getByRole('button', { name: 'Escolher Personal' }).click();

  await page.waitForURL(`${baseUrl}/auth?signup=true&plan=professional`);
  expect(await page.evaluate(() => localStorage.getItem('selected_plan'))).toBe('professional');
  // signup=true opens the sign-up dialog over the sign-in screen (spec accounts §2).
  await page.getByRole('dialog', { name: 'Criar conta' }).waitFor();
  probe.expectClean();
  await probe.close();
});

test('the Empresarial card switches between 500 and 1000 invoices before choosing', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/home#precos`);
  await page.getByText('1000 faturas', { exact: true }).click();
  await page.getByRole('button', { name: 'Escolher Empresarial' }).click();

  await page.waitForURL(`${baseUrl}/auth?signup=true&plan=enterprise_1000`);
  expect(await page.evaluate(() => localStorage.getItem('selected_plan'))).toBe('enterprise_1000');
  probe.expectClean();
  await probe.close();
});

test("'Começar grátis' in the header opens sign-up", async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/home`);
  await page.getByRole('banner').getByRole('link', { name: 'Começar grátis' }).click();

  await page.waitForURL(`${baseUrl}/auth?signup=true`);
  // signup=true opens the sign-up dialog over the sign-in screen (spec accounts §2).
  await page.getByRole('dialog', { name: 'Criar conta' }).waitFor();
  probe.expectClean();
  await probe.close();
});

test('the FAQ describes the Administrador, Gestor and Utilizador team roles', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/home#faq`);
  await page.getByRole('button', { name: 'Que funções posso dar à minha equipa?' }).click();

  await page.getByText(/O Utilizador usa o scanner e adiciona faturas/).waitFor();
  const table = page.getByRole('table');
  await table.waitFor();
  for (const role of ['Administrador', 'Gestor', 'Utilizador']) {
    expect(await table.getByRole('columnheader', { name: role }).count(), role).toBe(1);
  }
  // Only the Administrador may delete; the Utilizador only adds invoices.
  const deleting = table.getByRole('row', { name: /Apagar faturas e fornecedores/ });
  expect(await deleting.getByLabel('Sim').count()).toBe(1);
  expect(await deleting.getByLabel('Não').count()).toBe(2);
  const adding = table.getByRole('row', { name: /Scanner e novas faturas/ });
  expect(await adding.getByLabel('Sim').count()).toBe(3);
  expect(await table.getByText(/Contabilista|Visualizador/).count()).toBe(0);
  probe.expectClean();
  await probe.close();
});

test('the newsletter box checks the e-mail in the browser before anything is sent', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/home`);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  const email = page.getByRole('textbox', { name: 'Novidades da Papelada' });

  await email.fill('nome@exemplo');
  await page.getByRole('button', { name: 'Subscrever' }).click();
  await page.getByText('Este e-mail não parece válido.').first().waitFor();
  expect(await email.getAttribute('aria-invalid')).toBe('true');
  // The double opt-in itself is tests/e2e/newsletter.spec.ts'.
  expect(apiCalls).toEqual([]);
  probe.expectClean();
  await probe.close();
});
