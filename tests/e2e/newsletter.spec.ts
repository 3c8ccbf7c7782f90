// The landing page's newsletter (issue 20 point 5) in a browser: subscribe in the footer, open
// the emailed confirmation link, find the address in `npm run admin -- newsletter`, then leave
// with the link every message carries. Phone-sized, with screenshots to look at.
import { expect, inject, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { runAdminCli } from '#server/admin/admin-cli-test-helpers.ts';
import { openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const getBrowser = useBrowser();

type DevEmail = { to: string; subject: string; links: string[] };

async function linksTo(email: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/dev/emails`);
  const mails = (await res.json()) as DevEmail[];
  return mails.find((mail) => mail.to === email)?.links ?? [];
}

test('subscribe, confirm by the emailed link, be listed by the admin CLI, then leave', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE, hasTouch: true, isMobile: true });
  const { page } = probe;
  const email = `news-${randomUUID().slice(0, 8)}@exemplo.pt`;
  await page.goto(`${baseUrl}/home`);
  const box = page.getByRole('textbox', { name: 'Novidades da Papelada' });
  await box.scrollIntoViewIfNeeded();
  await box.fill(email);
  await page.getByRole('button', { name: 'Subscrever' }).click();
  await page.getByText('Verifique o seu e-mail').waitFor();
  await page.getByText(`Enviámos uma mensagem para ${email}.`, { exact: false }).waitFor();
  await saveScreenshot(page, 'newsletter-subscribed-phone');

  await expect.poll(() => linksTo(email), POLL).toHaveLength(2);
  const links = await linksTo(email);
  const confirm = links.find((l) => l.includes('/newsletter/confirmar?token='));
  const leave = links.find((l) => l.includes('/newsletter/cancelar?token='));
  expect(confirm && leave).toBeTruthy();

  await page.goto(confirm ?? '');
  await page.getByRole('heading', { name: 'Subscrição confirmada' }).waitFor();
  await saveScreenshot(page, 'newsletter-confirmed-phone');
  const listed = await runAdminCli(['newsletter', '--json'], { env: { DATA_DIR: dataDir } });
  expect(listed).toMatchObject({ code: 0, stderr: '' });
  expect((JSON.parse(listed.stdout) as { email: string }[]).map((s) => s.email)).toContain(email);

  await page.goto(leave ?? '');
  await page.getByRole('heading', { name: 'Subscrição cancelada' }).waitFor();
  await saveScreenshot(page, 'newsletter-unsubscribed-phone');
  const after = await runAdminCli(['newsletter'], { env: { DATA_DIR: dataDir } });
  expect(after.stdout).not.toContain(email);
  probe.expectClean();
  await probe.close();
});

test('a link that is not valid says so, with the way back', async () => {
  const probe = await openPage(getBrowser());
  const { page } = probe;
  await page.goto(`${baseUrl}/newsletter/confirmar?token=${'A'.repeat(43)}`);
  await page.getByRole('heading', { name: 'Não foi possível confirmar' }).waitFor();
  await page
    .getByText('Este link de confirmação não é válido ou já expirou.', { exact: false })
    .waitFor();
  await page.getByRole('link', { name: 'Ir para a página inicial' }).waitFor();
  await saveScreenshot(page, 'newsletter-invalid-desktop');
  expect(probe.failedRequests.filter((r) => !r.includes('/api/newsletter/confirm'))).toEqual([]);
  expect(probe.consoleErrors.filter((m) => !m.includes('400'))).toEqual([]);
  await probe.close();
});
