// Main-PIN recovery codes (issue 18.7): one per account (its primary key), replaced by each new
// send. A try counts against the code before it is compared, in one conditional UPDATE, so a
// burst of parallel guesses cannot get past RECOVERY_CODE_MAX_ATTEMPTS; the right code is then
// deleted by a conditional DELETE, so it sets a PIN once.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { accounts, pinRecoveryCodes, profiles } from '#server/db/schema/index.ts';
import { displayNameOf } from '#server/features/profile/profile-view.ts';
import { RECOVERY_CODE_MAX_ATTEMPTS } from './recovery-code.ts';

export type RecoveryAccount = { mainPinSet: boolean; email: string | null; name: string | null };

/** Whether the account has a main PIN, and where and to whom the code is sent. */
export async function getRecoveryAccount(
  db: Database,
  accountId: string,
): Promise<RecoveryAccount> {
  const [row] = await db
    .select({
      mainPinHash: accounts.mainPinHash,
      accountType: profiles.accountType,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      email: profiles.email,
    })
    .from(accounts)
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  if (!row) return { mainPinSet: false, email: null, name: null };
  const { mainPinHash, accountType, email, fullName, companyName } = row;
  return {
    mainPinSet: mainPinHash !== null,
    email,
    name:
      email !== null && accountType !== null
        ? displayNameOf({ accountType, fullName, companyName, email })
        : null,
  };
}

/** The account's new code, replacing any earlier one (and its count of tries). */
export async function storeRecoveryCode(
  db: Database,
  { accountId, codeHash, expiresAt }: { accountId: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(pinRecoveryCodes)
    .values({ accountId, codeHash, expiresAt })
    .onConflictDoUpdate({
      target: pinRecoveryCodes.accountId,
      set: { codeHash, expiresAt, failedAttempts: 0, createdAt: sql`now()` },
    });
}

/** A code whose email did not go out is of no use to anyone. */
export async function deleteRecoveryCode(
  db: Database,
  { accountId, codeHash }: { accountId: string; codeHash: string },
): Promise<void> {
  await db
    .delete(pinRecoveryCodes)
    .where(and(eq(pinRecoveryCodes.accountId, accountId), eq(pinRecoveryCodes.codeHash, codeHash)));
}

/**
 * Counts one try against the account's code and returns its hash to compare with; null when
 * there is no code, it expired, or it is spent.
 */
export async function countRecoveryTry(db: Database, accountId: string): Promise<string | null> {
  const [row] = await db
    .update(pinRecoveryCodes)
    .set({ failedAttempts: sql`${pinRecoveryCodes.failedAttempts} + 1` })
    .where(
      and(
        eq(pinRecoveryCodes.accountId, accountId),
        gt(pinRecoveryCodes.expiresAt, sql`now()`),
        lt(pinRecoveryCodes.failedAttempts, RECOVERY_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ codeHash: pinRecoveryCodes.codeHash });
  return row?.codeHash ?? null;
}

/**
 * The right code: it is used up and the main PIN replaced, together. False when the code was
 * used or replaced since it was compared (nothing is changed then).
 */
export async function redeemRecoveryCode(
  db: Database,
  { accountId, codeHash, pinHash }: { accountId: string; codeHash: string; pinHash: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .delete(pinRecoveryCodes)
      .where(
        and(eq(pinRecoveryCodes.accountId, accountId), eq(pinRecoveryCodes.codeHash, codeHash)),
      )
      .returning({ accountId: pinRecoveryCodes.accountId });
    if (used.length === 0) return false;
    await tx.update(accounts).set({ mainPinHash: pinHash }).where(eq(accounts.id, accountId));
    return true;
  });
}
