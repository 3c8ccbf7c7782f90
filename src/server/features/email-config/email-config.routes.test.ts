// /api/email-config (issue 20 point 5): the account's email settings — stored as email_config
// key/value rows read ordered by key — checked by the shared schema, and applied to the payment
// email a supplier gets: the sender's name, the reply-to address, the blind copy to the account
// and the account's wording (after a supplier's own).
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { emailAudit, emailConfig } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import {
  accountIdOf,
  invoiceApi,
  type InvoiceApi,
} from '#server/features/invoices/invoice-test-helpers.ts';
import { supplierEmailColumns } from '#server/services/crypto/sealed-fields.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import { insertSupplier, type SupplierOverrides } from '#tests/factories/suppliers.ts';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';

const ACCOUNT_EMAIL = 'tesouraria@exemplo.pt';
let t: TestApp;
let api: InvoiceApi;
let accountId: string;
let other: InvoiceApi;
const cookies = new Map<InvoiceApi, string>();

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await signUpVerified(t, ACCOUNT_EMAIL, { fullName: 'Rita Fonseca' });
  api = invoiceApi(t, cookie);
  accountId = await accountIdOf(t, cookie);
  const otherCookie = await signUpVerified(t, 'outra.conta@exemplo.pt');
  other = invoiceApi(t, otherCookie);
  cookies.set(api, cookie).set(other, otherCookie);
});
afterAll(async () => {
  await t.close();
});

const blank = { senderName: null, replyTo: null, bccSelf: false, paymentTemplate: null };

/** PUT /api/email-config as the web client sends it (invoiceApi knows no PUT). */
async function put(target: InvoiceApi, body: unknown) {
  return t.app.request('/api/email-config', {
    method: 'PUT',
    headers: {
      cookie: cookies.get(target) ?? '',
      origin: TEST_ORIGIN,
      'x-csrf-token': TEST_CSRF_TOKEN,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

async function read(target: InvoiceApi) {
  const res = await target.get('/api/email-config');
  expect(res.status).toBe(200);
  return res.json();
}

async function errorOf(body: unknown) {
  const res = await put(api, { ...blank, ...(body as object) });
  expect(res.status).toBe(400);
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

test('a new account has every setting at its default, and says what the defaults are', async () => {
  expect(await read(api)).toEqual({
    settings: blank,
    defaults: { senderName: 'Rita Fonseca', email: ACCOUNT_EMAIL },
  });
});

test('the settings are saved as key/value rows, ordered by key, and read back', async () => {
  const settings = {
    senderName: '  Tesouraria Fonseca ',
    replyTo: 'Pagamentos@Fonseca.pt',
    bccSelf: true,
    paymentTemplate: 'Olá {fornecedor},\r\n\r\nPagámos a fatura {numero}.',
  };
  const res = await put(api, settings);
  expect(res.status).toBe(200);
  const saved = {
    senderName: 'Tesouraria Fonseca',
    replyTo: 'pagamentos@fonseca.pt',
    bccSelf: true,
    paymentTemplate: 'Olá {fornecedor},\n\nPagámos a fatura {numero}.',
  };
  expect((await res.json()).settings).toEqual(saved);
  expect((await read(api)).settings).toEqual(saved);
  const rows = await t.db.db
    .select({ key: emailConfig.key, value: emailConfig.value })
    .from(emailConfig)
    .where(eq(emailConfig.accountId, accountId))
    .orderBy(asc(emailConfig.key));
  expect(rows).toEqual([
    { key: 'bcc_self', value: 'true' },
    { key: 'payment_template', value: saved.paymentTemplate },
    { key: 'reply_to', value: 'pagamentos@fonseca.pt' },
    { key: 'sender_name', value: 'Tesouraria Fonseca' },
  ]);

  // Back to the defaults: blank text and the copy off leave no row behind.
  const reset = await put(api, {
    senderName: ' ',
    replyTo: '',
    bccSelf: false,
    paymentTemplate: '',
  });
  expect((await reset.json()).settings).toEqual(blank);
  const left = await t.db.db.select().from(emailConfig).where(eq(emailConfig.accountId, accountId));
  expect(left).toEqual([]);
});

test('a template naming an unknown placeholder is refused, naming it, in pt-PT', async () => {
  const error = await errorOf({ paymentTemplate: 'Pagámos {valor} da fatura {numero} a {Data}.' });
  expect(error.code).toBe('VALIDATION');
  expect(error.message).toBe(
    'Marcadores desconhecidos: {valor}, {Data}. Pode usar {fornecedor}, {empresa}, {numero}, {total}, {iva}, {valor_sem_iva}, {data}.',
  );
  expect((await errorOf({ paymentTemplate: 'x'.repeat(5001) })).message).toBe(
    'O modelo deve ter no máximo 5000 caracteres',
  );
});

test('a sender name that could pose as an address, a bad reply-to and missing fields are refused', async () => {
  expect((await errorOf({ senderName: 'Banco <geral@banco.pt>' })).message).toBe(
    'O nome do remetente não pode conter < > " nem @',
  );
  expect((await errorOf({ senderName: 'Linha\ninjetada' })).message).toBe(
    'Este campo contém caracteres inválidos.',
  );
  expect((await errorOf({ replyTo: 'sem-arroba' })).message).toBe('Email inválido');
  const res = await put(api, { senderName: 'Só o nome' });
  expect(res.status).toBe(400);
  expect((await res.json()).error.message).toBe('Indique se quer receber uma cópia');
  expect((await read(api)).settings).toEqual(blank);
});

test("one account's settings are its own", async () => {
  await put(api, { ...blank, senderName: 'Só da Rita' });
  expect((await read(other)).settings).toEqual(blank);
  await put(other, { ...blank, senderName: 'Da outra conta' });
  expect((await read(api)).settings.senderName).toBe('Só da Rita');
  await put(api, blank);
});

// ——— The payment email follows the settings ———

let mailboxes = 0;
const mailbox = (name: string) => `${name}.${(mailboxes += 1)}@fornecedor.pt`;

async function supplierFor(email: string, overrides: SupplierOverrides = {}) {
  return insertSupplier(t.db.db, accountId, {
    name: 'Padaria Central, Lda',
    notifyByEmail: true,
    ...supplierEmailColumns(t.cipher, email),
    ...overrides,
  });
}

async function paidInvoiceTo(nif: string, number: string) {
  const invoice = await insertInvoice(t.db.db, accountId, {
    supplierNif: nif,
    number,
    issueDate: todayInLisbon(),
    totalCents: 12_300,
    vatCents: 2_300,
  });
  const res = await api.send('POST', `/api/invoices/${invoice.id}/payment`, {
    paid: true,
    method: 'Cartão',
  });
  expect(res.status).toBe(200);
  expect((await res.json()).notification.outcome).toBe('sent');
  return invoice;
}

/** The dev mailbox (GET /api/dev/emails), as the other mail tests read it. */
async function mailTo(to: string) {
  const res = await t.client.api.dev.emails.$get();
  expect(res.status).toBe(200);
  return (await res.json()).filter((mail) => mail.to === to);
}

test('the payment email goes out with the sender name, reply-to, copy and wording set here', async () => {
  await put(api, {
    senderName: 'Tesouraria Fonseca',
    replyTo: 'pagamentos@fonseca.pt',
    bccSelf: true,
    paymentTemplate:
      'Caro {fornecedor},\n\nA fatura {numero} de {total} foi paga a {data} por {empresa}.',
  });
  const email = mailbox('central');
  const supplier = await supplierFor(email, { sendCopy: true });
  const invoice = await paidInvoiceTo(supplier.nif, 'FT 2026/501');

  const [mail, ...more] = await mailTo(email);
  expect(more).toEqual([]);
  const today = todayInLisbon().split('-').reverse().join('/');
  expect(mail).toMatchObject({
    fromName: 'Tesouraria Fonseca',
    replyTo: 'pagamentos@fonseca.pt',
    bcc: ACCOUNT_EMAIL,
    subject: 'Pagamento da fatura FT 2026/501 — Tesouraria Fonseca',
  });
  expect(mail?.text).toBe(
    `Caro Padaria Central, Lda,\n\nA fatura FT 2026/501 de ${formatCents(12_300)} foi paga a ${today} por Tesouraria Fonseca.`,
  );
  // The account is blind-copied: no separate "Cópia:" mail on top (the supplier's enviar_copia).
  expect((await mailTo(ACCOUNT_EMAIL)).filter((m) => m.subject.startsWith('Cópia:'))).toEqual([]);
  const audits = await t.db.db
    .select({ template: emailAudit.template })
    .from(emailAudit)
    .where(
      and(
        eq(emailAudit.accountId, accountId),
        sql`${emailAudit.metadata} ->> 'fatura_id' = ${invoice.id}`,
      ),
    );
  expect(audits).toEqual([{ template: 'payment-notification-custom' }]);
  await put(api, blank);
});

test("a supplier's own wording comes before the account's; what is typed never becomes markup", async () => {
  await put(api, { ...blank, paymentTemplate: 'Texto da conta para {fornecedor}.' });
  const own = mailbox('propria');
  const withOwn = await supplierFor(own, {
    name: 'Talho <Moderno>',
    customTemplate: 'Texto do fornecedor: {numero}.',
  });
  await paidInvoiceTo(withOwn.nif, 'FT 2026/502');
  expect((await mailTo(own))[0]?.text).toBe('Texto do fornecedor: FT 2026/502.');

  const plain = mailbox('simples');
  const withoutOwn = await supplierFor(plain, { name: 'Talho <Moderno>' });
  await paidInvoiceTo(withoutOwn.nif, 'FT 2026/503');
  const [mail] = await mailTo(plain);
  expect(mail?.text).toBe('Texto da conta para Talho <Moderno>.');
  expect(mail?.html).toContain('Texto da conta para Talho &lt;Moderno&gt;.');
  expect(mail?.html).not.toContain('<Moderno>');
  // The defaults still apply to what was not set: the account's name, its email, no copy.
  expect(mail).toMatchObject({ fromName: 'Rita Fonseca', replyTo: ACCOUNT_EMAIL, bcc: null });
  await put(api, blank);
});
