import type { Locator, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import type { CreateInvoiceInput } from '#shared/schemas/invoice.ts';
import { allowFailedRequest } from './auth-helpers.ts';
import { openPage, PHONE, POLL, useBrowser, type ProbedPage } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

const today = todayInLisbon();
const SUPPLIER_NIF = '509442013';

let sequence = 0;
/** Registers an invoice through the API, as /nova-fatura would, and returns its id. */
async function createInvoice(page: Page, input: Partial<CreateInvoiceInput> = {}) {
  sequence += 1;
  const response = await page.request.post(`${baseUrl}/api/invoices`, {
    headers: apiHeaders(baseUrl),
    data: {
      supplierNif: SUPPLIER_NIF,
      supplierName: 'Padaria Central, Lda',
      number: `FT LIM/${sequence}`,
      issueDate: today,
      dueDate: addDays(today, 10),
      totalCents: 1_000,
      vatCents: 187,
      ...input,
    } satisfies CreateInvoiceInput,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function signedIn(options: Parameters<typeof openPage>[1] = {}): Promise<ProbedPage> {
  const probe = await openPage(getBrowser(), options);
  await signUpAndSignIn(probe.page, baseUrl);
  return probe;
}

/** The dev-only plan switch (ADR 010): spending limits need Personal. */
async function switchPlan(page: Page, planId: 'professional' | 'free') {
  const response = await page.request.post(`${baseUrl}/api/dev/plan`, {
    headers: apiHeaders(baseUrl),
    data: { planId },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Deletes the supplier of a NIF through the API: creating an invoice registers its supplier
 * ('Outros'), so an invoice without one is one whose entity was deleted since.
 */
async function deleteSupplierOf(page: Page, nif: string) {
  const found = await page.request.get(`${baseUrl}/api/suppliers/by-nif/${nif}`);
  const { supplier } = (await found.json()) as { supplier: { id: string } | null };
  expect(supplier).not.toBeNull();
  const deleted = await page.request.delete(`${baseUrl}/api/suppliers/${supplier?.id ?? ''}`, {
    headers: apiHeaders(baseUrl),
  });
  expect(deleted.status()).toBe(204);
}

/** The dashboard card of one invoice number. */
function cardOf(page: Page, number: string): Locator {
  // Exact: a credit note's card also names its original ('Fatura Original: #…').
  return page.locator('article').filter({ has: page.getByText(`#${number}`, { exact: true }) });
}

/** On the dashboard: opens the invoice's card, pays it by card with the switch, closes the sheet. */
async function payInSheet(page: Page, number: string) {
  await cardOf(page, number).getByRole('button', { name: 'Padaria Central, Lda' }).click();
  const sheet = page.getByRole('dialog', { name: `Fatura ${number}` });
  const paid = sheet.getByRole('switch', { name: 'Paga' });
  await paid.click();
  await sheet
    .getByRole('group', { name: 'Como foi paga?' })
    .getByRole('button', { name: 'Cartão' })
    .click();
  await expect.poll(() => paid.getAttribute('aria-checked'), POLL).toBe('true');
  await sheet.getByRole('button', { name: 'Fechar' }).click();
  await expect.poll(() => page.locator('[role="dialog"]').count(), POLL).toBe(0);
}

/** The limit panel of a card: its state and text once they match. */
async function expectPanel(card: Locator, state: string, text: RegExp) {
  const panel = card.locator('[data-limit-state]');
  await expect.poll(() => panel.getAttribute('data-limit-state'), POLL).toBe(state);
  await expect.poll(() => panel.innerText(), POLL).toMatch(text);
}

// Long: three payments through the sheet, a live update, then the supplier's page.
test('a monthly limit of 100 € turns the card amber, then red, and a credit note brings it down', async () => {
  const probe = await signedIn();
  const { page } = probe;
  await switchPlan(page, 'professional');
  await page.goto(`${baseUrl}/fornecedores`);
  await page.getByRole('heading', { level: 1, name: 'Entidades' }).waitFor();
  await page.getByText('Ainda não tem entidades').waitFor();
  await page.getByRole('button', { name: 'Novo fornecedor' }).first().click();
  const form = page.getByRole('dialog', { name: 'Novo fornecedor' });
  await form.getByLabel('Nome').fill('Padaria Central, Lda');
  await form.getByLabel(/^NIF/u).fill(SUPPLIER_NIF);
  await form.getByLabel('Categoria').selectOption('Alimentação e Supermercados');
  await form.getByLabel('Nova etiqueta').fill('Casa');
  await form.getByRole('button', { name: 'Adicionar' }).click();
  // No premium marker on Personal: the limit fields are open.
  expect(await form.getByText('Premium', { exact: true }).count()).toBe(0);
  await form.getByRole('switch', { name: 'Limite ativo' }).click();
  await form.getByLabel('Limite (€)').fill('100');
  expect(await form.getByLabel('Período').inputValue()).toBe('mensal');
  expect(await form.getByLabel('Fuso horário').inputValue()).toBe('Europe/Lisbon');
  await saveScreenshot(page, 'suppliers-form-desktop');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('Fornecedor criado com sucesso').waitFor();
  await form.waitFor({ state: 'detached' });

  // The list: NIF grouped 3-3-3, category, no invoices yet, and 0 € spent of 100 €.
  const item = page.getByRole('listitem').filter({ hasText: 'Padaria Central, Lda' });
  await item.getByText('509 442 013').waitFor();
  await item.getByText('Alimentação e Supermercados').waitFor();
  await item.getByText('0 faturas').waitFor();
  await expectPanel(item, 'within', /Dentro do limite[\s\S]*0%[\s\S]*0,00\s€ de 100,00\s€/u);

  // Three pending invoices of that NIF: the count follows live, nothing spent yet.
  await createInvoice(page, { number: 'FT LIM/A', totalCents: 5_000 });
  await createInvoice(page, { number: 'FT LIM/B', totalCents: 2_500 });
  await createInvoice(page, { number: 'FT LIM/C', totalCents: 1_500 });
  await item.getByText('3 faturas').waitFor();
  await saveScreenshot(page, 'suppliers-list-desktop');

  await page.goto(`${baseUrl}/`);
  await expectPanel(cardOf(page, 'FT LIM/A'), 'within', /Dentro do limite/u);
  await payInSheet(page, 'FT LIM/A');
  await expectPanel(cardOf(page, 'FT LIM/A'), 'within', /50%[\s\S]*50,00\s€ de 100,00\s€/u);
  await payInSheet(page, 'FT LIM/B');
  await expectPanel(cardOf(page, 'FT LIM/B'), 'warning', /Atenção ao limite[\s\S]*75%/u);
  await payInSheet(page, 'FT LIM/C');
  const card = cardOf(page, 'FT LIM/C');
  await expectPanel(card, 'exceeded', /Limite excedido[\s\S]*90%[\s\S]*90,00\s€ de 100,00\s€/u);
  await card.getByText('Limite de despesa excedido').waitFor();
  await saveScreenshot(page, 'suppliers-card-exceeded-desktop');

  // A paid credit note subtracts: 90 € − 15 € = 75 €, amber again (live update, no reload).
  await createInvoice(page, {
    number: 'NC LIM/1',
    documentType: 'NC',
    originalInvoiceRef: 'FT LIM/C',
    totalCents: 1_500,
    paymentStatus: 'Paga',
    paymentMethod: 'Cartão',
  });
  await expectPanel(card, 'warning', /Atenção ao limite[\s\S]*75%[\s\S]*75,00\s€ de 100,00\s€/u);

  // /faturas/:nif: the supplier's name, its totals (credit note negative) and the same state.
  await page.goto(`${baseUrl}/faturas/${SUPPLIER_NIF}`);
  await page.getByRole('heading', { level: 1, name: 'Padaria Central, Lda' }).waitFor();
  const totals = page.getByRole('region', { name: 'Totais' });
  await expect.poll(() => totals.innerText(), POLL).toMatch(/Faturas\s*4/u);
  await expect.poll(() => totals.innerText(), POLL).toMatch(/Pago\s*75,00\s€/u);
  await expectPanel(totals, 'warning', /Atenção ao limite/u);
  await cardOf(page, 'FT LIM/B').getByRole('button', { name: 'Padaria Central, Lda' }).click();
  await page.getByRole('dialog', { name: 'Fatura FT LIM/B' }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/faturas/${SUPPLIER_NIF}`);
  await saveScreenshot(page, 'supplier-invoices-desktop');
  probe.expectClean();
  await probe.close();
}, 120_000);

test('on Gratuito the limit section is marked Premium and locked; the form checks and refuses', async () => {
  const probe = await signedIn();
  const { page } = probe;
  await page.goto(`${baseUrl}/fornecedores`);
  await page.getByRole('button', { name: 'Novo fornecedor' }).first().click();
  const form = page.getByRole('dialog', { name: 'Novo fornecedor' });
  const limit = form.getByRole('group', { name: /Limite de despesa/u });
  await limit.getByText('Premium', { exact: true }).waitFor();
  expect(await limit.getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe(
    '/subscription',
  );
  expect(await limit.getByRole('switch', { name: 'Limite ativo' }).isDisabled()).toBe(true);
  expect(await limit.getByLabel('Limite (€)').isDisabled()).toBe(true);
  await limit.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'suppliers-form-free-desktop');

  // Nothing typed: the spec's messages, and nothing sent.
  await form.getByRole('button', { name: 'Guardar' }).click();
  await form.getByText('Nome é obrigatório').waitFor();
  await form.getByText('NIF deve ter 9 caracteres').waitFor();
  // A wrong check digit is refused (issue 13 point 6): after a first save the form checks as
  // it is typed, so the refusal shows at once (before any save it shows as a warning).
  await form.getByLabel('Nome').fill('Mercearia da Esquina');
  await form.getByLabel(/^NIF/u).fill('123456780');
  const nifRefused = form.getByText(
    'NIF inválido: deve ter 9 dígitos e um dígito de controlo correto',
  );
  await nifRefused.waitFor();
  await form.getByLabel('Email', { exact: true }).fill('não é um email');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await form.getByText('Email inválido').waitFor();
  await nifRefused.waitFor();
  await form.getByLabel(/^NIF/u).fill('123456789');
  await form.getByLabel('Email', { exact: true }).fill('');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('Fornecedor criado com sucesso').waitFor();
  const item = page.getByRole('listitem').filter({ hasText: 'Mercearia da Esquina' });
  await item.getByText('Sem limite de despesa').waitFor();
  await item.getByText('Sem categoria').waitFor();

  // The same NIF again: the server's 409 lands on the NIF field.
  await page.getByRole('button', { name: 'Novo fornecedor' }).first().click();
  await form.getByLabel('Nome').fill('Outra Mercearia');
  // Before any save, a wrong check digit is a warning under the field as it is typed.
  await form.getByLabel(/^NIF/u).fill('123456780');
  await form.getByText('O dígito de controlo do NIF não é válido.').waitFor();
  await form.getByLabel(/^NIF/u).fill('123 456 789');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await form.getByText('Já existe um fornecedor com este NIF').waitFor();
  allowFailedRequest(probe, 409, '/api/suppliers');
  await form.getByRole('button', { name: 'Cancelar' }).click();

  // Edit, search, delete with a confirmation.
  await item.getByRole('button', { name: 'Editar Mercearia da Esquina' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar fornecedor' });
  expect(await edit.getByLabel('Nome').inputValue()).toBe('Mercearia da Esquina');
  await edit.getByLabel('Telefone').fill('+351 912 345 678');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('Fornecedor atualizado com sucesso').waitFor();
  await page.getByLabel('Pesquisar entidades').fill('esquina');
  await item.waitFor();
  await page.getByLabel('Pesquisar entidades').fill('999');
  await page.getByText('Nenhuma entidade encontrada').waitFor();
  await page.getByRole('button', { name: 'Limpar pesquisa' }).click();
  await item.getByRole('button', { name: 'Eliminar Mercearia da Esquina' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar fornecedor' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await page.getByText('Fornecedor eliminado com sucesso').waitFor();
  await page.getByText('Ainda não tem entidades').waitFor();
  probe.expectClean();
  await probe.close();
});

test('on a phone the supplier form is a bottom sheet and the list fits the screen', async () => {
  const probe = await signedIn({ viewport: PHONE, isMobile: true, hasTouch: true });
  const { page } = probe;
  await switchPlan(page, 'professional');
  await page.goto(`${baseUrl}/fornecedores`);
  await page.getByRole('button', { name: 'Novo fornecedor' }).first().click();
  const sheet = page.getByRole('dialog', { name: 'Novo fornecedor' });
  await sheet.getByLabel('Nome').fill('Padaria Central, Lda');
  await sheet.getByLabel(/^NIF/u).fill(SUPPLIER_NIF);
  await sheet.getByRole('switch', { name: 'Limite ativo' }).click();
  await sheet.getByLabel('Limite (€)').fill('100,00');
  await sheet.getByLabel('Período').selectOption('personalizado');
  await sheet.getByLabel('Início').fill(addDays(today, -5));
  await saveScreenshot(page, 'suppliers-form-phone');
  await sheet.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('Fornecedor criado com sucesso').waitFor();
  const item = page.getByRole('listitem').filter({ hasText: 'Padaria Central, Lda' });
  await expectPanel(item, 'within', /Dentro do limite[\s\S]*0%/u);
  // 80 € paid in the custom period: amber.
  await createInvoice(page, {
    number: 'FT TEL/1',
    totalCents: 8_000,
    paymentStatus: 'Paga',
    paymentMethod: 'Dinheiro',
  });
  await expectPanel(item, 'warning', /Atenção ao limite[\s\S]*80%/u);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await saveScreenshot(page, 'suppliers-list-phone');
  await item.getByRole('link', { name: 'Ver faturas' }).click();
  await page.getByRole('heading', { level: 1, name: 'Padaria Central, Lda' }).waitFor();
  await saveScreenshot(page, 'supplier-invoices-phone');
  probe.expectClean();
  await probe.close();
});

test('an invoice whose NIF is not an entity offers to create it from its NIF', async () => {
  const probe = await signedIn();
  const { page } = probe;
  const id = await createInvoice(page, { number: 'FT ENT/1', supplierName: 'Padaria Nova' });
  await deleteSupplierOf(page, SUPPLIER_NIF);
  await page.goto(`${baseUrl}/?fatura=${id}`);
  const sheet = page.getByRole('dialog', { name: 'Fatura FT ENT/1' });
  await sheet.getByRole('button', { name: 'Criar entidade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar entidade' });
  const name = dialog.getByLabel('Nome');
  expect(await name.inputValue()).toBe('Padaria Nova');
  const nif = dialog.getByLabel('NIF');
  expect(await nif.inputValue()).toBe('509 442 013');
  expect(await nif.getAttribute('readonly')).not.toBeNull();
  const create = dialog.getByRole('button', { name: 'Criar', exact: true });
  await name.fill('   ');
  expect(await create.isDisabled()).toBe(true);
  await name.fill('  Padaria Nova, Lda ');
  await saveScreenshot(page, 'create-entity-dialog-desktop');
  await create.click();
  await page.getByText('Destinatário criado com sucesso').waitFor();
  await dialog.waitFor({ state: 'detached' });
  // Read again after 500 ms: the invoice now has its supplier, so the offer goes.
  await expect
    .poll(() => sheet.getByRole('button', { name: 'Criar entidade' }).count(), POLL)
    .toBe(0);
  const listed = await page.request.get(`${baseUrl}/api/suppliers`);
  const { items } = (await listed.json()) as {
    items: Array<{ nif: string; name: string; category: string }>;
  };
  expect(items).toEqual([
    expect.objectContaining({ nif: SUPPLIER_NIF, name: 'Padaria Nova, Lda', category: 'Outros' }),
  ]);

  // The entity created meanwhile elsewhere: the dialog refuses with the spec's message.
  const other = await createInvoice(page, {
    number: 'FT ENT/2',
    supplierNif: '503504564',
    supplierName: 'Farmácia Moderna',
  });
  await deleteSupplierOf(page, '503504564');
  await page.goto(`${baseUrl}/?fatura=${other}`);
  const otherSheet = page.getByRole('dialog', { name: 'Fatura FT ENT/2' });
  await otherSheet.getByRole('button', { name: 'Criar entidade' }).click();
  const created = await page.request.post(`${baseUrl}/api/suppliers`, {
    headers: apiHeaders(baseUrl),
    data: { nif: '503504564', name: 'Farmácia Moderna' },
  });
  expect(created.status()).toBe(201);
  await dialog.getByRole('button', { name: 'Criar', exact: true }).click();
  await page.getByText('Erro ao criar destinatário').waitFor();
  await dialog.getByText('Já existe um fornecedor com este NIF').waitFor();
  allowFailedRequest(probe, 409, '/api/suppliers');
  probe.expectClean();
  await probe.close();
});
