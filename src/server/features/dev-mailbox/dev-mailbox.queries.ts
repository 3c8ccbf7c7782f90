// The dev mailbox's list (DESIGN.md contract 4): what the app "sent", newest first.
import { desc } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { devOutbox } from '#server/db/schema/index.ts';

export type DevEmail = {
  id: string;
  to: string;
  /** The sender's display name and Reply-To, when the message set them. */
  fromName: string | null;
  replyTo: string | null;
  /** The blind copy's address, when the message had one. */
  bcc: string | null;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
};

export type ListDevEmailsParams = { limit: number };

/** Served by dev_outbox_created_idx. */
export async function listDevEmails(
  db: Database,
  { limit }: ListDevEmailsParams,
): Promise<DevEmail[]> {
  const rows = await db
    .select()
    .from(devOutbox)
    .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    fromName: row.fromName,
    replyTo: row.replyTo,
    bcc: row.bcc,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: row.links,
    createdAt: row.createdAt.toISOString(),
  }));
}
