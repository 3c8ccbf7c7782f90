// The payment status an invoice shows, in SQL (spec invoice-work §4 "Payment status"): a
// Pendente invoice whose due date has passed is Vencida the moment anyone looks, even before the
// daily expiry job has written it (issue 13 point 6). The rule is #shared/invoice-status.ts
// statusAfterExpiry; the DTO applies that function to each row, and these fragments apply it
// where SQL filters and counts (list status chips, stats cards, supplier totals).
//
// Why computed on read and not updated on read: an UPDATE on every GET would turn each list,
// stats and counter request into a write (a row lock, WAL, a live-update event) and add a
// statement to the hot path measured by `npm run bench`. The expression costs nothing the
// indexes cannot give: the stored-status condition the list has always sent stays, word for
// word, so invoices_account_open_created_idx (open statuses) still matches its predicate, and
// the extra due-date test only filters rows that scan reads anyway. The job still writes
// Vencida nightly, for the record and the notifications.
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { expiryCandidateSql, invoices } from '#server/db/schema/index.ts';
import { sqlLiteral } from '#server/db/schema/columns.ts';
import { addDays, isValidCalendarDate, type CalendarDate } from '#shared/dates.ts';
import type { PaymentStatus } from '#shared/domain.ts';
import { URGENT_WITHIN_DAYS } from '#shared/invoice-status.ts';

/**
 * `'YYYY-MM-DD'::date`, inlined: the same expression may appear in SELECT and GROUP BY, which
 * PostgreSQL only matches when they are textually equal (two bind parameters are not). Checked
 * first, so nothing but a calendar date reaches the SQL text.
 */
function dateLiteral(today: CalendarDate): SQL {
  if (!isValidCalendarDate(today)) throw new RangeError(`Not a calendar date: ${today}`);
  return sql.raw(`${sqlLiteral(today)}::date`);
}

/** Pendente, unpaid and due before today: what the expiry job turns Vencida. */
export function expiredSql(today: CalendarDate): SQL {
  return sql`(${expiryCandidateSql(invoices)} and ${invoices.dueDate} < ${dateLiteral(today)})`;
}

/** The status shown: stored, except an expired Pendente reads Vencida. */
export function effectiveStatusSql(today: CalendarDate): SQL<PaymentStatus> {
  return sql<PaymentStatus>`(case when ${expiredSql(today)} then ${sql.raw(sqlLiteral('Vencida' satisfies PaymentStatus))} else ${invoices.paymentStatus} end)`;
}

/**
 * The status chips' filter on shown statuses. The stored statuses that can show as the chosen
 * ones (a Vencida chip also takes stored Pendente rows) keep the plain `payment_status in (…)`
 * the planner matches to the open-invoice partial index; the shown status is tested on top only
 * when exactly one of Pendente and Vencida is chosen, the one case where they differ.
 */
export function statusFilterSql(statuses: readonly PaymentStatus[], today: CalendarDate): SQL {
  const wantsPending = statuses.includes('Pendente');
  const wantsOverdue = statuses.includes('Vencida');
  const stored = wantsOverdue && !wantsPending ? [...statuses, 'Pendente' as const] : statuses;
  const condition = inArray(invoices.paymentStatus, [...stored]);
  if (wantsPending === wantsOverdue) return condition;
  return and(condition, inArray(effectiveStatusSql(today), [...statuses])) as SQL;
}

/**
 * Urgent (#shared/invoice-status.ts isUrgent): Pendente and due from today through today + 3.
 * An unpaid Pendente due today or later is never expired, so the stored status is the shown one.
 */
export function urgentSql(today: CalendarDate): SQL {
  return sql`(${expiryCandidateSql(invoices)} and ${invoices.dueDate} between ${dateLiteral(today)} and ${dateLiteral(addDays(today, URGENT_WITHIN_DAYS))})`;
}
