// Issue 20 point 7, "done means": a chat message reaches the admin CLI and its reply reaches the
// panel. On a phone a person opens 'Falar com o suporte' from the drawer, sends a message; the
// operator lists it with `npm run admin -- support` and answers it with `support-reply` while the
// server runs; the answer appears in the open panel without a reload, and by email. On a desktop
// the panel is used with the keyboard, and a failed send or load loses nothing typed.
// Screenshots of the panel empty, with a conversation and with an error, on both screens.
import type { Locator, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { runAdminCli } from '#server/admin/admin-cli-test-helpers.ts';
import { DESKTOP, openPage, PHONE, POLL, useBrowser, type ProbedPage } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const getBrowser = useBrowser();
const cli = (args: string[]) => runAdminCli(args, { env: { DATA_DIR: dataDir } });

const MESSAGES_API = '**/api/support/messages';

const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Falar com o suporte' });
const logOf = (panel: Locator) => panel.getByRole('log', { name: 'Conversa com o suporte' });
const fieldOf = (panel: Locator) => panel.getByRole('textbox', { name: 'A sua mensagem' });

/** The bodies of the messages shown, in order, each with who wrote it. */
function shownMessages(panel: Locator): Promise<string[]> {
  return logOf(panel)
    .locator('li')
    .evaluateAll((items) =>
      items.map(
        (li) => `${li.getAttribute('data-direction')}: ${li.lastElementChild?.textContent}`,
      ),
    );
}

/** Only the failures a test provoked itself (aborted support requests) are expected. */
function expectOnlyProvokedFailures(probe: ProbedPage) {
  expect(probe.externalRequests).toEqual([]);
  expect(probe.failedRequests.filter((r) => !r.includes('/api/support/messages'))).toEqual([]);
  expect(probe.consoleErrors.filter((m) => !m.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
}

type Waiting = { id: string; accountEmail: string; body: string };

test('on a phone: from the drawer, a message reaches the admin CLI and its answer the open panel', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE, isMobile: true, hasTouch: true });
  const { page } = probe;
  const { email } = await signUpAndSignIn(page, baseUrl, { fullName: 'Inês Suporte' });

  // The drawer leads to the chat, over the help centre.
  await page.getByRole('button', { name: 'Abrir menu do perfil' }).click();
  const chatLink = page
    .getByTestId('profile-drawer')
    .getByRole('link', { name: 'Falar com o suporte' });
  await chatLink.waitFor();
  await saveScreenshot(page, 'help-chat-drawer-phone', { fullPage: false });
  await chatLink.click();
  await page.waitForURL(`${baseUrl}/ajuda-tutoriais?suporte=1`);
  const panel = panelOf(page);
  await panel.getByText('Ainda não escreveu ao suporte').waitFor();
  // On a touch screen nothing pops the keyboard open: the field is not focused.
  expect(await fieldOf(panel).evaluate((el) => el === document.activeElement)).toBe(false);
  // The panel takes the whole phone screen.
  const box = await panel.boundingBox();
  expect(box).toMatchObject({ x: 0, width: PHONE.width, height: PHONE.height });
  await saveScreenshot(page, 'help-chat-empty-phone', { fullPage: false });

  // Sent with the button (Enter starts a new line on a touch screen).
  await fieldOf(panel).fill('Olá! Não consigo ler o código QR');
  await fieldOf(panel).press('Enter');
  await fieldOf(panel).pressSequentially('de uma fatura da EDP.');
  await panel.getByRole('button', { name: 'Enviar' }).click();
  await expect
    .poll(() => shownMessages(panel), POLL)
    .toEqual(['user: Olá! Não consigo ler o código QR\nde uma fatura da EDP.']);
  expect(await fieldOf(panel).inputValue()).toBe('');

  // A failed send keeps the text, and says so.
  await page.route(MESSAGES_API, (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await fieldOf(panel).fill('É a fatura FT 2026/123.');
  await panel.getByRole('button', { name: 'Enviar' }).click();
  await panel
    .getByRole('alert')
    .getByText('Não foi possível enviar a mensagem. O texto continua no campo; tente novamente.')
    .waitFor();
  expect(await fieldOf(panel).inputValue()).toBe('É a fatura FT 2026/123.');
  await saveScreenshot(page, 'help-chat-send-error-phone', { fullPage: false });
  await page.unroute(MESSAGES_API);
  await panel.getByRole('button', { name: 'Enviar' }).click();
  await expect.poll(() => shownMessages(panel), POLL).toHaveLength(2);
  await expect.poll(() => panel.getByRole('alert').count(), POLL).toBe(0);

  // The operator, in a terminal on the server's machine, while the server runs. A mark on the
  // document tells whether the page was ever reloaded after this.
  await page.evaluate(() => {
    document.documentElement.dataset.helpChatMarker = 'same document';
  });
  const listed = await cli(['support', '--json']);
  expect(listed).toMatchObject({ code: 0, stderr: '' });
  const waiting = (JSON.parse(listed.stdout) as Waiting[]).filter((m) => m.accountEmail === email);
  expect(waiting.map((m) => m.body)).toEqual([
    'É a fatura FT 2026/123.',
    'Olá! Não consigo ler o código QR\nde uma fatura da EDP.',
  ]);
  const table = await cli(['support']);
  expect(table.stdout).toContain(`${waiting[1]?.id.slice(0, 8)}  ${email}`);
  expect(table.stdout).toContain('    de uma fatura da EDP.');

  const answer = 'Olá Inês! Limpe a câmara e aproxime-a do código, com boa luz.';
  const replied = await cli(['support-reply', waiting[1]?.id.slice(0, 8) ?? '', answer]);
  expect(replied).toMatchObject({ code: 0, stderr: '' });
  expect(replied.stdout).toContain(`Email com a resposta enviado para ${email}.`);

  // The open panel shows it at once, no reload.
  await expect
    .poll(() => shownMessages(panel), { timeout: 10_000 })
    .toEqual([
      'user: Olá! Não consigo ler o código QR\nde uma fatura da EDP.',
      'user: É a fatura FT 2026/123.',
      `support: ${answer}`,
    ]);
  await logOf(panel).getByText('Suporte Papelada').waitFor();
  expect(await page.evaluate(() => document.documentElement.dataset.helpChatMarker)).toBe(
    'same document',
  );
  await saveScreenshot(page, 'help-chat-conversation-phone', { fullPage: false });

  // And by email, with the way back to the conversation.
  const mails = (await (await page.request.get(`${baseUrl}/api/dev/emails`)).json()) as {
    to: string;
    subject: string;
    text: string;
    links: string[];
  }[];
  const mail = mails.find((m) => m.to === email && m.subject === 'Resposta do suporte Papelada');
  expect(mail?.text).toContain(`> ${answer}`);
  expect(mail?.links).toContain(`${baseUrl}/ajuda-tutoriais?suporte=1`);
  // Nothing waits any more for this person.
  const after = JSON.parse((await cli(['support', '--json'])).stdout) as Waiting[];
  expect(after.filter((m) => m.accountEmail === email)).toEqual([]);

  // Closing drops ?suporte from the address.
  await panel.getByRole('button', { name: 'Fechar conversa' }).click();
  await page.waitForURL(`${baseUrl}/ajuda-tutoriais`);
  expectOnlyProvokedFailures(probe);
  await probe.close();
});

test('on a desktop: opened from the help centre, used with the keyboard, a failed load retried', async () => {
  const probe = await openPage(getBrowser(), { viewport: { width: 1280, height: 900 } });
  const { page } = probe;
  await signUpAndSignIn(page, baseUrl, { fullName: 'Rui Teclado' });
  await page.goto(`${baseUrl}/ajuda-tutoriais`);
  await page.getByRole('heading', { level: 1, name: 'Ajuda e tutoriais' }).waitFor();
  const launcher = page.getByRole('region', { name: 'Não encontrou o que procurava?' });
  await launcher.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'help-chat-launcher-desktop', { fullPage: false });

  // A conversation that cannot load says so and offers to try again.
  await page.route(MESSAGES_API, (route) =>
    route.request().method() === 'GET' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await launcher.getByRole('button', { name: 'Falar com o suporte' }).click();
  const panel = panelOf(page);
  await panel
    .getByRole('alert')
    .getByText('Não foi possível carregar a conversa. Verifique a ligação e tente novamente.')
    .waitFor();
  // Typing still works meanwhile, and stays.
  await fieldOf(panel).fill('Escrevo enquanto a ligação volta.');
  await saveScreenshot(page, 'help-chat-load-error-desktop', { fullPage: false });
  await page.unroute(MESSAGES_API);
  await panel.getByRole('button', { name: 'Tentar novamente' }).click();
  await panel.getByText('Ainda não escreveu ao suporte').waitFor();
  expect(await fieldOf(panel).inputValue()).toBe('Escrevo enquanto a ligação volta.');

  // Escape closes; what was typed is there when it opens again.
  await page.keyboard.press('Escape');
  await page.waitForURL(`${baseUrl}/ajuda-tutoriais`);
  await expect.poll(() => panelOf(page).count(), POLL).toBe(0);
  await page.getByRole('button', { name: 'Falar com o suporte' }).click();
  await panel.getByText('Ainda não escreveu ao suporte').waitFor();
  expect(await fieldOf(panel).inputValue()).toBe('Escrevo enquanto a ligação volta.');
  await saveScreenshot(page, 'help-chat-empty-desktop', { fullPage: false });

  // With a mouse the field has the focus: Shift+Enter starts a line, Enter sends.
  await expect
    .poll(() => fieldOf(panel).evaluate((el) => el === document.activeElement), POLL)
    .toBe(true);
  await fieldOf(panel).fill('');
  await page.keyboard.type('Como exporto as faturas');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('para o Excel?');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => shownMessages(panel), POLL)
    .toEqual(['user: Como exporto as faturas\npara o Excel?']);

  // An empty message is refused in the panel, in pt-PT, without a request.
  await page.keyboard.press('Enter');
  await panel.getByRole('alert').getByText('Escreva a sua mensagem antes de enviar.').waitFor();

  // Tab goes from the field to the button, and the button sends.
  await page.keyboard.type('Obrigado!');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect.poll(() => shownMessages(panel), POLL).toHaveLength(2);
  const box = await panel.boundingBox();
  expect(box?.width).toBeLessThan(DESKTOP.width / 2);
  expect(box?.x).toBeGreaterThan(DESKTOP.width / 2);
  await saveScreenshot(page, 'help-chat-conversation-desktop', { fullPage: false });

  // A send that fails keeps the text.
  await page.route(MESSAGES_API, (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await fieldOf(panel).fill('Esta não chega.');
  await page.keyboard.press('Enter');
  await panel
    .getByRole('alert')
    .getByText('Não foi possível enviar a mensagem. O texto continua no campo; tente novamente.')
    .waitFor();
  expect(await fieldOf(panel).inputValue()).toBe('Esta não chega.');
  await saveScreenshot(page, 'help-chat-send-error-desktop', { fullPage: false });
  await page.unroute(MESSAGES_API);
  expectOnlyProvokedFailures(probe);
  await probe.close();
});
