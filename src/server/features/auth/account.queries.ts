// The tenant rows behind a Better Auth user: a main user's id is also its account's id
// (db/schema/auth.ts), and every account has exactly one profile.
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { accounts, authUsers, profiles, type NewProfile } from '#server/db/schema/index.ts';
import { fallbackNameFromEmail } from '#shared/schemas/auth.ts';

export type CreateAccountForUserParams = { userId: string; email: string; name: string };

/**
 * The `accounts` and `profiles` rows of a new user, whatever the way in (email sign-up or
 * Google). Idempotent, so a retried hook never fails on the second run.
 */
export async function createAccountForUser(
  db: Database,
  { userId, email, name }: CreateAccountForUserParams,
): Promise<void> {
  await db.insert(accounts).values({ id: userId }).onConflictDoNothing();
  await db
    .insert(profiles)
    .values({
      accountId: userId,
      email,
      fullName: name.trim() || fallbackNameFromEmail(email),
      accountType: 'particular',
    })
    .onConflictDoNothing();
}

export type SignUpProfileFields = Pick<
  NewProfile,
  'accountType' | 'fullName' | 'companyName' | 'personalNif' | 'companyNif' | 'phone'
>;

/** Stores the sign-up form's fields; false when the account has no profile. */
export async function saveSignUpProfile(
  db: Database,
  accountId: string,
  fields: SignUpProfileFields,
): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set(fields)
    .where(eq(profiles.accountId, accountId))
    .returning({ accountId: profiles.accountId });
  return rows.length > 0;
}

/** Sign-up: is this email already taken? (auth_users.email is unique and stored lower case.) */
export async function isEmailTaken(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(eq(authUsers.email, email))
    .limit(1);
  return rows.length > 0;
}
