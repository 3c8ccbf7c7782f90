// The account's profile joined with its account row. The plan comes from the request scope,
// read with the session (ADR 017). Every function takes the accountId from the session
// (STYLE.md "Boundaries").
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { accounts, profiles, type Account, type Profile } from '#server/db/schema/index.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { companyNifColumns, personalNifColumns } from '#server/services/crypto/sealed-fields.ts';

export type ProfileRecord = {
  profile: Profile;
  account: Pick<Account, 'teamManagementEnabled'>;
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
    })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(eq(profiles.accountId, accountId))
    .limit(1);
  return row ?? null;
}

export type ProfileChanges = Partial<
  Pick<
    Profile,
    | 'fullName'
    | 'companyName'
    | 'companyNif'
    | 'phone'
    | 'accountType'
    | 'invoiceViewMode'
    | 'pushNotifications'
  > & { personalNif: string | null }
>;
export type UpdateProfileParams = {
  accountId: string;
  changes: ProfileChanges;
  /** Seals the personal NIF and hashes both NIFs (ADR 028). */
  cipher: FieldCipher;
};

export async function updateProfile(
  db: Database,
  { accountId, changes, cipher }: UpdateProfileParams,
): Promise<void> {
  const { personalNif, companyNif, ...rest } = changes;
  const columns = {
    ...rest,
    ...(personalNif === undefined ? {} : personalNifColumns(cipher, personalNif)),
    ...(companyNif === undefined ? {} : companyNifColumns(cipher, companyNif)),
  };
  if (Object.keys(columns).length === 0) return;
  await db.update(profiles).set(columns).where(eq(profiles.accountId, accountId));
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
