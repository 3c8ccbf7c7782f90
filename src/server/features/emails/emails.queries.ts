// Settings → email history (spec accounts §7 "Table reads": email_audit newest first).
import { desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { emailAudit, type EmailStatus } from '#server/db/schema/index.ts';

export type EmailHistoryItem = {
  id: string;
  to: string;
  type: string;
  subject: string;
  status: EmailStatus;
  errorMessage: string | null;
  createdAt: string;
};

export type ListEmailHistoryParams = { accountId: string; limit: number };

/** Served by email_audit_account_created_idx. The stored body is never selected. */
export async function listEmailHistory(
  db: Database,
  { accountId, limit }: ListEmailHistoryParams,
): Promise<EmailHistoryItem[]> {
  const rows = await db
    .select({
      id: emailAudit.id,
      to: emailAudit.toAddress,
      type: emailAudit.type,
      subject: emailAudit.subject,
      status: emailAudit.status,
      errorMessage: emailAudit.errorMessage,
      createdAt: emailAudit.createdAt,
    })
    .from(emailAudit)
    .where(eq(emailAudit.accountId, accountId))
    .orderBy(desc(emailAudit.createdAt), desc(emailAudit.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
