// email_audit rows (spec accounts §3 "Email audit"): one per message, pending → sent | failed.
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { emailAudit, type EmailAuditRow, type EmailStatus } from '#server/db/schema/index.ts';
import type { MailErrorCode } from './mail-errors.ts';

/**
 * The rendered body, kept in `metadata` under this key so "resend" sends the very same
 * message without the caller having to render it again. Never returned by the history API.
 */
export const BODY_KEY = '_body';
export type StoredBody = {
  text: string;
  html: string;
  fromName?: string;
  replyTo?: string;
  bcc?: string;
};

export type InsertAuditParams = {
  accountId: string;
  to: string;
  type: string;
  template: string;
  subject: string;
  metadata: Record<string, unknown>;
  body: StoredBody;
};

/**
 * The new row's id, or null when a once-only index refused it (a payment notification for
 * that invoice is pending or sent already: email_audit_payment_notification_once_idx).
 */
export async function insertPendingAudit(
  db: Database,
  params: InsertAuditParams,
): Promise<string | null> {
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
    // The id is random, so the only conflict possible is with a once-only index.
    .onConflictDoNothing()
    .returning({ id: emailAudit.id });
  return row?.id ?? null;
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

export type ReplaceAuditBodyParams = {
  accountId: string;
  auditId: string;
  subject: string;
  body: StoredBody;
};

/**
 * Swaps the stored message of a row for a newly rendered one (a resend with a fresh link), so
 * the row always holds what was last sent. The rest of the metadata is kept.
 */
export async function replaceAuditBody(
  db: Database,
  params: ReplaceAuditBodyParams,
): Promise<void> {
  const patch = JSON.stringify({ [BODY_KEY]: params.body });
  await db
    .update(emailAudit)
    .set({
      subject: params.subject,
      metadata: sql`${emailAudit.metadata} || ${patch}::jsonb`,
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
  if (typeof text !== 'string' || typeof html !== 'string') return null;
  const fromName = 'fromName' in body ? body.fromName : undefined;
  const replyTo = 'replyTo' in body ? body.replyTo : undefined;
  const bcc = 'bcc' in body ? body.bcc : undefined;
  return {
    text,
    html,
    ...(typeof fromName === 'string' ? { fromName } : {}),
    ...(typeof replyTo === 'string' ? { replyTo } : {}),
    ...(typeof bcc === 'string' ? { bcc } : {}),
  };
}

const ONCE_ONLY_INDEX = 'email_audit_payment_notification_once_idx';

/** A write refused by the once-only index: that invoice's notice is pending or sent already. */
export function isOnceOnlyConflict(error: unknown): boolean {
  const { cause } = typeof error === 'object' && error !== null && 'cause' in error ? error : {};
  return [error, cause].some(
    (e) =>
      typeof e === 'object' &&
      e !== null &&
      'code' in e &&
      e.code === '23505' &&
      'constraint' in e &&
      e.constraint === ONCE_ONLY_INDEX,
  );
}

/**
 * Claims rows still pending since before `olderThan` — left by a server that died while
 * delivering them — by touching their updated_at, so the next claim waits another lease.
 * Runs inside the mail-outbox job's transaction, under its advisory lock: one claimer at a time.
 */
export async function claimStalePendingAudits(
  db: Database,
  { olderThan, limit }: { olderThan: Date; limit: number },
): Promise<EmailAuditRow[]> {
  const stale = db
    .select({ id: emailAudit.id })
    .from(emailAudit)
    .where(and(eq(emailAudit.status, 'pending'), lt(emailAudit.updatedAt, olderThan)))
    .orderBy(asc(emailAudit.updatedAt))
    .limit(limit);
  return db
    .update(emailAudit)
    .set({ updatedAt: new Date() })
    .where(and(eq(emailAudit.status, 'pending'), inArray(emailAudit.id, stale)))
    .returning();
}
