// email_audit rows (spec accounts §3 "Email audit"): one per message, pending → sent | failed.
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { emailAudit, type EmailAuditRow, type EmailStatus } from '#server/db/schema/index.ts';
import type { MailErrorCode } from './mail-errors.ts';

/**
 * The rendered body, kept in `metadata` under this key so "resend" sends the very same
 * message without the caller having to render it again. Never returned by the history API.
 */
export const BODY_KEY = '_body';
export type StoredBody = { text: string; html: string };

export type InsertAuditParams = {
  accountId: string;
  to: string;
  type: string;
  template: string;
  subject: string;
  metadata: Record<string, unknown>;
  body: StoredBody;
};

export async function insertPendingAudit(db: Database, params: InsertAuditParams): Promise<string> {
  const [row] = await db
    .insert(emailAudit)
    .values({
      accountId: params.accountId,
      toAddress: params.to,
      type: params.type,
      template: params.template,
      subject: params.subject,
      status: 'pending',
      metadata: { ...params.metadata, [BODY_KEY]: params.body },
    })
    .returning({ id: emailAudit.id });
  if (!row) throw new Error('insertPendingAudit: no row returned');
  return row.id;
}

export type MarkAuditParams = {
  accountId: string;
  auditId: string;
  status: EmailStatus;
  providerMessageId?: string | null;
  errorCode?: MailErrorCode | null;
  errorMessage?: string | null;
};

export async function markAudit(db: Database, params: MarkAuditParams): Promise<void> {
  await db
    .update(emailAudit)
    .set({
      status: params.status,
      providerMessageId: params.providerMessageId ?? null,
      errorCode: params.errorCode ?? null,
      errorMessage: params.errorMessage ?? null,
    })
    .where(and(eq(emailAudit.accountId, params.accountId), eq(emailAudit.id, params.auditId)));
}

export type FindAuditParams = { accountId: string; auditId: string };

/** Served by the primary key (account_id, id). */
export async function findAudit(
  db: Database,
  params: FindAuditParams,
): Promise<EmailAuditRow | null> {
  const [row] = await db
    .select()
    .from(emailAudit)
    .where(and(eq(emailAudit.accountId, params.accountId), eq(emailAudit.id, params.auditId)))
    .limit(1);
  return row ?? null;
}

export function storedBodyOf(row: EmailAuditRow): StoredBody | null {
  const body = row.metadata[BODY_KEY];
  if (typeof body !== 'object' || body === null) return null;
  const text = 'text' in body ? body.text : undefined;
  const html = 'html' in body ? body.html : undefined;
  return typeof text === 'string' && typeof html === 'string' ? { text, html } : null;
}
