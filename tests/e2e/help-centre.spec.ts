// Issue 20 point 6: the help centre at /ajuda-tutoriais on a phone. Reached from the drawer, it
// lists the topics; the search finds 'IVA' and 'PIN' (accents and case aside), says when nothing
// matches, and keeps the query in the address; an article opens at its own address, its
// screenshots load from our origin, and the screens it explains link to it. Screenshots of the
// help centre itself on a phone and a desktop.
import type { Page, Response } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { DESKTOP, openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

const ARTICLE_COUNT = 10;

async function search(page: Page, query: string) {
  await page.getByRole('searchbox', { name: 'Pesquisar na ajuda' }).fill(query);
  await expect
    .poll(() => new URL(page.url()).searchParams.get('q'), POLL)
    .toBe(query === '' ? null : query);
}

/** The titles of the results, in order. */
function resultTitles(page: Page): Promise<string[]> {
  return page.getByTestId('help-results').getByTestId('help-topic-title').allTextContents();
}

/**
 * Scrolls every screenshot of the article into view (they load lazily) and waits for each to be
 * decoded; returns their addresses.
 */
async function loadScreenshots(page: Page): Promise<string[]> {
  const images = page.locator('img[data-help-image]');
  const count = await images.count();
  for (let i = 0; i < count; i += 1) {
    const image = images.nth(i);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), POLL)
      .toBeGreaterThan(0);
  }
  return images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).currentSrc));
}

test('on a phone: from the drawer to the help centre, a search for IVA and PIN, an article and its screenshots', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE, hasTouch: true, isMobile: true });
  const { page } = probe;
  const images: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'image') images.push(response);
  });
  await signUpAndSignIn(page, baseUrl, { fullName: 'Inês Ajuda' });

  // The drawer leads there, for every role.
  await page.getByRole('button', { name: 'Abrir menu do perfil' }).click();
  await page.getByTestId('profile-drawer').getByRole('link', { name: 'Ajuda e tutoriais' }).click();
  await page.waitForURL(`${baseUrl}/ajuda-tutoriais`);
  await page.getByRole('heading', { level: 1, name: 'Ajuda e tutoriais' }).waitFor();
  const topics = page.getByRole('region', { name: 'Temas' }).getByRole('link');
  expect(await topics.count()).toBe(ARTICLE_COUNT);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await saveScreenshot(page, 'help-topics-phone');

  // 'IVA', whatever the case: the summary's article first, the word marked.
  await search(page, 'iva');
  await expect.poll(() => resultTitles(page), POLL).toContain('O resumo do mês e o IVA');
  expect((await resultTitles(page))[0]).toBe('O resumo do mês e o IVA');
  expect(await page.getByTestId('help-results').locator('mark').first().textContent()).toBe('IVA');
  await search(page, 'IVA');
  expect((await resultTitles(page))[0]).toBe('O resumo do mês e o IVA');
  await saveScreenshot(page, 'help-search-iva-phone');

  // Accents do not matter; every word counts.
  await search(page, 'exportacoes e-fatura');
  await expect
    .poll(async () => (await resultTitles(page))[0], POLL)
    .toBe('Exportações e importação do e-Fatura');
  await search(page, 'faturas vencidas');
  await expect
    .poll(async () => (await resultTitles(page))[0], POLL)
    .toBe('Pagamentos e faturas vencidas');

  // Nothing found: said in words, with every topic to choose from instead.
  await search(page, 'xilofone');
  await page.getByText('Nenhum artigo encontrado para «xilofone».').first().waitFor();
  expect(await page.getByTestId('help-results').count()).toBe(0);
  await saveScreenshot(page, 'help-search-empty-phone');
  await page.getByRole('button', { name: 'Ver todos os temas' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('q'), POLL).toBeNull();
  await page.getByRole('region', { name: 'Temas' }).waitFor();

  // 'PIN' finds the teams article; it opens at its own address, with its screenshots.
  await search(page, 'pin');
  await expect.poll(async () => (await resultTitles(page))[0], POLL).toBe('Equipas, perfis e PIN');
  await page.getByTestId('help-results').getByRole('link').first().click();
  await page.waitForURL(`${baseUrl}/ajuda-tutoriais/equipas-e-pins?q=pin`);
  await page.getByRole('heading', { level: 1, name: 'Equipas, perfis e PIN' }).waitFor();
  await page.getByTestId('help-article').getByText('Esqueci o PIN principal').waitFor();
  const sources = await loadScreenshots(page);
  expect(sources).toHaveLength(2);
  for (const source of sources) {
    expect(new URL(source).origin).toBe(new URL(baseUrl).origin);
    const response = images.find((r) => r.url() === source);
    expect(response?.status(), source).toBe(200);
  }
  await saveScreenshot(page, 'help-article-phone');

  // Back to the same search.
  await page.getByRole('main').getByRole('link', { name: 'Ajuda e tutoriais' }).click();
  await page.waitForURL(`${baseUrl}/ajuda-tutoriais?q=pin`);
  expect(await page.getByRole('searchbox', { name: 'Pesquisar na ajuda' }).inputValue()).toBe(
    'pin',
  );
  probe.expectClean();
  await probe.close();
});

test("every article's screenshots come from our origin", async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  await page.goto(`${baseUrl}/ajuda-tutoriais`);
  const topics = page.getByRole('region', { name: 'Temas' }).getByRole('link');
  await topics.first().waitFor();
  const slugs = await topics.evaluateAll((links) =>
    links.map((link) => link.getAttribute('href')?.split('/').at(-1) ?? ''),
  );
  expect(slugs).toHaveLength(ARTICLE_COUNT);

  // Each article through the app's own links (no reload), its pictures' addresses read.
  const sources = new Set<string>();
  for (const [index, slug] of slugs.entries()) {
    await topics.nth(index).click();
    await page.waitForURL(`${baseUrl}/ajuda-tutoriais/${slug}`);
    await page.getByTestId('help-article').waitFor();
    const found = await page
      .locator('img[data-help-image]')
      .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src));
    for (const source of found) sources.add(source);
    await page.getByRole('main').getByRole('link', { name: 'Ajuda e tutoriais' }).click();
    await topics.first().waitFor();
  }
  expect(sources.size).toBe(11);
  for (const source of sources) {
    const url = new URL(source);
    expect(url.origin).toBe(new URL(baseUrl).origin);
    expect(url.pathname).toMatch(/^\/assets\/[\w-]+\.webp$/);
    const response = await page.request.get(source);
    expect(response.status(), source).toBe(200);
    expect(response.headers()['content-type']).toBe('image/webp');
    expect((await response.body()).length).toBeLessThan(100_000);
  }

  probe.expectClean();
  await probe.close();
});

test('an article links to its screen, and the screens it explains link back to it', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);

  // A link in an article's text opens that screen inside the app.
  await page.goto(`${baseUrl}/ajuda-tutoriais/resumo-e-iva`);
  await page.getByTestId('help-article').getByRole('link', { name: 'Abrir o Resumo' }).click();
  await page.waitForURL(`${baseUrl}/resumo`);

  // The screens it explains link to their article.
  await page.getByRole('link', { name: 'Ajuda: Resumo' }).click();
  await page.waitForURL(`${baseUrl}/ajuda-tutoriais/resumo-e-iva`);
  for (const [path, slug] of [
    ['/scanner', 'digitalizar-codigo-qr'],
    ['/fornecedores', 'fornecedores-e-limites'],
    ['/gestao-equipas', 'equipas-e-pins'],
    ['/subscription', 'planos'],
  ] as const) {
    await page.goto(`${baseUrl}${path}`);
    const link = page.locator(`main a[href="/ajuda-tutoriais/${slug}"]`);
    await link.waitFor();
    expect(await link.textContent()).toBe('Ajuda');
  }

  // An address that holds no article says so.
  await page.goto(`${baseUrl}/ajuda-tutoriais/nao-existe`);
  await page.getByRole('heading', { level: 1, name: 'Artigo não encontrado' }).waitFor();
  probe.expectClean();
  await probe.close();
});

test('on a desktop: the topics in two columns and an article', async () => {
  const probe = await openPage(getBrowser(), { viewport: DESKTOP });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl);
  await page.getByRole('link', { name: 'Ajuda e tutoriais' }).click();
  await page.waitForURL(`${baseUrl}/ajuda-tutoriais`);
  const cards = page.getByRole('region', { name: 'Temas' }).getByRole('link');
  await cards.first().waitFor();
  const [first, second] = await Promise.all([
    cards.nth(0).boundingBox(),
    cards.nth(1).boundingBox(),
  ]);
  expect(second?.y).toBe(first?.y);
  await saveScreenshot(page, 'help-topics-desktop');
  await cards.nth(1).click();
  await page.waitForURL(`${baseUrl}/ajuda-tutoriais/digitalizar-codigo-qr`);
  await page.getByRole('table', { name: 'Campos do código QR da AT' }).waitFor();
  await loadScreenshots(page);
  await saveScreenshot(page, 'help-article-desktop');
  probe.expectClean();
  await probe.close();
});
