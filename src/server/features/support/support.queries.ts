// support_messages: a person's conversation with support, the messages waiting for an answer
// (the admin CLI's `support`) and the operator's answer (`support-reply`).
import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { authUsers, supportMessages, type SupportMessageRow } from '#server/db/schema/index.ts';
import type { SupportMessageDto } from '#shared/schemas/support.ts';

/** The messages the panel shows: the latest ones of a conversation. */
export const CONVERSATION_LIMIT = 200;

export type Conversation = { accountId: string; conversationKey: string };

export function toSupportMessageDto(row: SupportMessageRow): SupportMessageDto {
  return {
    id: row.id,
    direction: row.direction,
    body: row.body,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
  };
}

export type AddUserMessageParams = Conversation & {
  userId: string;
  authorName: string;
  body: string;
};

/** A message from the person: it waits for an answer. */
export async function addUserMessage(
  db: Database,
  params: AddUserMessageParams,
): Promise<SupportMessageRow> {
  const [row] = await db
    .insert(supportMessages)
    .values({ ...params, direction: 'user' })
    .returning();
  if (!row) throw new Error('addUserMessage: no row returned');
  return row;
}

/**
 * The conversation's latest messages (at most `limit`), oldest first as a chat reads:
 * support_messages_conversation_idx, walked backwards.
 */
export async function listConversation(
  db: Database,
  { accountId, conversationKey, limit = CONVERSATION_LIMIT }: Conversation & { limit?: number },
): Promise<SupportMessageRow[]> {
  const t = supportMessages;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.accountId, accountId), eq(t.conversationKey, conversationKey)))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit);
  return rows.reverse();
}

/** The account holder's email (the main user's id is the account's): by auth_users' key. */
export async function accountEmailOf(db: Database, accountId: string): Promise<string> {
  const [row] = await db
    .select({ email: authUsers.email })
    .from(authUsers)
    .where(eq(authUsers.id, accountId))
    .limit(1);
  return row?.email ?? '';
}

export type WaitingMessage = {
  id: string;
  accountId: string;
  /** The account holder's email (the main user's id is the account's). */
  accountEmail: string;
  authorName: string;
  body: string;
  createdAt: Date;
};

/**
 * Every person's message that support has not answered yet, newest first, across accounts:
 * support_messages_waiting_idx. For the operator (the admin CLI runs as the tables' owner).
 */
export async function listWaitingMessages(db: Database): Promise<WaitingMessage[]> {
  const t = supportMessages;
  const rows = await db
    .select({
      id: t.id,
      accountId: t.accountId,
      accountEmail: authUsers.email,
      authorName: t.authorName,
      body: t.body,
      createdAt: t.createdAt,
    })
    .from(t)
    .innerJoin(authUsers, eq(authUsers.id, t.accountId))
    .where(and(eq(t.direction, 'user'), isNull(t.answeredAt)))
    .orderBy(desc(t.createdAt), desc(t.id));
  return rows.map((row) => ({ ...row, authorName: row.authorName ?? '' }));
}

/** The first 8 hex digits of a message id: how `support` shows it, and enough to name it. */
export const SHORT_ID_LENGTH = 8;

export function shortId(id: string): string {
  return id.slice(0, SHORT_ID_LENGTH);
}

export type MessageToAnswer = Conversation & {
  id: string;
  body: string;
  authorName: string;
  createdAt: Date;
  /** Where the answer is emailed: the writer's email now; null once the person is gone. */
  writerEmail: string | null;
};

/**
 * The persons' messages whose id is `id`, or starts with it (8 hex digits or more): a range of
 * support_messages_id_idx. At most two, enough to tell an ambiguous prefix.
 */
export async function findMessagesToAnswer(
  db: Database,
  { id }: { id: string },
): Promise<MessageToAnswer[]> {
  const range = idRange(id);
  if (!range) return [];
  const t = supportMessages;
  return db
    .select({
      id: t.id,
      accountId: t.accountId,
      conversationKey: t.conversationKey,
      body: t.body,
      authorName: sql<string>`coalesce(${t.authorName}, '')`,
      createdAt: t.createdAt,
      writerEmail: authUsers.email,
    })
    .from(t)
    .leftJoin(authUsers, eq(authUsers.id, t.userId))
    .where(and(gte(t.id, range.from), lte(t.id, range.to), eq(t.direction, 'user')))
    .orderBy(asc(t.id))
    .limit(2);
}

/**
 * The smallest and largest uuid that start with `prefix` (hex digits, dashes where a uuid has
 * them); null when it is no such prefix, or shorter than a short id.
 */
export function idRange(prefix: string): { from: string; to: string } | null {
  const value = prefix.trim().toLowerCase();
  const hex = value.replaceAll('-', '');
  if (hex.length < SHORT_ID_LENGTH || hex.length > 32 || !/^[0-9a-f]+$/.test(hex)) return null;
  const template = '00000000-0000-0000-0000-000000000000';
  if (!template.startsWith(value.replace(/[0-9a-f]/g, '0'))) return null;
  const fill = (digit: '0' | 'f') => {
    const digits = hex.padEnd(32, digit);
    return `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  };
  return { from: fill('0'), to: fill('f') };
}

export type AddSupportReplyParams = Conversation & { body: string };

/**
 * The operator's answer in the conversation; every message of the person's that waited until
 * then (the database's clock, which stamped them) is answered by it, and counted in `answered`.
 * One transaction: the answer and the "answered" marks go together. By the conversation's index.
 */
export async function addSupportReply(
  db: Database,
  { accountId, conversationKey, body }: AddSupportReplyParams,
): Promise<{ reply: SupportMessageRow; answered: number }> {
  const t = supportMessages;
  return db.transaction(async (tx) => {
    const [reply] = await tx
      .insert(t)
      .values({ accountId, conversationKey, direction: 'support', body })
      .returning();
    if (!reply) throw new Error('addSupportReply: no row returned');
    const answered = await tx
      .update(t)
      .set({ answeredAt: reply.createdAt })
      .where(
        and(
          eq(t.accountId, accountId),
          eq(t.conversationKey, conversationKey),
          eq(t.direction, 'user'),
          isNull(t.answeredAt),
          lte(t.createdAt, reply.createdAt),
        ),
      )
      .returning({ id: t.id });
    return { reply, answered: answered.length };
  });
}
