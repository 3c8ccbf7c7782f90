// Savings (issue 16 point 5): the account's savings suppliers (main_category 'Poupanca', spec
// invoice-work §2), what their paid invoices add up to per month (credit notes are withdrawals
// and subtract), and the goals with their progress since each goal's start date.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { invoices, savingsGoals, suppliers, type SavingsGoal } from '#server/db/schema/index.ts';
import { CREDIT_NOTE, SAVINGS_MAIN_CATEGORY, type PaymentStatus } from '#shared/domain.ts';
import type { SavingsGoalData } from '#shared/schemas/savings.ts';
import type { SavingsSupplierDto } from './savings-dto.ts';

const PAID = 'Paga' satisfies PaymentStatus;
const signedTotal = sql`case when ${invoices.documentType} = ${CREDIT_NOTE} then -${invoices.totalCents} else ${invoices.totalCents} end`;

export type AccountParams = { accountId: string };

/** The suppliers whose main category is Poupanca, by name. Read on the suppliers' key. */
export async function listSavingsSuppliers(
  db: Database,
  { accountId }: AccountParams,
): Promise<SavingsSupplierDto[]> {
  return db
    .select({ nif: suppliers.nif, name: suppliers.name })
    .from(suppliers)
    .where(
      and(eq(suppliers.accountId, accountId), eq(suppliers.mainCategory, SAVINGS_MAIN_CATEGORY)),
    )
    .orderBy(asc(suppliers.name));
}

export type SavingsByMonth = { nif: string; month: string; savedCents: number };

/**
 * Paid savings per supplier and month, all time: a handful of suppliers times the months they
 * were used. Read on invoices_account_supplier_issue_date_idx (account_id, supplier_nif, …).
 */
export async function getSavingsByMonth(
  db: Database,
  { accountId, nifs }: AccountParams & { nifs: readonly string[] },
): Promise<SavingsByMonth[]> {
  if (nifs.length === 0) return [];
  const { rows } = await db.execute<{ nif: string; month: string; saved_cents: unknown }>(sql`
    select ${invoices.supplierNif} as nif, to_char(${invoices.issueDate}, 'YYYY-MM') as month,
      sum(${signedTotal}) as saved_cents
    from ${invoices}
    where ${invoices.accountId} = ${accountId}
      and ${invoices.supplierNif} in (${sql.join(
        nifs.map((nif) => sql`${nif}`),
        sql`, `,
      )})
      and ${invoices.paymentStatus} = ${PAID}
    group by 1, 2`);
  return rows.map((row) => ({
    nif: row.nif,
    month: row.month,
    savedCents: Number(row.saved_cents),
  }));
}

export type GoalProgress = { savedCents: number; pendingCents: number };

/**
 * Per goal, its savings suppliers' invoices since its start date: paid ones saved, the others
 * pending. One grouped statement; each goal reads its suppliers' ranges on
 * invoices_account_supplier_issue_date_idx.
 */
export async function getGoalProgress(
  db: Database,
  { accountId, nifs }: AccountParams & { nifs: readonly string[] },
): Promise<Map<string, GoalProgress>> {
  if (nifs.length === 0) return new Map();
  const nifList = sql.join(
    nifs.map((nif) => sql`${nif}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ id: string; saved_cents: unknown; pending_cents: unknown }>(
    sql`
    select g.id,
      coalesce(sum(${signedTotal}) filter (where ${invoices.paymentStatus} = ${PAID}), 0) as saved_cents,
      coalesce(sum(${signedTotal}) filter (where ${invoices.paymentStatus} <> ${PAID}), 0) as pending_cents
    from ${savingsGoals} g
    join ${invoices}
      on ${invoices.accountId} = g.account_id
      and ${invoices.issueDate} >= g.start_date
      and ${invoices.supplierNif} in (${nifList})
      and (g.supplier_nif is null or ${invoices.supplierNif} = g.supplier_nif)
    where g.account_id = ${accountId}
    group by g.id`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { savedCents: Number(row.saved_cents), pendingCents: Number(row.pending_cents) },
    ]),
  );
}

export async function listSavingsGoals(
  db: Database,
  { accountId }: AccountParams,
): Promise<SavingsGoal[]> {
  return db
    .select()
    .from(savingsGoals)
    .where(eq(savingsGoals.accountId, accountId))
    .orderBy(asc(savingsGoals.targetDate), asc(savingsGoals.createdAt));
}

export type CreateSavingsGoalParams = { accountId: string; goal: SavingsGoalData };

export async function createSavingsGoal(
  db: Database,
  { accountId, goal }: CreateSavingsGoalParams,
): Promise<SavingsGoal> {
  const [row] = await db
    .insert(savingsGoals)
    .values({ accountId, ...goal })
    .returning();
  if (!row) throw new Error('createSavingsGoal: no row returned');
  return row;
}

export type UpdateSavingsGoalParams = { accountId: string; id: string; goal: SavingsGoalData };

/** null for a goal the account does not have. */
export async function updateSavingsGoal(
  db: Database,
  { accountId, id, goal }: UpdateSavingsGoalParams,
): Promise<SavingsGoal | null> {
  const [row] = await db
    .update(savingsGoals)
    .set(goal)
    .where(and(eq(savingsGoals.accountId, accountId), eq(savingsGoals.id, id)))
    .returning();
  return row ?? null;
}

export type DeleteSavingsGoalParams = { accountId: string; id: string };

/** False for a goal the account does not have. */
export async function deleteSavingsGoal(
  db: Database,
  { accountId, id }: DeleteSavingsGoalParams,
): Promise<boolean> {
  const rows = await db
    .delete(savingsGoals)
    .where(and(eq(savingsGoals.accountId, accountId), eq(savingsGoals.id, id)))
    .returning({ id: savingsGoals.id });
  return rows.length > 0;
}
