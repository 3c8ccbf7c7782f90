// /meu-perfil's data sections as a person uses them: the ZIP of everything downloads from the
// page and holds the invoice and its photo; the account is deleted by typing its email, the
// browser lands on the landing page with the confirmation, and signing in again fails.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, expect, inject, test } from 'vitest';
import { readZip } from '#server/features/account-data/zip-test-helpers.ts';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import { allowFailedRequest, signInThroughUi } from './auth-helpers.ts';
import { DESKTOP, openPage, PHONE, useBrowser } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();
const today = todayInLisbon();
const downloads = mkdtempSync(path.join(tmpdir(), 'papelada-e2e-account-data-'));

afterAll(() => rmSync(downloads, { recursive: true, force: true }));

/** An invoice with one photo, through the API as the app's own screens send them. */
async function invoiceWithPhoto(page: Page): Promise<{ id: string; photo: Buffer }> {
  const created = await page.request.post(`${baseUrl}/api/invoices`, {
    headers: apiHeaders(baseUrl),
    data: {
      supplierNif: '509442013',
      supplierName: 'Padaria Central, Lda',
      number: 'FT 2026/77',
      issueDate: today,
      dueDate: addDays(today, 10),
      totalCents: 4_590,
      vatCents: 860,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
    <rect width="320" height="240" fill="#f5efe0"/><rect x="30" y="40" width="200" height="14" fill="#334155"/></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const uploaded = await page.request.post(`${baseUrl}/api/invoices/${id}/photos`, {
    headers: apiHeaders(baseUrl),
    multipart: { file: { name: 'fatura.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const stored = await page.request.get(`${baseUrl}/api/invoices/${id}`);
  const [photoPath] = ((await stored.json()) as { imagePaths: string[] }).imagePaths;
  const signed = await page.request.post(`${baseUrl}/api/files/sign`, {
    headers: apiHeaders(baseUrl),
    data: { paths: [photoPath] },
  });
  const { urls } = (await signed.json()) as { urls: Record<string, { url: string }> };
  const photo = await page.request.get(new URL(urls[photoPath ?? '']?.url ?? '', baseUrl).href);
  expect(photo.status()).toBe(200);
  return { id, photo: await photo.body() };
}

test('on the phone: /meu-perfil downloads a ZIP with every record and the invoice photo', async () => {
  const probe = await openPage(getBrowser(), { viewport: PHONE });
  const { page } = probe;
  const { email } = await signUpAndSignIn(page, baseUrl);
  const invoice = await invoiceWithPhoto(page);

  await page.goto(`${baseUrl}/meu-perfil`);
  const section = page.getByRole('region', { name: 'Os seus dados' });
  await section.waitFor();
  await page.getByRole('region', { name: 'Eliminar conta' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'account-data-phone');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Descarregar os meus dados (ZIP)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`papelada-dados-${today}.zip`);
  const target = path.join(downloads, download.suggestedFilename());
  await download.saveAs(target);
  const entries = await readZip(readFileSync(target));
  const document = JSON.parse(entries.get('account.json')?.toString('utf8') ?? '{}') as {
    email: string;
    tables: Record<string, Array<{ id?: string; image_paths?: string[] }>>;
  };
  expect(document.email).toBe(email);
  const [row] = document.tables.invoices ?? [];
  expect(row?.id).toBe(invoice.id);
  const photoPath = row?.image_paths?.[0] ?? '';
  expect(entries.get(`files/${photoPath}`)).toEqual(invoice.photo);
  await page.getByText('A preparar o ZIP com os seus dados…').waitFor();

  // The deletion asks first; 'Cancelar' leaves everything as it was.
  await page.getByRole('button', { name: 'Eliminar conta', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar a conta definitivamente?' });
  await dialog.getByText(`O email da conta é ${email}.`).waitFor();
  await saveScreenshot(page, 'account-data-dialog-phone');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const profile = await page.request.get(`${baseUrl}/api/profile`);
  expect(profile.status()).toBe(200);
  probe.expectClean();
  await probe.close();
});

test('on the desktop: the account is deleted by typing its email, and signing in again fails', async () => {
  const probe = await openPage(getBrowser(), { viewport: DESKTOP });
  const { page } = probe;
  const { email, password } = await signUpAndSignIn(page, baseUrl);
  await invoiceWithPhoto(page);

  await page.goto(`${baseUrl}/meu-perfil`);
  await page.getByRole('region', { name: 'Os seus dados' }).waitFor();
  await saveScreenshot(page, 'account-data-desktop');
  await page.getByRole('button', { name: 'Eliminar conta', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar a conta definitivamente?' });
  await dialog.waitFor();
  const confirm = dialog.getByRole('button', { name: 'Eliminar conta e todos os dados' });
  const field = dialog.getByLabel('Escreva o email da conta para confirmar');
  // Another address keeps the button off.
  await field.fill(`outra.${email}`);
  expect(await confirm.isDisabled()).toBe(true);
  await saveScreenshot(page, 'account-data-dialog-desktop');
  await field.fill(` ${email.toUpperCase()} `);
  expect(await confirm.isEnabled()).toBe(true);
  await confirm.click();

  await page.waitForURL(`${baseUrl}/home`);
  await page.getByText('A sua conta foi eliminada').waitFor();
  await page.getByText('Todos os seus dados e fotografias foram apagados.').waitFor();
  await saveScreenshot(page, 'account-data-deleted-desktop');

  // The session is gone: a signed-in page sends the visitor to /auth.
  await page.goto(`${baseUrl}/meu-perfil`);
  await page.waitForURL(`${baseUrl}/auth`);
  await page.getByRole('heading', { name: 'Iniciar sessão' }).waitFor();
  await signInThroughUi(page, email, password);
  await page.getByRole('alert').getByText('Credenciais de acesso inválidas').waitFor();
  allowFailedRequest(probe, 401, '/api/auth/sign-in/email');
  expect(new URL(page.url()).pathname).toBe('/auth');
  probe.expectClean();
  await probe.close();
});
