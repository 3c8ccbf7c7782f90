// What the daily reminders run finds (issue 20 point 4): for each person who may get a reminder —
// a device with push on, or an email reminder chosen — the invoices of their account due within
// DUE_SOON_DAYS or just overdue, the suppliers past 85 % of their spending limit, and on Mondays
// the week's digest. Each becomes a row of reminder_deliveries, whose unique constraint makes
// sure the same reminder (person, kind, invoice or supplier, period) is made once, ever.
import { and, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import {
  authUsers,
  invoices,
  OPEN_PAYMENT_STATUSES,
  subscriptions,
  suppliers,
  teamMembers,
  pushSubscriptions,
  reminderDeliveries,
  reminderPreferences,
  type ReminderFacts,
} from '#server/db/schema/index.ts';
import { subscriptionRightsOrNull } from '#server/features/plans/plan-access.queries.ts';
import {
  getSpentByNif,
  hasLimitPanel,
  limitPeriodOf,
} from '#server/features/suppliers/supplier-spending.queries.ts';
import { addDays, isoWeekday, type CalendarDate } from '#shared/dates.ts';
import { CREDIT_NOTE, type PaymentStatus } from '#shared/domain.ts';
import { can, type Actor } from '#shared/permissions.ts';
import { getPlanFeatures, planAccessOf, type PlanAccess } from '#shared/plans.ts';
import {
  channelsFor,
  DUE_SOON_DAYS,
  OVERDUE_LOOKBACK_DAYS,
  WEEKLY_DIGEST_WEEKDAY,
  type Channels,
  type ReminderKind,
  type ReminderPreferences,
} from '#shared/reminders.ts';
import { limitPercentage, limitState } from '#shared/spending-limit.ts';
import { toReminderPreferences } from './reminder-preferences.queries.ts';

export type Recipient = {
  accountId: string;
  userId: string;
  actor: Actor;
  plan: PlanAccess;
  preferences: ReminderPreferences;
  /** At least one device with push on in this account. */
  hasDevice: boolean;
};

/**
 * Who may get a reminder: every person with a device in an account, or who chose an email
 * reminder there. The holder (user id = account id) always acts as the main user; anyone else
 * only as a member of the account, while its plan includes teams (request-scope.ts).
 */
export async function listRecipients(db: Database, now: Date): Promise<Recipient[]> {
  const withDevice = db
    .selectDistinct({ accountId: pushSubscriptions.accountId, userId: pushSubscriptions.userId })
    .from(pushSubscriptions);
  const byEmail = db
    .select({ accountId: reminderPreferences.accountId, userId: reminderPreferences.userId })
    .from(reminderPreferences)
    .where(
      or(
        reminderPreferences.dueSoonEmail,
        reminderPreferences.overdueEmail,
        reminderPreferences.limitEmail,
        reminderPreferences.weeklyDigestEmail,
      ),
    );
  const people = db.$with('people').as(union(withDevice, byEmail));
  const rows = await db
    .with(people)
    .select({
      accountId: people.accountId,
      userId: people.userId,
      memberRole: teamMembers.role,
      planId: subscriptions.planId,
      status: subscriptions.status,
      endsAt: subscriptions.endsAt,
      preferences: reminderPreferences,
      hasDevice: sql<boolean>`exists (select 1 from ${pushSubscriptions} d
        where d.account_id = ${people.accountId} and d.user_id = ${people.userId})`,
    })
    .from(people)
    .leftJoin(
      teamMembers,
      and(eq(teamMembers.accountId, people.accountId), eq(teamMembers.userId, people.userId)),
    )
    .leftJoin(subscriptions, eq(subscriptions.accountId, people.accountId))
    .leftJoin(
      reminderPreferences,
      and(
        eq(reminderPreferences.accountId, people.accountId),
        eq(reminderPreferences.userId, people.userId),
      ),
    );
  return rows.flatMap((row) => {
    const plan = planAccessOf(subscriptionRightsOrNull(row), now);
    let actor: Actor;
    if (row.userId === row.accountId) actor = { kind: 'main' };
    else if (row.memberRole && getPlanFeatures(plan).teamManagement)
      actor = { kind: 'member', role: row.memberRole, userId: row.userId };
    else return [];
    return [
      {
        accountId: row.accountId,
        userId: row.userId,
        actor,
        plan,
        preferences: toReminderPreferences(row.preferences ?? undefined),
        hasDevice: Boolean(row.hasDevice),
      },
    ];
  });
}

/** The channels a reminder of `kind` goes to for this person; null: not for them. */
export function effectiveChannels(recipient: Recipient, kind: ReminderKind): Channels | null {
  const { actor } = recipient;
  const allowed =
    kind === 'supplier_limit'
      ? can(actor, 'canAccessFornecedores') &&
        can(actor, 'canViewAllFornecedores') &&
        getPlanFeatures(recipient.plan).spendingLimits
      : can(actor, 'canAccessFacturas') && can(actor, 'canViewAllFacturas');
  if (!allowed) return null;
  const chosen = channelsFor(recipient.preferences, kind);
  const channels = { push: chosen.push && recipient.hasDevice, email: chosen.email };
  return channels.push || channels.email ? channels : null;
}

/** A reminder found: of what, for which period, and what it will say. */
export type Finding = {
  kind: ReminderKind;
  invoiceId: string | null;
  supplierId: string | null;
  period: CalendarDate;
  facts: ReminderFacts;
};

const OPEN = sql`${invoices.paymentStatus} in (${sql.join(
  OPEN_PAYMENT_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}) and not ${invoices.isPaid} and ${invoices.documentType} <> ${CREDIT_NOTE}`;

/**
 * Unpaid invoices due from OVERDUE_LOOKBACK_DAYS ago to DUE_SOON_DAYS ahead: due today or later
 * is 'due soon', before today 'overdue' (just became so: the daily expiry run turned it Vencida
 * at 00:05). Served by invoices_account_open_created_idx (account_id, only unpaid rows).
 */
async function findInvoiceReminders(
  db: Database,
  { accountId, today }: { accountId: string; today: CalendarDate },
): Promise<Finding[]> {
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      supplierName: invoices.supplierName,
      totalCents: invoices.totalCents,
      dueDate: invoices.dueDate,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, accountId),
        OPEN,
        sql`${invoices.dueDate} between ${addDays(today, -OVERDUE_LOOKBACK_DAYS)} and ${addDays(today, DUE_SOON_DAYS)}`,
      ),
    );
  return rows.map((row) => ({
    kind: row.dueDate >= today ? 'invoice_due_soon' : 'invoice_overdue',
    invoiceId: row.id,
    supplierId: null,
    period: row.dueDate,
    facts: {
      number: row.number,
      supplierName: row.supplierName,
      totalCents: row.totalCents,
      dueDate: row.dueDate,
    },
  }));
}

/**
 * Suppliers with an active limit whose spending in the current period is past 85 % (the red
 * 'Limite excedido' of the cards, #shared/spending-limit.ts), once per limit period.
 */
async function findLimitReminders(
  db: Database,
  { accountId, now }: { accountId: string; now: Date },
): Promise<Finding[]> {
  const rows = (
    await db
      .select()
      .from(suppliers)
      .where(
        and(
          eq(suppliers.accountId, accountId),
          eq(suppliers.spendingLimitActive, true),
          gt(suppliers.spendingLimitCents, 0),
        ),
      )
  ).filter(hasLimitPanel);
  if (rows.length === 0) return [];
  const periods = rows.map((row) => ({ nif: row.nif, range: limitPeriodOf(row, now) }));
  const spent = await getSpentByNif(db, { accountId, periods });
  return rows.flatMap((row, index) => {
    const range = periods[index]?.range;
    const limitCents = row.spendingLimitCents ?? 0;
    const spentCents = spent.get(row.nif) ?? 0;
    const percentage = limitPercentage(spentCents, limitCents);
    if (!range || limitState(percentage).key !== 'exceeded') return [];
    return [
      {
        kind: 'supplier_limit' as const,
        invoiceId: null,
        supplierId: row.id,
        period: range.start,
        facts: { name: row.name, nif: row.nif, percentage, spentCents, limitCents },
      },
    ];
  });
}

const PAID: PaymentStatus = 'Paga';

/** Monday's digest: what is unpaid, overdue, due this week, and what was paid last week. */
async function findWeeklyDigest(
  db: Database,
  { accountId, today }: { accountId: string; today: CalendarDate },
): Promise<Finding> {
  const weekEnd = addDays(today, 6);
  const lastWeek = addDays(today, -7);
  const overdue = sql`${OPEN} and ${invoices.dueDate} < ${today}`;
  const dueWeek = sql`${OPEN} and ${invoices.dueDate} between ${today} and ${weekEnd}`;
  const paid = sql`${invoices.paymentStatus} = ${PAID} and ${invoices.paidAt} >= ${lastWeek} and ${invoices.paidAt} < ${today}`;
  const count = (where: ReturnType<typeof sql>) =>
    sql<number>`(count(*) filter (where ${where}))::int`;
  const cents = (where: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(${invoices.totalCents}) filter (where ${where}), 0)::bigint`;
  const [row] = await db
    .select({
      openCount: count(OPEN),
      openCents: cents(OPEN),
      overdueCount: count(overdue),
      overdueCents: cents(overdue),
      dueWeekCount: count(dueWeek),
      dueWeekCents: cents(dueWeek),
      paidLastWeekCount: count(paid),
      paidLastWeekCents: cents(paid),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, accountId),
        or(OPEN, and(eq(invoices.paymentStatus, PAID), sql`${invoices.paidAt} >= ${lastWeek}`)),
      ),
    );
  const facts: ReminderFacts = { weekEnd };
  for (const [key, value] of Object.entries(row ?? {})) facts[key] = Number(value);
  return { kind: 'weekly_digest', invoiceId: null, supplierId: null, period: today, facts };
}

export type RecordRemindersParams = { today: CalendarDate; now: Date };

/**
 * Finds every reminder due today for every recipient and records the new ones (pending, to be
 * sent from `now`); what was recorded before is left alone by the unique constraint. The
 * number recorded per account.
 */
export async function recordReminders(
  db: Database,
  { today, now }: RecordRemindersParams,
): Promise<Map<string, number>> {
  const recipients = await listRecipients(db, now);
  const byAccount = new Map<string, Recipient[]>();
  for (const recipient of recipients) {
    const list = byAccount.get(recipient.accountId);
    if (list) list.push(recipient);
    else byAccount.set(recipient.accountId, [recipient]);
  }
  const isDigestDay = isoWeekday(today) === WEEKLY_DIGEST_WEEKDAY;
  const recorded = new Map<string, number>();
  for (const [accountId, people] of byAccount) {
    const wants = (kind: ReminderKind) => people.some((p) => effectiveChannels(p, kind));
    const findings: Finding[] = [];
    if (wants('invoice_due_soon') || wants('invoice_overdue'))
      findings.push(...(await findInvoiceReminders(db, { accountId, today })));
    if (wants('supplier_limit'))
      findings.push(...(await findLimitReminders(db, { accountId, now })));
    if (isDigestDay && wants('weekly_digest'))
      findings.push(await findWeeklyDigest(db, { accountId, today }));
    const rows = people.flatMap((person) =>
      findings.flatMap((finding) => {
        const channels = effectiveChannels(person, finding.kind);
        if (!channels) return [];
        return [{ accountId, userId: person.userId, ...finding, ...channels, deliverAfter: now }];
      }),
    );
    let count = 0;
    for (let start = 0; start < rows.length; start += 500) {
      const inserted = await db
        .insert(reminderDeliveries)
        .values(rows.slice(start, start + 500))
        // reminder_deliveries_once_unique: a reminder made before is not made again.
        .onConflictDoNothing()
        .returning({ id: reminderDeliveries.id });
      count += inserted.length;
    }
    if (count > 0) recorded.set(accountId, count);
  }
  return recorded;
}

/** The people's names and addresses, for the emails. */
export async function getPeople(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, { email: string; name: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: authUsers.id, email: authUsers.email, name: authUsers.name })
    .from(authUsers)
    .where(inArray(authUsers.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, { email: row.email, name: row.name }]));
}

/** The invoices of invoice reminders that are still unpaid, by `account\nid`. */
export async function stillOpenInvoices(
  db: Database,
  refs: ReadonlyArray<{ accountId: string; invoiceId: string }>,
): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = await db
    .select({ accountId: invoices.accountId, id: invoices.id })
    .from(invoices)
    .where(
      and(
        inArray(invoices.accountId, [...new Set(refs.map((r) => r.accountId))]),
        inArray(invoices.id, [...new Set(refs.map((r) => r.invoiceId))]),
        eq(invoices.isPaid, false),
        ne(invoices.paymentStatus, PAID),
      ),
    );
  return new Set(rows.map((row) => `${row.accountId}\n${row.id}`));
}
