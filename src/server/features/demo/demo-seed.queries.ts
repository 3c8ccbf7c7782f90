// The demo account's rows (ADR 021): created on first use and rebuilt when a new month begins,
// so its year of data always ends today. One transaction under an advisory lock: two visitors
// arriving together wait for one build and never see a half-built account; a visitor already
// in the demo sees the old data or the new, never a mix.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  accounts,
  authUsers,
  cmvResaleCategories,
  cmvSales,
  customCategories,
  demoAccounts,
  invoiceVatLines,
  invoices,
  profiles,
  savingsGoals,
  subscriptions,
  suppliers,
} from '#server/db/schema/index.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import {
  buyerNifColumns,
  companyNifColumns,
  supplierEmailColumns,
} from '#server/services/crypto/sealed-fields.ts';
import { firstDayOfMonth, monthOfDate } from '#shared/calendar-months.ts';
import type { CalendarDate } from '#shared/dates.ts';
import { DEMO_ACCOUNT_ID, DEMO_EMAIL } from '#shared/demo.ts';
import { buildDemoData, DEMO_COMPANY, type DemoData } from './demo-data.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Key of the transaction-scoped advisory lock of a demo build (the scheduler's are 7_310_455_xxx). */
export const DEMO_BUILD_LOCK_KEY = 7_310_455_200;

export type EnsureDemoAccountParams = {
  today: CalendarDate;
  /** Seals the suppliers' emails and hashes the buyer NIFs, as the app's own writes do (ADR 028). */
  cipher: FieldCipher;
};

/** 'built' when this call (re)built the data; 'ready' when it was there for this month. */
export async function ensureDemoAccount(
  db: Database,
  { today, cipher }: EnsureDemoAccountParams,
): Promise<'built' | 'ready'> {
  const dataMonth = firstDayOfMonth(monthOfDate(today));
  const isReady = async (tx: Database | Transaction) => {
    const [row] = await tx
      .select({ dataMonth: demoAccounts.dataMonth })
      .from(demoAccounts)
      .where(eq(demoAccounts.accountId, DEMO_ACCOUNT_ID));
    return row?.dataMonth === dataMonth;
  };
  // The common case, without a lock or a transaction.
  if (await isReady(db)) return 'ready';
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_BUILD_LOCK_KEY}::bigint)`);
    if (await isReady(tx)) return 'ready';
    await writeDemoAccount(tx, cipher, buildDemoData(today));
    await tx
      .insert(demoAccounts)
      .values({ accountId: DEMO_ACCOUNT_ID, dataMonth })
      .onConflictDoUpdate({ target: demoAccounts.accountId, set: { dataMonth } });
    return 'built';
  });
}

const noonOf = (date: CalendarDate) => new Date(`${date}T12:00:00Z`);

async function writeDemoAccount(
  tx: Transaction,
  cipher: FieldCipher,
  data: DemoData,
): Promise<void> {
  const accountId = DEMO_ACCOUNT_ID;
  await tx
    .insert(authUsers)
    .values({ id: accountId, name: DEMO_COMPANY.name, email: DEMO_EMAIL, emailVerified: true })
    .onConflictDoNothing();
  await tx.insert(accounts).values({ id: accountId }).onConflictDoNothing();
  const profile = {
    email: DEMO_EMAIL,
    accountType: 'empresa' as const,
    fullName: null,
    companyName: DEMO_COMPANY.name,
    ...companyNifColumns(cipher, DEMO_COMPANY.nif),
  };
  await tx
    .insert(profiles)
    .values({ accountId, ...profile })
    .onConflictDoUpdate({ target: profiles.accountId, set: profile });
  // The enterprise rights, so every screen (CMV and savings included) can be seen.
  const plan = { planId: 'enterprise_500' as const, status: 'active' as const, endsAt: null };
  await tx
    .insert(subscriptions)
    .values({ accountId, provider: 'manual', ...plan })
    .onConflictDoUpdate({ target: subscriptions.accountId, set: plan });

  // Last month's data out (lines and resale marks go with their invoices and categories).
  for (const table of [invoices, suppliers, cmvSales, savingsGoals, customCategories]) {
    await tx.delete(table).where(eq(table.accountId, accountId));
  }

  const categoryIds = new Map<string, string>();
  const categoryRows = await tx
    .insert(customCategories)
    .values(
      data.categories.map(({ name, iconName, color }) => ({ accountId, name, iconName, color })),
    )
    .returning({ id: customCategories.id, name: customCategories.name });
  for (const category of data.categories) {
    const row = categoryRows.find((r) => r.name === category.name);
    if (row) categoryIds.set(category.key, row.id);
  }
  const resale = data.resaleCategoryKeys.flatMap((key) => {
    const id = categoryIds.get(key);
    return id ? [{ accountId, customCategoryId: id }] : [];
  });
  if (resale.length > 0) await tx.insert(cmvResaleCategories).values(resale);

  const nifOf = new Map(data.suppliers.map((s) => [s.key, s.nif]));
  const nameOf = new Map(data.suppliers.map((s) => [s.key, s.name]));
  await tx.insert(suppliers).values(
    data.suppliers.map((s) => ({
      accountId,
      nif: s.nif,
      name: s.name,
      category: s.category,
      mainCategory: s.mainCategory,
      ...supplierEmailColumns(cipher, s.email),
    })),
  );

  const invoiceRows = data.invoices.map((invoice) => ({
    accountId,
    id: crypto.randomUUID(),
    number: invoice.number,
    supplierName: nameOf.get(invoice.supplierKey) ?? invoice.supplierKey,
    supplierNif: nifOf.get(invoice.supplierKey) ?? null,
    ...buyerNifColumns(cipher, DEMO_COMPANY.nif),
    buyerName: DEMO_COMPANY.name,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    totalCents: invoice.totalCents,
    vatCents: invoice.vatCents,
    atcud: invoice.atcud,
    documentType: invoice.documentType,
    paymentStatus: invoice.paymentStatus,
    isPaid: invoice.paymentStatus === 'Paga',
    paymentMethod: invoice.paymentMethod,
    paidAt: invoice.paidAt,
    originalInvoiceRef: invoice.originalInvoiceRef,
    source: invoice.source,
    hasVatBreakdown: invoice.vatLines !== null,
    createdAt: noonOf(invoice.issueDate),
    updatedAt: noonOf(invoice.issueDate),
  }));
  for (let i = 0; i < invoiceRows.length; i += 500) {
    await tx.insert(invoices).values(invoiceRows.slice(i, i + 500));
  }
  const lines = data.invoices.flatMap((invoice, index) =>
    (invoice.vatLines ?? []).map((line) => ({
      accountId,
      invoiceId: invoiceRows[index]?.id ?? '',
      ...line,
    })),
  );
  for (let i = 0; i < lines.length; i += 1000) {
    await tx.insert(invoiceVatLines).values(lines.slice(i, i + 1000));
  }

  await tx.insert(cmvSales).values(data.sales.map((sale) => ({ accountId, ...sale })));
  await tx.insert(savingsGoals).values(
    data.goals.map((goal) => ({
      accountId,
      name: goal.name,
      targetCents: goal.targetCents,
      targetDate: goal.targetDate,
      startDate: goal.startDate,
      supplierNif: goal.supplierKey ? (nifOf.get(goal.supplierKey) ?? null) : null,
    })),
  );
}
