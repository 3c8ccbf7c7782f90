// email_config rows (spec accounts §3, §7 "email_config: ordered by key"): one row per setting
// the account changed from its default; the typed settings are read from and written to them.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { emailConfig } from '#server/db/schema/index.ts';
import { EMAIL_CONFIG_KEYS, type EmailConfig } from '#shared/schemas/email-config.ts';

export const DEFAULT_EMAIL_CONFIG: EmailConfig = {
  senderName: null,
  replyTo: null,
  bccSelf: false,
  paymentTemplate: null,
};

type Entry = { key: string; value: string };

/** The settings in the rows; an unknown key (a later version's) is ignored. */
export function emailConfigFromRows(rows: readonly Entry[]): EmailConfig {
  const value = new Map(rows.map((row) => [row.key, row.value]));
  const text = (key: string) => value.get(key) || null;
  return {
    senderName: text(EMAIL_CONFIG_KEYS.senderName),
    replyTo: text(EMAIL_CONFIG_KEYS.replyTo),
    bccSelf: value.get(EMAIL_CONFIG_KEYS.bccSelf) === 'true',
    paymentTemplate: text(EMAIL_CONFIG_KEYS.paymentTemplate),
  };
}

/** The rows that store `config`: a setting at its default has none. */
function rowsOf(config: EmailConfig): Entry[] {
  const entries: [string, string | null][] = [
    [EMAIL_CONFIG_KEYS.senderName, config.senderName],
    [EMAIL_CONFIG_KEYS.replyTo, config.replyTo],
    [EMAIL_CONFIG_KEYS.bccSelf, config.bccSelf ? 'true' : null],
    [EMAIL_CONFIG_KEYS.paymentTemplate, config.paymentTemplate],
  ];
  return entries.flatMap(([key, value]) => (value === null ? [] : [{ key, value }]));
}

export type ReadEmailConfigParams = { accountId: string };

/** Ordered by key (the spec's read), served by the primary key (account_id, key). */
export async function readEmailConfig(
  db: Database,
  { accountId }: ReadEmailConfigParams,
): Promise<EmailConfig> {
  const rows = await db
    .select({ key: emailConfig.key, value: emailConfig.value })
    .from(emailConfig)
    .where(eq(emailConfig.accountId, accountId))
    .orderBy(asc(emailConfig.key));
  return emailConfigFromRows(rows);
}

export type SaveEmailConfigParams = { accountId: string; config: EmailConfig };

/** Replaces the account's settings at once: changed keys upserted, defaults' rows deleted. */
export async function saveEmailConfig(
  db: Database,
  { accountId, config }: SaveEmailConfigParams,
): Promise<void> {
  const rows = rowsOf(config);
  const kept = rows.map((row) => row.key);
  const dropped = Object.values(EMAIL_CONFIG_KEYS).filter((key) => !kept.includes(key));
  await db.transaction(async (tx) => {
    if (dropped.length > 0) {
      await tx
        .delete(emailConfig)
        .where(and(eq(emailConfig.accountId, accountId), inArray(emailConfig.key, dropped)));
    }
    if (rows.length > 0) {
      await tx
        .insert(emailConfig)
        .values(rows.map((row) => ({ accountId, ...row })))
        .onConflictDoUpdate({
          target: [emailConfig.accountId, emailConfig.key],
          set: { value: sql`excluded.value`, updatedAt: sql`now()` },
        });
    }
  });
}
