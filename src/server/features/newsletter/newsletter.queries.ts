// newsletter_subscribers: asking (pending, or still confirmed), confirming by the link's token,
// leaving, and the confirmed list for the admin CLI.
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { newsletterSubscribers, type NewsletterStatus } from '#server/db/schema/index.ts';

export type RequestSubscriptionParams = {
  email: string;
  /** The new confirmation token's hash and expiry; unused when the address is confirmed. */
  tokenHash: string;
  expiresAt: Date;
};

/**
 * One statement, served by newsletter_subscribers_email_unique: a new address, a pending one or
 * one that left becomes pending with the new token; a confirmed one stays as it is. The answer
 * says which (`status`: 'confirmed' means it was already).
 */
export async function requestSubscription(
  db: Database,
  { email, tokenHash, expiresAt }: RequestSubscriptionParams,
): Promise<{ id: string; status: NewsletterStatus }> {
  const t = newsletterSubscribers;
  const isConfirmed = sql`${t.status} = 'confirmed'`;
  const [row] = await db
    .insert(t)
    .values({ email, status: 'pending', confirmTokenHash: tokenHash, confirmExpiresAt: expiresAt })
    .onConflictDoUpdate({
      target: t.email,
      set: {
        status: sql`case when ${isConfirmed} then ${t.status} else 'pending' end`,
        confirmTokenHash: sql`case when ${isConfirmed} then ${t.confirmTokenHash} else excluded.confirm_token_hash end`,
        confirmExpiresAt: sql`case when ${isConfirmed} then ${t.confirmExpiresAt} else excluded.confirm_expires_at end`,
        confirmedAt: sql`case when ${isConfirmed} then ${t.confirmedAt} else null end`,
        unsubscribedAt: sql`case when ${isConfirmed} then ${t.unsubscribedAt} else null end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: t.id, status: t.status });
  if (!row) throw new Error('requestSubscription: no row returned');
  return row;
}

export type ConfirmSubscriptionParams = { tokenHash: string; now?: Date };

/**
 * Confirms the address whose live link this is (again: the same link twice is fine); null when
 * the token is unknown, expired, or its address left since. Served by the token's index.
 */
export async function confirmSubscription(
  db: Database,
  { tokenHash, now = new Date() }: ConfirmSubscriptionParams,
): Promise<{ id: string } | null> {
  const t = newsletterSubscribers;
  const [row] = await db
    .update(t)
    .set({ status: 'confirmed', confirmedAt: sql`coalesce(${t.confirmedAt}, ${now}::timestamptz)` })
    .where(
      and(
        eq(t.confirmTokenHash, tokenHash),
        gt(t.confirmExpiresAt, now),
        inArray(t.status, ['pending', 'confirmed']),
      ),
    )
    .returning({ id: t.id });
  return row ?? null;
}

/** The address leaves the list (its confirmation link dies with it); by the primary key. */
export async function unsubscribe(
  db: Database,
  { id, now = new Date() }: { id: string; now?: Date },
): Promise<void> {
  const t = newsletterSubscribers;
  await db
    .update(t)
    .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null })
    .where(and(eq(t.id, id), ne(t.status, 'unsubscribed')));
}

export type ConfirmedSubscriber = { email: string; confirmedAt: Date; createdAt: Date };

/** Every confirmed address, oldest confirmation first: newsletter_subscribers_confirmed_idx. */
export async function listConfirmedSubscribers(db: Database): Promise<ConfirmedSubscriber[]> {
  const t = newsletterSubscribers;
  const rows = await db
    .select({ email: t.email, confirmedAt: t.confirmedAt, createdAt: t.createdAt })
    .from(t)
    .where(eq(t.status, 'confirmed'))
    .orderBy(asc(t.confirmedAt), asc(t.email));
  return rows.map((row) => ({ ...row, confirmedAt: row.confirmedAt ?? row.createdAt }));
}
