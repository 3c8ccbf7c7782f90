// `accounts`: every account with its email, name, the plan in force (planAccessOf, as every gate
// reads it), the subscription behind it, this month's invoice usage and when it was created.
import { asc, count, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { accounts, authUsers, invoices, profiles, subscriptions } from '#server/db/schema/index.ts';
import { startOfMonth, todayInLisbon } from '#shared/dates.ts';
import {
  PLANS,
  planAccessOf,
  type BillingProvider,
  type PlanId,
  type SubscriptionStatus,
} from '#shared/plans.ts';
import { formatDay, formatEnd } from './admin-dates.ts';
import { ADMIN_MESSAGES, STATUS_LABELS } from './admin-messages.ts';
import { textTable } from './text-table.ts';

export type AccountListEntry = {
  accountId: string;
  email: string;
  name: string | null;
  /** The plan in force now: a lapsed or ended subscription is Gratuito. */
  planId: PlanId;
  subscription: {
    planId: PlanId;
    status: SubscriptionStatus;
    provider: BillingProvider;
    endsAt: Date | null;
    currentPeriodEnd: Date | null;
  } | null;
  usage: { current: number; limit: number };
  createdAt: Date;
};

export async function listAccounts(db: Database, now = new Date()): Promise<AccountListEntry[]> {
  const rows = await db
    .select({
      accountId: accounts.id,
      createdAt: accounts.createdAt,
      userEmail: authUsers.email,
      userName: authUsers.name,
      profileEmail: profiles.email,
      fullName: profiles.fullName,
      planId: subscriptions.planId,
      status: subscriptions.status,
      provider: subscriptions.provider,
      endsAt: subscriptions.endsAt,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(accounts)
    .leftJoin(authUsers, eq(authUsers.id, accounts.id))
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  const used = await countInvoicesThisMonth(db, now);
  return rows.map((row) => {
    const subscription =
      row.planId !== null && row.status !== null && row.provider !== null
        ? {
            planId: row.planId,
            status: row.status,
            provider: row.provider,
            endsAt: row.endsAt,
            currentPeriodEnd: row.currentPeriodEnd,
          }
        : null;
    const access = planAccessOf(subscription, now);
    return {
      accountId: row.accountId,
      email: row.userEmail ?? row.profileEmail ?? '',
      name: row.fullName ?? row.userName,
      planId: access.planId,
      subscription,
      usage: { current: used.get(row.accountId) ?? 0, limit: access.monthlyInvoiceLimit },
      createdAt: row.createdAt,
    };
  });
}

/**
 * Invoices created since the 1st of this month in Lisbon, per account: the monthly counter of
 * countCreatedThisMonth for every account in one aggregate.
 */
async function countInvoicesThisMonth(db: Database, now: Date): Promise<Map<string, number>> {
  const monthStart = sql`(${startOfMonth(todayInLisbon(now))}::timestamp at time zone 'Europe/Lisbon')`;
  const rows = await db
    .select({ accountId: invoices.accountId, value: count() })
    .from(invoices)
    .where(gte(invoices.createdAt, monthStart))
    .groupBy(invoices.accountId);
  return new Map(rows.map((row) => [row.accountId, row.value]));
}

function subscriptionCell(entry: AccountListEntry): string {
  const { subscription } = entry;
  if (!subscription) return '—';
  const provider = subscription.provider === 'stripe' ? 'Stripe' : 'manual';
  const plan =
    subscription.planId === entry.planId ? '' : ` (${PLANS[subscription.planId].name}, terminado)`;
  return `${STATUS_LABELS[subscription.status]}, ${provider}${plan}`;
}

function endCell(entry: AccountListEntry): string {
  const end = entry.subscription?.endsAt ?? null;
  if (end) return formatEnd(end);
  const renews = entry.subscription?.currentPeriodEnd ?? null;
  return renews ? `renova ${formatEnd(renews)}` : '—';
}

/** A plain-text table, columns padded to their widest cell. */
export function formatAccountsTable(entries: AccountListEntry[]): string {
  if (entries.length === 0) return ADMIN_MESSAGES.noAccounts;
  const header = ['Email', 'Nome', 'Plano', 'Subscrição', 'Fim', 'Faturas (mês)', 'Criada'];
  const rows = entries.map((entry) => [
    entry.email,
    entry.name ?? '—',
    PLANS[entry.planId].name,
    subscriptionCell(entry),
    endCell(entry),
    `${entry.usage.current}/${entry.usage.limit}`,
    formatDay(entry.createdAt),
  ]);
  return textTable(header, rows, entries.length === 1 ? '1 conta.' : `${entries.length} contas.`);
}

/** `accounts --json`: ISO instants, the plan's name beside its id. */
export function formatAccountsJson(entries: AccountListEntry[]): string {
  return JSON.stringify(
    entries.map((entry) => ({
      email: entry.email,
      name: entry.name,
      accountId: entry.accountId,
      plan: entry.planId,
      planName: PLANS[entry.planId].name,
      subscription: entry.subscription && {
        plan: entry.subscription.planId,
        status: entry.subscription.status,
        provider: entry.subscription.provider,
        endsAt: entry.subscription.endsAt?.toISOString() ?? null,
        currentPeriodEnd: entry.subscription.currentPeriodEnd?.toISOString() ?? null,
      },
      invoicesThisMonth: entry.usage.current,
      monthlyInvoiceLimit: entry.usage.limit,
      createdAt: entry.createdAt.toISOString(),
    })),
    null,
    2,
  );
}
