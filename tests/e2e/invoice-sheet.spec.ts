import type { Locator, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { addDays, formatDateLong, todayInLisbon } from '#shared/dates.ts';
import type { CreateInvoiceInput } from '#shared/schemas/invoice.ts';
import { openPage, PHONE, POLL, useBrowser, type ProbedPage } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

const today = todayInLisbon();

/** Registers an invoice through the API, as /nova-fatura would, and returns its id. */
async function createInvoice(page: Page, input: Partial<CreateInvoiceInput> = {}) {
  const response = await page.request.post(`${baseUrl}/api/invoices`, {
    headers: apiHeaders(baseUrl),
    data: {
      supplierNif: '509442013',
      supplierName: 'Padaria Central, Lda',
      number: `FT A/${Math.floor(Math.random() * 1e6)}`,
      issueDate: addDays(today, -10),
      // Three days overdue: 'Vencida há 3 dias'.
      dueDate: addDays(today, -3),
      totalCents: 123456,
      vatCents: 23085,
      atcud: 'JJ3RTHNB-15',
      buyerNif: '123456789',
      ...input,
    } satisfies CreateInvoiceInput,
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return id;
}

async function getInvoice(page: Page, id: string) {
  const response = await page.request.get(`${baseUrl}/api/invoices/${id}`);
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

async function openSheet(page: Page, id: string, number: string): Promise<Locator> {
  await page.goto(`${baseUrl}/?fatura=${id}`);
  const sheet = page.getByRole('dialog', { name: `Fatura ${number}` });
  // The cards show once the invoice has loaded.
  await sheet.getByRole('switch', { name: 'Paga' }).waitFor();
  return sheet;
}

async function signedIn(options: Parameters<typeof openPage>[1] = {}): Promise<ProbedPage> {
  const probe = await openPage(getBrowser(), options);
  await signUpAndSignIn(probe.page, baseUrl);
  return probe;
}

/** The sheet is gone and the address no longer names an invoice. */
async function expectClosed(page: Page) {
  // A confirmation and the sheet may be closing together: count them rather than wait on one.
  await expect.poll(() => page.locator('[role="dialog"]').count(), POLL).toBe(0);
  await expect.poll(() => page.url(), POLL).toBe(`${baseUrl}/`);
}

test('the view shows the invoice; paid with Cartão it stays paid after a reload', async () => {
  const probe = await signedIn();
  const { page } = probe;
  const id = await createInvoice(page, { number: 'FT A/1' });
  const sheet = await openSheet(page, id, 'FT A/1');

  await sheet.getByText('Padaria Central, Lda').first().waitFor();
  await sheet.getByText(/^1234,56\s€$/u).waitFor();
  await sheet.getByText('Vencida há 3 dias').waitFor();
  // Detalhes: the document data and both tax numbers, grouped 3-3-3.
  await sheet.getByText('Dados da Fatura').waitFor();
  await sheet.getByText('JJ3RTHNB-15').waitFor();
  await sheet.getByText('509 442 013').waitFor();
  await sheet.getByText('123 456 789').waitFor();
  await saveScreenshot(page, 'invoice-sheet-view-desktop');

  // The count badge is part of the tab's name, after a separator.
  await sheet.getByRole('tab', { name: /^Imagens\s*:\s*0$/u }).click();
  await sheet.getByText('Sem imagens').waitFor();
  // The arrow keys move between tabs.
  await page.keyboard.press('ArrowRight');
  expect(await sheet.getByRole('tab', { name: 'Notas' }).getAttribute('aria-selected')).toBe(
    'true',
  );
  await sheet.getByText('Sem observações').waitFor();

  const paid = sheet.getByRole('switch', { name: 'Paga' });
  expect(await paid.getAttribute('aria-checked')).toBe('false');
  await paid.click();
  const methods = sheet.getByRole('group', { name: 'Como foi paga?' });
  // The first choice takes the focus, for keyboard users.
  await expect
    .poll(
      () =>
        methods
          .getByRole('button', { name: 'Dinheiro' })
          .evaluate((el) => el === document.activeElement),
      POLL,
    )
    .toBe(true);
  await saveScreenshot(page, 'invoice-sheet-method-picker-desktop');
  await methods.getByRole('button', { name: 'Cartão' }).click();
  await page.getByText('Fatura paga com sucesso').waitFor();
  await expect.poll(() => paid.getAttribute('aria-checked'), POLL).toBe('true');
  await expect.poll(() => sheet.getByText('Vencida há 3 dias').count(), POLL).toBe(0);

  await page.reload();
  const reloaded = page.getByRole('dialog', { name: 'Fatura FT A/1' });
  await reloaded.getByText('Cartão').waitFor();
  expect(await reloaded.getByRole('switch', { name: 'Paga' }).getAttribute('aria-checked')).toBe(
    'true',
  );
  const { body } = await getInvoice(page, id);
  expect(body).toMatchObject({ isPaid: true, paymentStatus: 'Paga', paymentMethod: 'Cartão' });

  // Switched off it saves at once: overdue again.
  await reloaded.getByRole('switch', { name: 'Paga' }).click();
  await reloaded.getByText('Vencida há 3 dias').waitFor();
  await expect
    .poll(async () => (await getInvoice(page, id)).body.paymentStatus, POLL)
    .toBe('Vencida');
  probe.expectClean();
  await probe.close();
});

test('editing the due date saves and returns to the view; unsaved changes ask first', async () => {
  const probe = await signedIn();
  const { page } = probe;
  const id = await createInvoice(page, { number: 'FT A/2' });
  const sheet = await openSheet(page, id, 'FT A/2');

  await sheet.getByRole('button', { name: 'Editar' }).click();
  const dueDate = sheet.getByLabel('Data de vencimento');
  await sheet.getByText('Venceu há 3 dias').waitFor();
  expect(await dueDate.getAttribute('min')).toBe('2000-01-01');
  expect(await sheet.getByLabel('Método de pagamento').isDisabled()).toBe(true);
  await saveScreenshot(page, 'invoice-sheet-edit-desktop');

  await dueDate.fill('');
  await sheet.getByRole('button', { name: 'Guardar Fatura' }).click();
  await sheet.getByText('Data de vencimento é obrigatória').waitFor();

  const newDueDate = addDays(today, 20);
  await dueDate.fill(newDueDate);
  await sheet.getByLabel('Estado do pagamento').selectOption('Pendente');
  await sheet.getByRole('button', { name: 'Guardar Fatura' }).click();
  // Back in view mode with the new date, no longer overdue.
  await sheet.getByRole('button', { name: 'Editar' }).waitFor();
  await sheet.getByText(formatDateLong(newDueDate)).waitFor();
  expect(await sheet.getByText('Vencida há', { exact: false }).count()).toBe(0);
  expect((await getInvoice(page, id)).body).toMatchObject({
    dueDate: newDueDate,
    paymentStatus: 'Pendente',
  });

  // Cancel with unsaved changes: keep editing first, then leave without saving.
  await sheet.getByRole('button', { name: 'Editar' }).click();
  await sheet.getByLabel('Observações').fill('Pagar por transferência');
  await sheet.getByRole('button', { name: 'Cancelar' }).click();
  const unsaved = page.getByRole('dialog', { name: 'Alterações por guardar' });
  await unsaved.getByRole('button', { name: 'Continuar Editando' }).click();
  await unsaved.waitFor({ state: 'detached' });
  expect(await sheet.getByLabel('Observações').inputValue()).toBe('Pagar por transferência');
  await sheet.getByRole('button', { name: 'Cancelar' }).click();
  await unsaved.getByRole('button', { name: 'Sair sem Guardar' }).click();
  await sheet.getByRole('tab', { name: 'Notas' }).click();
  await sheet.getByText('Sem observações').waitFor();

  // Closing the sheet while editing with changes asks too.
  await sheet.getByRole('button', { name: 'Editar' }).click();
  await sheet.getByLabel('Observações').fill('Outra nota');
  await page.keyboard.press('Escape');
  await unsaved.getByRole('button', { name: 'Sair sem Guardar' }).click();
  await expectClosed(page);
  expect((await getInvoice(page, id)).body.notes).toBeNull();
  probe.expectClean();
  await probe.close();
});

test('Back with unsaved edits asks like Cancelar; Back without edits just closes', async () => {
  const probe = await signedIn();
  const { page } = probe;
  const id = await createInvoice(page, { number: 'FT A/9' });
  await page.goto(`${baseUrl}/`);
  const openFromList = async () => {
    await page.getByRole('button', { name: 'Padaria Central, Lda' }).click();
    await page.waitForURL(`${baseUrl}/?fatura=${id}`);
    const sheet = page.getByRole('dialog', { name: 'Fatura FT A/9' });
    await sheet.getByRole('switch', { name: 'Paga' }).waitFor();
    return sheet;
  };
  const unsaved = page.getByRole('dialog', { name: 'Alterações por guardar' });

  // No edits: Back closes the sheet, in view mode and in edit mode alike.
  await openFromList();
  await page.goBack();
  await expectClosed(page);
  let sheet = await openFromList();
  await sheet.getByRole('button', { name: 'Editar' }).click();
  await page.goBack();
  await expectClosed(page);

  // Unsaved edits: Back asks; 'Continuar Editando' keeps the edit and the address.
  sheet = await openFromList();
  await sheet.getByRole('button', { name: 'Editar' }).click();
  await sheet.getByLabel('Observações').fill('Nota por guardar');
  await page.goBack();
  await unsaved.getByRole('button', { name: 'Continuar Editando' }).click();
  await unsaved.waitFor({ state: 'detached' });
  expect(await sheet.getByLabel('Observações').inputValue()).toBe('Nota por guardar');
  expect(page.url()).toBe(`${baseUrl}/?fatura=${id}`);
  // Back again, 'Sair sem Guardar': closed, nothing saved.
  await page.goBack();
  await unsaved.getByRole('button', { name: 'Sair sem Guardar' }).click();
  await expectClosed(page);
  expect((await getInvoice(page, id)).body.notes).toBeNull();
  probe.expectClean();
  await probe.close();
});

test('delete asks for confirmation, then closes the sheet', async () => {
  const probe = await signedIn();
  const { page } = probe;
  const id = await createInvoice(page, { number: 'FT A/3' });
  const sheet = await openSheet(page, id, 'FT A/3');

  await sheet.getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar fatura' });
  await confirm.getByText('FT A/3', { exact: false }).waitFor();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await confirm.waitFor({ state: 'detached' });

  await sheet.getByRole('button', { name: 'Eliminar' }).click();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await page.getByText('Fatura eliminada com sucesso').waitFor();
  await expectClosed(page);
  expect((await getInvoice(page, id)).status).toBe(404);
  probe.expectClean();
  await probe.close();
});

test('a credit note shows its total as a negative Crédito', async () => {
  const probe = await signedIn();
  const { page } = probe;
  const id = await createInvoice(page, {
    number: 'NC A/4',
    documentType: 'NC',
    originalInvoiceRef: 'FT A/1',
    totalCents: 1230,
    vatCents: 230,
    dueDate: today,
  });
  const sheet = await openSheet(page, id, 'NC A/4');
  await sheet.getByText('Crédito', { exact: true }).waitFor();
  await sheet.getByText(/^-12,30\s€$/u).waitFor();
  await sheet.getByText(/^-2,30\s€$/u).waitFor();
  await sheet.getByText('Nota de Crédito').waitFor();
  expect(await sheet.getByText('Vencida há', { exact: false }).count()).toBe(0);
  probe.expectClean();
  await probe.close();
});

test('a failed payment save reverts the switch and says so', async () => {
  const probe = await signedIn();
  const { page } = probe;
  const id = await createInvoice(page, { number: 'FT A/5' });
  await page.route(`**/api/invoices/${id}/payment`, (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'DOWN', message: 'Indisponível' } } }),
  );
  const sheet = await openSheet(page, id, 'FT A/5');
  const paid = sheet.getByRole('switch', { name: 'Paga' });
  await paid.click();
  await sheet.getByRole('button', { name: 'Dinheiro' }).click();
  await page.getByText('Erro ao atualizar estado de pagamento').waitFor({ timeout: 10_000 });
  expect(await paid.getAttribute('aria-checked')).toBe('false');
  expect((await getInvoice(page, id)).body.isPaid).toBe(false);
  // Only the refused saves may show as failed.
  expect(probe.failedRequests.every((r) => r.startsWith('503 '))).toBe(true);
  expect(probe.consoleErrors.every((m) => m.includes('503'))).toBe(true);
  expect(probe.externalRequests).toEqual([]);
  await probe.close();
});

test('dragged down past 200 px the sheet closes; a shorter drag springs back', async () => {
  const probe = await signedIn();
  const { page } = probe;
  const id = await createInvoice(page, { number: 'FT A/6' });
  const sheet = await openSheet(page, id, 'FT A/6');
  const handle = sheet.locator('[data-sheet-drag-area]');
  const box = await handle.boundingBox();
  if (!box) throw new Error('the drag area has no box');
  const x = box.x + box.width / 2;
  const y = box.y + 8;

  // 150 px, held still before letting go: neither far nor fast enough.
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 150, { steps: 10 });
  await page.waitForTimeout(250);
  await page.mouse.up();
  await page.waitForTimeout(300);
  expect(page.url()).toBe(`${baseUrl}/?fatura=${id}`);
  await sheet.getByRole('switch', { name: 'Paga' }).waitFor();

  // 260 px, held still: far enough.
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 260, { steps: 10 });
  await page.waitForTimeout(250);
  await page.mouse.up();
  await expectClosed(page);
  probe.expectClean();
  await probe.close();
});

test('an unknown invoice says so, with a retry', async () => {
  const probe = await signedIn();
  const { page } = probe;
  await page.goto(`${baseUrl}/?fatura=00000000-0000-4000-8000-000000000000`);
  const sheet = page.getByRole('dialog', { name: 'Fatura não encontrada' });
  await sheet.getByText('Esta fatura não existe ou foi eliminada.').waitFor();
  await sheet.getByRole('button', { name: 'Tentar novamente' }).waitFor();
  await sheet.getByRole('button', { name: 'Fechar' }).click();
  await expectClosed(page);
  // The unknown id's 404 is the answer this test expects.
  expect(probe.failedRequests.every((r) => r.startsWith('404 '))).toBe(true);
  expect(probe.consoleErrors.every((m) => m.includes('404'))).toBe(true);
  await probe.close();
});

test('on a phone the sheet fills most of the screen, in view and in edit', async () => {
  const probe = await signedIn({ viewport: PHONE, hasTouch: true, isMobile: true });
  const { page } = probe;
  const id = await createInvoice(page, { number: 'FT A/7', notes: 'Entregar na loja' });
  const sheet = await openSheet(page, id, 'FT A/7');
  const height = (await sheet.boundingBox())?.height ?? 0;
  expect(height / PHONE.height).toBeGreaterThan(0.9);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);
  await saveScreenshot(page, 'invoice-sheet-view-phone');
  await sheet.getByRole('button', { name: 'Editar' }).click();
  await sheet.getByLabel('Data de vencimento').waitFor();
  await saveScreenshot(page, 'invoice-sheet-edit-phone');
  await sheet.getByRole('button', { name: 'Cancelar' }).click();
  await sheet.getByRole('button', { name: 'Editar' }).waitFor();
  probe.expectClean();
  await probe.close();
});
