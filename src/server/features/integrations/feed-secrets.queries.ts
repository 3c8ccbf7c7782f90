// The feed secret of an account (schema/feed-secrets.ts): one row per account, found by the
// account (its primary key) for the /integracoes page, by the token's hash (its unique index)
// for the feed itself.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { feedSecrets, subscriptions } from '#server/db/schema/index.ts';
import {
  subscriptionRightsColumns,
  subscriptionRightsOrNull,
} from '#server/features/plans/plan-access.queries.ts';
import type { SubscriptionRights } from '#shared/plans.ts';

/** What the page may know of a secret: never the token, which is not stored. */
export type FeedSecretStatus = { issuedAt: Date; lastUsedAt: Date | null };

const statusColumns = { issuedAt: feedSecrets.issuedAt, lastUsedAt: feedSecrets.lastUsedAt };

/** A spreadsheet refreshing every minute writes `last_used_at` once a minute, not per request. */
const LAST_USED_PRECISION = sql`interval '1 minute'`;

export type AccountParams = { accountId: string };
export type SetFeedSecretParams = { accountId: string; tokenHash: string };

export async function getFeedSecret(
  db: Database,
  { accountId }: AccountParams,
): Promise<FeedSecretStatus | null> {
  const [row] = await db
    .select(statusColumns)
    .from(feedSecrets)
    .where(eq(feedSecrets.accountId, accountId));
  return row ?? null;
}

/** 'exists' when the account has one already (the page offers rotate and revoke then). */
export async function createFeedSecret(
  db: Database,
  { accountId, tokenHash }: SetFeedSecretParams,
): Promise<FeedSecretStatus | 'exists'> {
  const [row] = await db
    .insert(feedSecrets)
    .values({ accountId, tokenHash })
    .onConflictDoNothing({ target: feedSecrets.accountId })
    .returning(statusColumns);
  return row ?? 'exists';
}

/** A new token for the account's secret; the old one stops answering at once. Null: none. */
export async function rotateFeedSecret(
  db: Database,
  { accountId, tokenHash }: SetFeedSecretParams,
): Promise<FeedSecretStatus | null> {
  const [row] = await db
    .update(feedSecrets)
    .set({ tokenHash, issuedAt: sql`now()`, lastUsedAt: null })
    .where(eq(feedSecrets.accountId, accountId))
    .returning(statusColumns);
  return row ?? null;
}

/** False when there was nothing to revoke. */
export async function revokeFeedSecret(db: Database, { accountId }: AccountParams) {
  const rows = await db
    .delete(feedSecrets)
    .where(eq(feedSecrets.accountId, accountId))
    .returning({ accountId: feedSecrets.accountId });
  return rows.length > 0;
}

export type FeedAccount = { accountId: string; subscription: SubscriptionRights | null };

/** The account whose secret hashes to `tokenHash`, with its plan (feed_secrets_token_hash_unique). */
export async function findFeedAccount(
  db: Database,
  { tokenHash }: { tokenHash: string },
): Promise<FeedAccount | null> {
  const [row] = await db
    .select({ accountId: feedSecrets.accountId, ...subscriptionRightsColumns })
    .from(feedSecrets)
    .leftJoin(subscriptions, eq(subscriptions.accountId, feedSecrets.accountId))
    .where(eq(feedSecrets.tokenHash, tokenHash));
  return row ? { accountId: row.accountId, subscription: subscriptionRightsOrNull(row) } : null;
}

/** Records a read of the feed, unless one was recorded in the last minute. */
export async function markFeedUsed(db: Database, { accountId }: AccountParams): Promise<void> {
  await db
    .update(feedSecrets)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(feedSecrets.accountId, accountId),
        or(
          isNull(feedSecrets.lastUsedAt),
          lt(feedSecrets.lastUsedAt, sql`now() - ${LAST_USED_PRECISION}`),
        ),
      ),
    );
}
