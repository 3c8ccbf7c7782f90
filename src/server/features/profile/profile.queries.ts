// The account's profile joined with its account row (plan, limits). Every function takes the
// accountId from the session (STYLE.md "Boundaries").
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  accounts,
  profiles,
  subscriptions,
  type Account,
  type Profile,
} from '#server/db/schema/index.ts';
import {
  subscriptionRightsColumns,
  subscriptionRightsOrNull,
} from '#server/features/plans/plan-access.queries.ts';
import type { SubscriptionRights } from '#shared/plans.ts';

export type ProfileRecord = {
  profile: Profile;
  account: Pick<Account, 'teamManagementEnabled'>;
  subscription: SubscriptionRights | null;
};

export type GetProfileParams = { accountId: string };

/** Served by both primary keys. */
export async function getProfile(
  db: Database,
  { accountId }: GetProfileParams,
): Promise<ProfileRecord | null> {
  const [row] = await db
    .select({
      profile: profiles,
      account: { teamManagementEnabled: accounts.teamManagementEnabled },
      subscription: subscriptionRightsColumns,
    })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .leftJoin(subscriptions, eq(subscriptions.accountId, profiles.accountId))
    .where(eq(profiles.accountId, accountId))
    .limit(1);
  return row
    ? {
        profile: row.profile,
        account: row.account,
        subscription: subscriptionRightsOrNull(
          row.subscription ?? { planId: null, status: null, endsAt: null },
        ),
      }
    : null;
}

export type ProfileChanges = Partial<
  Pick<
    Profile,
    | 'fullName'
    | 'companyName'
    | 'personalNif'
    | 'companyNif'
    | 'phone'
    | 'accountType'
    | 'invoiceViewMode'
    | 'pushNotifications'
  >
>;
export type UpdateProfileParams = { accountId: string; changes: ProfileChanges };

export async function updateProfile(
  db: Database,
  { accountId, changes }: UpdateProfileParams,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(profiles).set(changes).where(eq(profiles.accountId, accountId));
}

export type SetPhotoPathParams = { accountId: string; photoPath: string | null };

/** Sets the photo and returns the path it replaced (to delete that file), or null. */
export async function setPhotoPath(
  db: Database,
  { accountId, photoPath }: SetPhotoPathParams,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ photoPath: profiles.photoPath })
      .from(profiles)
      .where(eq(profiles.accountId, accountId))
      .for('update');
    await tx.update(profiles).set({ photoPath }).where(eq(profiles.accountId, accountId));
    return current?.photoPath ?? null;
  });
}
