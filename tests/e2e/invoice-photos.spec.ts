import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, inject, test } from 'vitest';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import type { CreateInvoiceInput } from '#shared/schemas/invoice.ts';
import type { PlanId } from '#shared/plans.ts';
import { openPage, PHONE, POLL, useBrowser, type ProbedPage } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

const today = todayInLisbon();

/** A small JPEG that looks like a receipt: a paper-coloured page with a few dark lines. */
function receiptJpeg(hue = 0): Promise<Buffer> {
  const lines = Array.from(
    { length: 8 },
    (_, i) =>
      `<rect x="40" y="${60 + i * 36}" width="${i % 3 === 0 ? 320 : 220}" height="12" fill="#334155"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="400">
    <rect width="480" height="400" fill="hsl(${hue}, 40%, 92%)"/>${lines}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function createInvoice(page: Page, number: string): Promise<string> {
  const response = await page.request.post(`${baseUrl}/api/invoices`, {
    headers: apiHeaders(baseUrl),
    data: {
      supplierNif: '509442013',
      supplierName: 'Padaria Central, Lda',
      number,
      issueDate: today,
      dueDate: addDays(today, 10),
      totalCents: 4_590,
      vatCents: 860,
    } satisfies CreateInvoiceInput,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function getImagePaths(page: Page, id: string): Promise<string[]> {
  const response = await page.request.get(`${baseUrl}/api/invoices/${id}`);
  return ((await response.json()) as { imagePaths: string[] }).imagePaths;
}

async function setPlan(page: Page, planId: PlanId) {
  const response = await page.request.post(`${baseUrl}/api/dev/plan`, {
    headers: apiHeaders(baseUrl),
    data: { planId },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function uploadThroughApi(page: Page, id: string, jpeg: Buffer) {
  const response = await page.request.post(`${baseUrl}/api/invoices/${id}/photos`, {
    headers: apiHeaders(baseUrl),
    multipart: { file: { name: 'fatura.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Picks `jpeg` through the chooser's 'Carregar do dispositivo', then keeps it with 'Guardar'. */
async function addThroughChooser(page: Page, jpeg: Buffer) {
  const chooser = page.getByRole('dialog', { name: 'Adicionar fotografia' });
  const [fileChooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    chooser.getByRole('button', { name: /Carregar do dispositivo/u }).click(),
  ]);
  await fileChooser.setFiles({ name: 'fatura.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  const preview = page.getByRole('dialog', { name: 'Pré-visualização' });
  await preview.getByRole('img').waitFor();
  return preview;
}

/** Every <img> in `scope` is served by /api/files and has actually decoded. */
async function expectLoadedFromFiles(scope: Locator, count: number) {
  const images = scope.locator('img');
  await expect.poll(() => images.count(), POLL).toBe(count);
  for (const image of await images.all()) {
    await expect
      .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), POLL)
      .toBeGreaterThan(0);
    expect(new URL((await image.getAttribute('src')) ?? '', baseUrl).pathname).toMatch(
      /^\/api\/files\//u,
    );
  }
}

async function signedIn(options: Parameters<typeof openPage>[1] = {}): Promise<ProbedPage> {
  const probe = await openPage(getBrowser(), options);
  await signUpAndSignIn(probe.page, baseUrl);
  return probe;
}

test('a free user adds a photo in the sheet, sees it saved, is held to one, and removes it', async () => {
  const probe = await signedIn();
  const { page } = probe;
  const id = await createInvoice(page, 'FT FOTO/1');
  const jpeg = await receiptJpeg(40);

  await page.goto(`${baseUrl}/?fatura=${id}`);
  const sheet = page.getByRole('dialog', { name: 'Fatura FT FOTO/1' });
  await sheet.getByRole('tab', { name: /^Imagens\s*:\s*0$/u }).click();
  await sheet.getByText('Sem imagens').waitFor();

  await sheet.getByRole('button', { name: 'Editar' }).click();
  const images = sheet.getByRole('region', { name: 'Imagens da fatura' });
  await images.getByText('0 de 1').waitFor();
  await images.getByRole('button', { name: 'Adicionar fotografia' }).click();
  const preview = await addThroughChooser(page, jpeg);
  await saveScreenshot(page, 'invoice-photos-preview-desktop');
  // 'Cancelar' goes back to the choice; the photo is picked again.
  await preview.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('dialog', { name: 'Adicionar fotografia' }).waitFor();
  await (await addThroughChooser(page, jpeg)).getByRole('button', { name: 'Guardar' }).click();
  await expect.poll(() => page.getByRole('dialog', { name: 'Pré-visualização' }).count()).toBe(0);

  // Held locally, marked 'Nova', not stored yet.
  await images.getByText('Nova', { exact: true }).waitFor();
  await images.getByText('1 de 1').waitFor();
  expect(await getImagePaths(page, id)).toEqual([]);
  await saveScreenshot(page, 'invoice-photos-edit-new-desktop');

  await sheet.getByRole('button', { name: 'Guardar Fatura' }).click();
  await sheet.getByRole('button', { name: 'Editar' }).waitFor();
  await expect.poll(() => getImagePaths(page, id), POLL).toHaveLength(1);
  const [storedPath] = await getImagePaths(page, id);
  expect(storedPath).toMatch(/\.jpg$/u);

  await sheet.getByRole('tab', { name: /^Imagens\s*:\s*1$/u }).click();
  const panel = sheet.getByRole('list', { name: 'Imagens da fatura' });
  await expectLoadedFromFiles(panel, 1);
  await saveScreenshot(page, 'invoice-photos-view-tab-desktop');

  // The full-size preview.
  await panel.getByRole('button', { name: 'Imagem 1 da fatura' }).click();
  const gallery = page.getByRole('dialog', { name: 'Imagens da fatura' });
  await expectLoadedFromFiles(gallery, 1);
  await page.keyboard.press('Escape');
  await expect.poll(() => gallery.count(), POLL).toBe(0);

  // The card shows it as its image.
  await sheet.getByRole('button', { name: 'Fechar' }).click();
  await expect.poll(() => page.url(), POLL).toBe(`${baseUrl}/`);
  const card = page.locator('main article').filter({ hasText: 'FT FOTO/1' });
  await expectLoadedFromFiles(card, 1);
  await saveScreenshot(page, 'invoice-photos-card-desktop');

  // One photo per invoice on the free plan: a second is refused before any upload.
  await card.getByRole('button', { name: 'Adicionar fotografia' }).click();
  await page.getByText('Máximo 1 fotografias por fatura').waitFor();
  expect(await page.getByRole('dialog', { name: 'Adicionar fotografia' }).count()).toBe(0);

  await page.getByRole('button', { name: 'Fechar notificação' }).click();
  const limitToast = page.getByText('Máximo 1 fotografias por fatura');
  await expect.poll(() => limitToast.count(), POLL).toBe(0);

  await card.getByRole('button', { name: 'Padaria Central, Lda' }).click();
  await sheet.getByRole('button', { name: 'Editar' }).click();
  await images.getByRole('button', { name: 'Adicionar fotografia' }).click();
  await limitToast.waitFor();
  expect(await page.getByRole('dialog', { name: 'Adicionar fotografia' }).count()).toBe(0);

  // Removing a saved photo asks first, and happens on save.
  await images.getByRole('button', { name: 'Remover imagem 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar imagem?' });
  await saveScreenshot(page, 'invoice-photos-remove-confirm-desktop');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await images.getByText('Sem imagens').waitFor();
  expect(await getImagePaths(page, id)).toEqual([storedPath]);

  // Leaving now would lose the removal: the unsaved-changes question.
  await sheet.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('dialog', { name: 'Alterações por guardar' }).waitFor();
  await page.getByRole('button', { name: 'Continuar Editando' }).click();

  await sheet.getByRole('button', { name: 'Guardar Fatura' }).click();
  await sheet.getByRole('button', { name: 'Editar' }).waitFor();
  await expect.poll(() => getImagePaths(page, id), POLL).toEqual([]);
  await sheet.getByRole('tab', { name: /^Imagens\s*:\s*0$/u }).waitFor();
  probe.expectClean();
  await probe.close();
});

test('on a phone the card shows six thumbnails then +N mais, and adds a photo at once', async () => {
  const probe = await signedIn({ viewport: PHONE, isMobile: true, hasTouch: true });
  const { page } = probe;
  await setPlan(page, 'enterprise_500');
  const id = await createInvoice(page, 'FT FOTO/7');
  for (let i = 0; i < 7; i += 1) await uploadThroughApi(page, id, await receiptJpeg(i * 45));

  await page.goto(`${baseUrl}/`);
  const card = page.locator('main article').filter({ hasText: 'FT FOTO/7' });
  const strip = card.getByRole('list', { name: 'Imagens da fatura' });
  await card.getByRole('button', { name: '+1 mais' }).waitFor();
  await expectLoadedFromFiles(strip, 6);
  await saveScreenshot(page, 'invoice-photos-card-phone');

  // The quick add from the card stores the photo at once.
  await card.getByRole('button', { name: 'Adicionar fotografia' }).click();
  await saveScreenshot(page, 'invoice-photos-chooser-phone');
  await (
    await addThroughChooser(page, await receiptJpeg(300))
  )
    .getByRole('button', { name: 'Guardar' })
    .click();
  await page.getByText('Imagem guardada com segurança').waitFor();
  await expect.poll(() => getImagePaths(page, id), POLL).toHaveLength(8);
  await card.getByRole('button', { name: '+2 mais' }).waitFor();

  // 'Ver fotografia' opens the full size; next and previous walk the photos.
  await card.getByRole('button', { name: /Ver fotografia/u }).click();
  const gallery = page.getByRole('dialog', { name: 'Imagens da fatura' });
  await gallery.getByText('1 de 8').waitFor();
  await gallery.getByRole('button', { name: 'Imagem seguinte' }).click();
  await gallery.getByText('2 de 8').waitFor();
  await expectLoadedFromFiles(gallery, 1);
  await saveScreenshot(page, 'invoice-photos-gallery-phone');
  await gallery.getByRole('button', { name: 'Imagem anterior' }).click();
  await gallery.getByText('1 de 8').waitFor();
  probe.expectClean();
  await probe.close();
});
