import { expect, inject, test } from 'vitest';
import { isScrolledIntoView, openPage, POLL, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

test('the home route without a session redirects to /auth, replacing history, with a toast', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/home`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.goto(`${baseUrl}/`);

  await page.waitForURL(`${baseUrl}/auth`);
  await page.getByText('Authentication required').waitFor();
  await page.getByText('You need to be logged in to access this page').waitFor();
  // The redirect replaced "/", so Back returns to the page before it.
  await page.goBack();
  await page.waitForURL(`${baseUrl}/home`);
  probe.expectClean();
  await probe.close();
});

test('a slow session check shows "Verificando autenticação..." until it answers', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.route('**/api/auth/get-session', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`${baseUrl}/`);

  await page.getByText('Verificando autenticação...').waitFor();
  await page.waitForURL(`${baseUrl}/auth`);
  await page.getByRole('heading', { name: 'Iniciar sessão' }).waitFor();
  expect(await page.getByText('Verificando autenticação...').count()).toBe(0);
  probe.expectClean();
  await probe.close();
});

test('the auth page reads plan and signup from the address and keeps the plan', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/auth?signup=true&plan=enterprise_500`);

  await page.getByRole('dialog', { name: 'Criar conta' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('selected_plan'))).toBe('enterprise_500');
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { name: 'Iniciar sessão' }).waitFor();
  await page.getByRole('link', { name: 'Papelada — página inicial' }).click();
  await page.waitForURL(`${baseUrl}/home`);
  probe.expectClean();
  await probe.close();
});

test('the auth page ignores an unknown plan instead of breaking', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/auth?plan=ouro&signup=talvez`);

  await page.getByRole('heading', { name: 'Iniciar sessão' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('selected_plan'))).toBeNull();
  probe.expectClean();
  await probe.close();
});

for (const [path, title] of [
  ['/termos-servico', 'Termos de Serviço'],
  ['/politica-privacidade', 'Política de Privacidade'],
] as const) {
  test(`${path} shows its title, date and a working table of contents`, async () => {
    const probe = await openPage(getBrowser());
    const { page } = probe;
    await page.goto(`${baseUrl}${path}`);

    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect(await heading.textContent()).toBe(title);
    expect(await page.title()).toBe(`${title} · Papelada`);
    await page.getByText('Última atualização: 21 de novembro de 2026').waitFor();
    const toc = page.getByRole('navigation', { name: 'Índice' }).getByRole('link');
    expect(await toc.count()).toBeGreaterThanOrEqual(10);
    // A middle section: the last ones may sit too close to the page end to reach the top.
    const entry = toc.nth(4);
    const targetId = (await entry.getAttribute('href'))?.slice(1) ?? '';
    await entry.click();
    await expect.poll(() => isScrolledIntoView(page, targetId), POLL).toBe(true);
    probe.expectClean();
    await probe.close();
  });
}

test('the landing footer links to the terms and the privacy policy', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/home`);
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Política de Privacidade' }).click();
  await page.waitForURL(`${baseUrl}/politica-privacidade`);
  await page.getByRole('heading', { level: 1, name: 'Política de Privacidade' }).waitFor();
  probe.expectClean();
  await probe.close();
});

test('an unknown path shows the pt-PT not-found page with a way back', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/pagina-que-nao-existe`);

  await page.getByRole('heading', { level: 1, name: 'Página não encontrada' }).waitFor();
  expect(await page.title()).toBe('Página não encontrada · Papelada');
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await page.waitForURL(`${baseUrl}/home`);
  probe.expectClean();
  await probe.close();
});

test('the skip link moves keyboard focus to the main content', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/termos-servico`);
  await page.getByRole('heading', { level: 1 }).waitFor();

  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
    'Saltar para o conteúdo',
  );
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id), POLL).toBe('conteudo');
  probe.expectClean();
  await probe.close();
});
