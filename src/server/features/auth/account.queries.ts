// The tenant rows behind a Better Auth user: a main user's id is also its account's id
// (db/schema/auth.ts), and every account has exactly one profile.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  accounts,
  authUsers,
  authVerifications,
  profiles,
  type NewProfile,
} from '#server/db/schema/index.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { companyNifColumns, personalNifColumns } from '#server/services/crypto/sealed-fields.ts';
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
  'accountType' | 'fullName' | 'companyName' | 'phone'
> & { personalNif: string | null; companyNif: string | null };

/** Stores the sign-up form's fields, the NIFs sealed and hashed (ADR 028); false without a profile. */
export async function saveSignUpProfile(
  db: Database,
  cipher: FieldCipher,
  accountId: string,
  { personalNif, companyNif, ...fields }: SignUpProfileFields,
): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({
      ...fields,
      ...personalNifColumns(cipher, personalNif),
      ...companyNifColumns(cipher, companyNif),
    })
    .where(eq(profiles.accountId, accountId))
    .returning({ accountId: profiles.accountId });
  return rows.length > 0;
}

/** Sign-up: the user who already has this email, if any (auth_users.email is unique and stored lower case). */
export async function findUserByEmail(
  db: Database,
  email: string,
): Promise<{ id: string; name: string; email: string } | null> {
  const [row] = await db
    .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email })
    .from(authUsers)
    .where(eq(authUsers.email, email))
    .limit(1);
  return row ?? null;
}

const RESET_PREFIX = 'reset-password:';

/**
 * Forgets every outstanding password-reset link of a user (issue 12.5): after a reset or a
 * password change, a link mailed earlier must not change the password again. Better Auth
 * keeps them as verification rows `reset-password:<token>` whose value is the user id.
 */
export async function forgetResetLinks(db: Database, userId: string): Promise<void> {
  await db
    .delete(authVerifications)
    .where(
      and(
        eq(authVerifications.value, userId),
        sql`left(${authVerifications.identifier}, ${RESET_PREFIX.length}) = ${RESET_PREFIX}`,
      ),
    );
}
