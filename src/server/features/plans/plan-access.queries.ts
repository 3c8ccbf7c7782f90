// The plan facts of an account that the server's plan gates read (spec accounts §6): spending
// limits, photos per invoice. The gates themselves are the pure functions of #shared/plans.ts.
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { accounts } from '#server/db/schema/index.ts';
import {
  getPlanFeatures,
  planAccessOf,
  type PlanAccess,
  type PlanFeatures,
} from '#shared/plans.ts';

export async function getPlanAccess(db: Database, accountId: string): Promise<PlanAccess> {
  const [row] = await db
    .select({ planId: accounts.planId, monthlyInvoiceLimit: accounts.monthlyInvoiceLimit })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!row) throw new Error(`account ${accountId} not found`);
  return planAccessOf(row.planId, row.monthlyInvoiceLimit);
}

export async function getAccountPlanFeatures(
  db: Database,
  accountId: string,
): Promise<PlanFeatures> {
  return getPlanFeatures(await getPlanAccess(db, accountId));
}
