// A person's reminder preferences in an account (schema/notifications.ts reminder_preferences),
// by its primary key (account_id, user_id); no row means the defaults.
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { reminderPreferences, type ReminderPreferencesRow } from '#server/db/schema/index.ts';
import {
  DEFAULT_REMINDER_PREFERENCES,
  minutesOfDay,
  timeOfDay,
  type ReminderPreferences,
} from '#shared/reminders.ts';
import type { PersonParams } from './push-subscriptions.queries.ts';

type PreferenceColumns = Omit<
  ReminderPreferencesRow,
  'accountId' | 'userId' | 'createdAt' | 'updatedAt'
>;

export function toReminderPreferences(row: PreferenceColumns | undefined): ReminderPreferences {
  if (!row) return DEFAULT_REMINDER_PREFERENCES;
  return {
    invoiceDueSoon: { push: row.dueSoonPush, email: row.dueSoonEmail },
    invoiceOverdue: { push: row.overduePush, email: row.overdueEmail },
    supplierLimit: { push: row.limitPush, email: row.limitEmail },
    weeklyDigest: { email: row.weeklyDigestEmail },
    quietHours: {
      enabled: row.quietHoursEnabled,
      start: timeOfDay(row.quietHoursStart),
      end: timeOfDay(row.quietHoursEnd),
    },
  };
}

function toColumns(preferences: ReminderPreferences): PreferenceColumns {
  return {
    dueSoonPush: preferences.invoiceDueSoon.push,
    dueSoonEmail: preferences.invoiceDueSoon.email,
    overduePush: preferences.invoiceOverdue.push,
    overdueEmail: preferences.invoiceOverdue.email,
    limitPush: preferences.supplierLimit.push,
    limitEmail: preferences.supplierLimit.email,
    weeklyDigestEmail: preferences.weeklyDigest.email,
    quietHoursEnabled: preferences.quietHours.enabled,
    quietHoursStart: minutesOfDay(preferences.quietHours.start),
    quietHoursEnd: minutesOfDay(preferences.quietHours.end),
  };
}

export async function getReminderPreferences(
  db: Database,
  { accountId, userId }: PersonParams,
): Promise<ReminderPreferences> {
  const [row] = await db
    .select()
    .from(reminderPreferences)
    .where(
      and(eq(reminderPreferences.accountId, accountId), eq(reminderPreferences.userId, userId)),
    );
  return toReminderPreferences(row);
}

export async function saveReminderPreferences(
  db: Database,
  { accountId, userId, preferences }: PersonParams & { preferences: ReminderPreferences },
): Promise<ReminderPreferences> {
  const columns = toColumns(preferences);
  const [row] = await db
    .insert(reminderPreferences)
    .values({ accountId, userId, ...columns })
    .onConflictDoUpdate({
      target: [reminderPreferences.accountId, reminderPreferences.userId],
      set: columns,
    })
    .returning();
  return toReminderPreferences(row);
}
