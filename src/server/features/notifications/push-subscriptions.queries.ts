// Push subscriptions (schema/notifications.ts): a person's devices in an account, served by
// push_subscriptions_account_user_idx (account_id, user_id, created_at); a browser found by its
// endpoint through push_subscriptions_endpoint_account_unique (endpoint, account_id).
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { acrossAccounts } from '#server/db/account-context.ts';
import type { Database } from '#server/db/client.ts';
import { profiles, pushSubscriptions, type PushSubscriptionRow } from '#server/db/schema/index.ts';

export type PersonParams = { accountId: string; userId: string };

/** What the list shows of a device: never its endpoint or keys. */
export type PushDevice = Pick<PushSubscriptionRow, 'id' | 'label' | 'createdAt' | 'lastUsedAt'>;

const deviceColumns = {
  id: pushSubscriptions.id,
  label: pushSubscriptions.label,
  createdAt: pushSubscriptions.createdAt,
  lastUsedAt: pushSubscriptions.lastUsedAt,
};

/** The person's devices in the account, oldest first. */
export async function listPushDevices(
  db: Database,
  { accountId, userId }: PersonParams,
): Promise<PushDevice[]> {
  return db
    .select(deviceColumns)
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.accountId, accountId), eq(pushSubscriptions.userId, userId)))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

export type SavePushSubscriptionParams = PersonParams & {
  endpoint: string;
  p256dh: string;
  authSecret: string;
  label: string;
};

/**
 * Stores the browser's subscription for the person in the account; the same browser subscribing
 * again (same endpoint) updates its row. A browser is one person's: the rows another person made
 * with this very subscription — same endpoint and same keys, which only that browser holds —
 * are deleted, in any account, so a shared computer does not keep showing the reminders of
 * whoever used it before. The holder's profile records the device (spec: the device's push id
 * in the profile).
 */
export async function savePushSubscription(
  db: Database,
  params: SavePushSubscriptionParams,
): Promise<PushDevice> {
  const { accountId, userId, endpoint, p256dh, authSecret, label } = params;
  // Across accounts by nature: the browser's earlier owner may have subscribed it elsewhere.
  // Proven by the keys, not just the endpoint.
  // (The statement runs inside: a query builder only runs when awaited.)
  await acrossAccounts(async () => {
    await db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.endpoint, endpoint),
          eq(pushSubscriptions.p256dh, p256dh),
          eq(pushSubscriptions.authSecret, authSecret),
          ne(pushSubscriptions.userId, userId),
        ),
      );
  });
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ accountId, userId, endpoint, p256dh, authSecret, label })
    .onConflictDoUpdate({
      target: [pushSubscriptions.endpoint, pushSubscriptions.accountId],
      set: { userId, p256dh, authSecret, label, updatedAt: sql`now()` },
    })
    .returning(deviceColumns);
  if (!row) throw new Error('savePushSubscription: no row');
  if (userId === accountId) {
    await db
      .update(profiles)
      .set({ pushNotifications: true, pushDeviceId: row.id })
      .where(eq(profiles.accountId, accountId));
  }
  return row;
}

/** False when the person has no such device in the account. */
export async function deletePushSubscription(
  db: Database,
  { accountId, userId, id }: PersonParams & { id: string },
): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.accountId, accountId),
        eq(pushSubscriptions.id, id),
        eq(pushSubscriptions.userId, userId),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  if (deleted.length === 0) return false;
  // The profile's device id names a device that is gone: cleared, and push off with the last.
  if (userId === accountId) {
    const [left] = await db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.accountId, accountId), eq(pushSubscriptions.userId, userId)))
      .orderBy(sql`${pushSubscriptions.createdAt} desc`)
      .limit(1);
    await db
      .update(profiles)
      .set({ pushDeviceId: left?.id ?? null, pushNotifications: left !== undefined })
      .where(eq(profiles.accountId, accountId));
  }
  return true;
}

/** The subscriptions of these people in these accounts (the reminders job), by person. */
export async function getPushTargets(
  db: Database,
  people: ReadonlyArray<PersonParams>,
): Promise<Map<string, PushSubscriptionRow[]>> {
  const byPerson = new Map<string, PushSubscriptionRow[]>();
  if (people.length === 0) return byPerson;
  const accountIds = [...new Set(people.map((p) => p.accountId))];
  const wanted = new Set(people.map(personKey));
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.accountId, accountIds));
  for (const row of rows) {
    const key = personKey(row);
    if (!wanted.has(key)) continue;
    const list = byPerson.get(key);
    if (list) list.push(row);
    else byPerson.set(key, [row]);
  }
  return byPerson;
}

export function personKey({ accountId, userId }: PersonParams): string {
  return `${accountId}\n${userId}`;
}

/** A push its service accepted: the device is alive. */
export async function touchPushSubscription(
  db: Database,
  { accountId, id }: { accountId: string; id: string },
): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(pushSubscriptions.accountId, accountId), eq(pushSubscriptions.id, id)));
}

/** The push service answered 404 or 410: the subscription will never work again. */
export async function removeDeadPushSubscription(
  db: Database,
  { accountId, id }: { accountId: string; id: string },
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.accountId, accountId), eq(pushSubscriptions.id, id)));
}
