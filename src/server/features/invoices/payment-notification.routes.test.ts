import { and, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { emailAudit, profiles, suppliers } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { supplierEmailColumns } from '#server/services/crypto/sealed-fields.ts';
import { createMailer } from '#server/services/mail/mailer.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { insertInvoice, type InvoiceOverrides } from '#tests/factories/invoices.ts';
import { insertSupplier, type SupplierOverrides } from '#tests/factories/suppliers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { accountIdOf, invoiceApi, type InvoiceApi } from './invoice-test-helpers.ts';
import { getInvoice } from './invoice-item.queries.ts';
import { notifyPayment, type PaymentNotificationDto } from './payment-notification.ts';

let t: TestApp;
let api: InvoiceApi;
let accountId: string;
const ACCOUNT_EMAIL = 'pagador@exemplo.pt';
const today = todayInLisbon();
const [year, month, day] = today.split('-');
const todayPt = `${day}/${month}/${year}`;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await signUpVerified(t, ACCOUNT_EMAIL);
  api = invoiceApi(t, cookie);
  accountId = await accountIdOf(t, cookie);
});

afterAll(async () => {
  await t.close();
});

let sequence = 0;
/** A fresh mailbox per test, so each test reads only its own mail. */
function mailbox(name: string): string {
  sequence += 1;
  return `${name}.${sequence}@fornecedor.pt`;
}

/** A supplier's columns with its email sealed, as the suppliers API stores it (ADR 028). */
const withEmail = ({
  email = null,
  ...overrides
}: SupplierOverrides & { email?: string | null }) => ({
  ...overrides,
  ...supplierEmailColumns(t.cipher, email),
});

const supplierFor = (overrides: SupplierOverrides & { email?: string | null } = {}) =>
  insertSupplier(t.db.db, accountId, {
    name: 'Padaria Central, Lda',
    notifyByEmail: true,
    ...withEmail(overrides),
  });

const invoiceOf = (nif: string | null, overrides: InvoiceOverrides = {}) =>
  insertInvoice(t.db.db, accountId, {
    supplierNif: nif,
    issueDate: today,
    totalCents: 12_300,
    vatCents: 2_300,
    ...overrides,
  });

type PaymentAnswer = {
  invoice: { id: string; isPaid: boolean; paymentStatus: string };
  notification: PaymentNotificationDto | null;
};

async function markPaid(target: InvoiceApi, id: string): Promise<PaymentAnswer> {
  const res = await target.send('POST', `/api/invoices/${id}/payment`, {
    paid: true,
    method: 'Cartão',
  });
  expect(res.status).toBe(200);
  return res.json();
}

async function markUnpaid(id: string): Promise<PaymentAnswer> {
  const res = await api.send('POST', `/api/invoices/${id}/payment`, { paid: false });
  expect(res.status).toBe(200);
  return res.json();
}

/** What the dev mailbox (GET /api/dev/emails) holds for one address, newest first. */
async function mailTo(to: string) {
  const res = await t.client.api.dev.emails.$get();
  expect(res.status).toBe(200);
  return (await res.json()).filter((mail) => mail.to === to);
}

async function auditsOf(invoiceId: string) {
  return t.db.db
    .select()
    .from(emailAudit)
    .where(
      and(
        eq(emailAudit.accountId, accountId),
        sql`${emailAudit.metadata} ->> 'fatura_id' = ${invoiceId}`,
      ),
    )
    .orderBy(emailAudit.createdAt);
}

test('marking paid emails the supplier from the person, with the invoice amounts', async () => {
  const email = mailbox('central');
  const supplier = await supplierFor({ email });
  const invoice = await invoiceOf(supplier.nif, { number: 'FT 2026/77' });

  const answer = await markPaid(api, invoice.id);
  expect(answer.invoice).toMatchObject({ id: invoice.id, isPaid: true, paymentStatus: 'Paga' });
  expect(answer.notification).toEqual({ outcome: 'sent', supplierName: 'Padaria Central, Lda' });

  const [mail, ...others] = await mailTo(email);
  expect(others).toEqual([]);
  // A person signs with the full name given at sign-up; replies go to the account's email.
  expect(mail).toMatchObject({
    subject: 'Pagamento da fatura FT 2026/77 — Ana Silva',
    fromName: 'Ana Silva',
    replyTo: ACCOUNT_EMAIL,
  });
  for (const body of [mail?.text, mail?.html]) {
    expect(body).toContain('FT 2026/77');
    expect(body).toContain(formatCents(12_300));
    expect(body).toContain(formatCents(2_300));
    expect(body).toContain(formatCents(10_000));
    expect(body).toContain(todayPt);
  }
  expect(mail?.text).toContain('Olá Padaria Central, Lda,');
  expect(mail?.text).toContain('Valor sem IVA: 100,00');
  expect(mail?.html).toContain('lang="pt-PT"');

  expect(await auditsOf(invoice.id)).toEqual([
    expect.objectContaining({
      type: 'payment_notification',
      template: 'payment-notification',
      toAddress: email,
      status: 'sent',
      metadata: expect.objectContaining({ fatura_id: invoice.id }),
    }),
  ]);
});

test('an invoice whose NIF names no supplier is paid and nothing is sent', async () => {
  const invoice = await invoiceOf('501964843');
  const answer = await markPaid(api, invoice.id);
  expect(answer.invoice.isPaid).toBe(true);
  expect(answer.notification).toEqual({ outcome: 'not_found', supplierName: null });
  expect(await auditsOf(invoice.id)).toEqual([]);
});

test('a supplier with notifications off is not emailed', async () => {
  const email = mailbox('desligado');
  const supplier = await supplierFor({ name: 'Talho Moderno', email, notifyByEmail: false });
  const invoice = await invoiceOf(supplier.nif);
  expect((await markPaid(api, invoice.id)).notification).toEqual({
    outcome: 'disabled',
    supplierName: 'Talho Moderno',
  });
  expect(await mailTo(email)).toEqual([]);
  expect(await auditsOf(invoice.id)).toEqual([]);
});

test('a supplier without an email (none or blank) is not emailed', async () => {
  for (const email of [null, '   ']) {
    const supplier = await supplierFor({ name: 'Mercearia Lopes', email });
    const invoice = await invoiceOf(supplier.nif);
    expect((await markPaid(api, invoice.id)).notification).toEqual({
      outcome: 'no_email',
      supplierName: 'Mercearia Lopes',
    });
    expect(await auditsOf(invoice.id)).toEqual([]);
  }
});

test('an invoice without a supplier NIF, or one paid already, has no notification', async () => {
  const withoutNif = await invoiceOf(null);
  expect((await markPaid(api, withoutNif.id)).notification).toBeNull();

  const email = mailbox('japaga');
  const supplier = await supplierFor({ email });
  const alreadyPaid = await invoiceOf(supplier.nif, {
    paymentStatus: 'Paga',
    isPaid: true,
    paymentMethod: 'Dinheiro',
    paidAt: today,
  });
  // Paid → paid with another method is not "marked paid".
  const answer = await markPaid(api, alreadyPaid.id);
  expect(answer.invoice.isPaid).toBe(true);
  expect(answer.notification).toBeNull();
  expect(await mailTo(email)).toEqual([]);
});

test('a failed send says so, keeps the payment, and may be retried by marking paid again', async () => {
  // An address no mail server would take: the send fails and its audit row says so.
  const supplier = await supplierFor({ name: 'Oficina Silva', email: 'oficina@sem-dominio' });
  const invoice = await invoiceOf(supplier.nif);
  const failed = await markPaid(api, invoice.id);
  expect(failed.invoice.isPaid).toBe(true);
  expect(failed.notification).toEqual({ outcome: 'failed', supplierName: 'Oficina Silva' });
  expect(await auditsOf(invoice.id)).toEqual([
    expect.objectContaining({ status: 'failed', errorCode: 'INVALID_EMAIL' }),
  ]);

  const email = mailbox('oficina');
  await t.db.db
    .update(suppliers)
    .set(supplierEmailColumns(t.cipher, email))
    .where(eq(suppliers.id, supplier.id));
  await markUnpaid(invoice.id);
  expect((await markPaid(api, invoice.id)).notification).toEqual({
    outcome: 'sent',
    supplierName: 'Oficina Silva',
  });
  expect(await mailTo(email)).toHaveLength(1);
  expect((await auditsOf(invoice.id)).map((row) => row.status)).toEqual(['failed', 'sent']);
});

test('paid, unpaid and paid again: the email goes once, the second time says it went', async () => {
  const email = mailbox('uma-vez');
  const supplier = await supplierFor({ name: 'Frutaria Sol', email });
  const invoice = await invoiceOf(supplier.nif);
  expect((await markPaid(api, invoice.id)).notification?.outcome).toBe('sent');
  expect((await markUnpaid(invoice.id)).notification).toBeNull();
  expect((await markPaid(api, invoice.id)).notification).toEqual({
    outcome: 'already_sent',
    supplierName: 'Frutaria Sol',
  });
  expect(await mailTo(email)).toHaveLength(1);
  expect(await auditsOf(invoice.id)).toHaveLength(1);
});

test('two requests marking the same invoice paid at once send one email', async () => {
  const email = mailbox('corrida');
  const supplier = await supplierFor({ email });
  const invoice = await invoiceOf(supplier.nif);
  const answers = await Promise.all([markPaid(api, invoice.id), markPaid(api, invoice.id)]);
  // The later request may already find the invoice paid (no notification) or find the claim.
  const outcomes = answers.map((a) => a.notification?.outcome ?? null).sort();
  expect(outcomes[1]).toBe('sent');
  expect([null, 'already_sent']).toContain(outcomes[0]);
  expect(await mailTo(email)).toHaveLength(1);
  expect(await auditsOf(invoice.id)).toHaveLength(1);
});

test('two notifications of the same payment racing each other: one sends, one finds the claim', async () => {
  const email = mailbox('corrida-direta');
  const supplier = await supplierFor({ email });
  const { id } = await invoiceOf(supplier.nif, { paymentStatus: 'Paga', isPaid: true });
  const invoice = await getInvoice(t.db.db, { accountId, id });
  if (!invoice) throw new Error('the invoice was not stored');
  const mailer = createMailer({ db: t.db.db, logger: pino({ level: 'silent' }), devMailbox: true });
  const notify = () =>
    notifyPayment(t.db.db, mailer, {
      accountId,
      invoice: { ...invoice, supplierNif: supplier.nif },
      paidOn: today,
      cipher: t.cipher,
    });
  const results = await Promise.all([notify(), notify(), notify()]);
  expect(results.map((r) => r.outcome).sort()).toEqual(['already_sent', 'already_sent', 'sent']);
  expect(await mailTo(email)).toHaveLength(1);
});

test('with enviar_copia the account gets its own copy, audited apart', async () => {
  const email = mailbox('copia');
  const supplier = await supplierFor({ name: 'Papelaria Norte', email, sendCopy: true });
  const invoice = await invoiceOf(supplier.nif, { number: 'FT C/9' });
  expect((await markPaid(api, invoice.id)).notification?.outcome).toBe('sent');

  expect(await mailTo(email)).toHaveLength(1);
  const [copy] = (await mailTo(ACCOUNT_EMAIL)).filter((m) => m.subject.includes('FT C/9'));
  expect(copy?.subject).toBe('Cópia: Pagamento da fatura FT C/9 — Ana Silva');
  expect(copy?.text).toContain(`Cópia do email enviado a Papelaria Norte (${email}).`);
  expect(copy?.text).toContain(formatCents(12_300));
  const audits = await auditsOf(invoice.id);
  expect(audits.map((row) => [row.type, row.toAddress, row.status])).toEqual([
    ['payment_notification', email, 'sent'],
    ['payment_notification_copy', ACCOUNT_EMAIL, 'sent'],
  ]);
});

test("the supplier's own template is used, placeholders filled in and escaped in HTML", async () => {
  const email = mailbox('modelo');
  const supplier = await supplierFor({
    name: 'Vinhos <b>&</b> Cª',
    email,
    customTemplate:
      'Caro {fornecedor},\n\nA fatura {numero} ({total}, IVA {iva}, sem IVA {valor_sem_iva}) foi paga a {data}.\n<i>{empresa}</i> {desconhecido}',
  });
  const invoice = await invoiceOf(supplier.nif, { number: 'FT <V>/1' });
  expect((await markPaid(api, invoice.id)).notification?.outcome).toBe('sent');

  const [mail] = await mailTo(email);
  const filled = `A fatura FT <V>/1 (${formatCents(12_300)}, IVA ${formatCents(2_300)}, sem IVA ${formatCents(10_000)}) foi paga a ${todayPt}.`;
  expect(mail?.text).toContain('Caro Vinhos <b>&</b> Cª,');
  expect(mail?.text).toContain(filled);
  expect(mail?.text).toContain('<i>Ana Silva</i> {desconhecido}');
  // The standard wording is not added to a supplier's own.
  expect(mail?.text).not.toContain('Olá');
  expect(mail?.html).toContain('Caro Vinhos &lt;b&gt;&amp;&lt;/b&gt; Cª,');
  expect(mail?.html).toContain('A fatura FT &lt;V&gt;/1');
  expect(mail?.html).toContain('<br>&lt;i&gt;Ana Silva&lt;/i&gt; {desconhecido}');
  expect(mail?.html).not.toContain('<b>');
  expect(mail?.html).not.toContain('<i>');
  const [audit] = await auditsOf(invoice.id);
  expect(audit?.template).toBe('payment-notification-custom');
});

test('a company signs with its company name and NIF', async () => {
  const cookie = await signUpVerified(t, 'empresa@exemplo.pt', {
    accountType: 'empresa',
    fullName: undefined,
    companyName: 'Construções Beira, Lda',
    companyNif: '501 964 843',
  });
  const companyApi = invoiceApi(t, cookie);
  const companyId = await accountIdOf(t, cookie);
  const email = mailbox('empresa');
  const supplier = await insertSupplier(
    t.db.db,
    companyId,
    withEmail({ email, notifyByEmail: true }),
  );
  const invoice = await insertInvoice(t.db.db, companyId, {
    supplierNif: supplier.nif,
    number: 'FT E/1',
  });
  expect((await markPaid(companyApi, invoice.id)).notification?.outcome).toBe('sent');
  const [mail] = await mailTo(email);
  expect(mail).toMatchObject({
    subject: 'Pagamento da fatura FT E/1 — Construções Beira, Lda',
    fromName: 'Construções Beira, Lda',
    replyTo: 'empresa@exemplo.pt',
  });
  expect(mail?.text).toContain('Pago por: Construções Beira, Lda (NIF 501964843)');
});

test('a person without a name signs with the account email', async () => {
  const cookie = await signUpVerified(t, 'sem-nome@exemplo.pt');
  const personId = await accountIdOf(t, cookie);
  await t.db.db.update(profiles).set({ fullName: null }).where(eq(profiles.accountId, personId));
  const email = mailbox('sem-nome');
  const supplier = await insertSupplier(
    t.db.db,
    personId,
    withEmail({ email, notifyByEmail: true }),
  );
  const invoice = await insertInvoice(t.db.db, personId, {
    supplierNif: supplier.nif,
    number: 'FT S/1',
  });
  expect((await markPaid(invoiceApi(t, cookie), invoice.id)).notification?.outcome).toBe('sent');
  const [mail] = await mailTo(email);
  expect(mail?.subject).toBe('Pagamento da fatura FT S/1 — sem-nome@exemplo.pt');
});

test("another account's supplier with the same NIF is never used", async () => {
  const otherCookie = await signUpVerified(t, 'outra@exemplo.pt');
  const otherId = await accountIdOf(t, otherCookie);
  const theirs = mailbox('deles');
  const shared = await insertSupplier(
    t.db.db,
    otherId,
    withEmail({ name: 'Fornecedor Deles', email: theirs, notifyByEmail: true }),
  );

  // This account has no supplier with that NIF: not found, and nothing goes to theirs.
  const mine = await invoiceOf(shared.nif);
  expect((await markPaid(api, mine.id)).notification).toEqual({
    outcome: 'not_found',
    supplierName: null,
  });
  expect(await mailTo(theirs)).toEqual([]);

  // With its own supplier of that NIF, this account's settings and address are the ones used.
  const ours = mailbox('nosso');
  await supplierFor({ nif: shared.nif, name: 'Fornecedor Nosso', email: ours });
  const second = await invoiceOf(shared.nif);
  expect((await markPaid(api, second.id)).notification).toEqual({
    outcome: 'sent',
    supplierName: 'Fornecedor Nosso',
  });
  expect(await mailTo(ours)).toHaveLength(1);
  expect(await mailTo(theirs)).toEqual([]);
});
