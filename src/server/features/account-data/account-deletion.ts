// Deleting an account, everything included — the one path of the admin CLI's `delete-account`
// and of /meu-perfil's deletion (Better Auth's deleteUser stays off). A paid subscription is
// canceled at its provider first: if that fails nothing is deleted, so the account is never
// gone while it is still being charged. Then the rows, in one transaction — the user row
// cascades to its sessions and sign-in methods, the accounts row to every table of the account
// — then the files those rows named. A file that cannot be deleted is reported; the account is
// gone either way.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';
import { getSubscription } from '#server/features/billing/subscription.queries.ts';
import { clearLoginCounters } from '#server/features/auth/rate-limit.ts';
import { AppError } from '#server/http/errors.ts';
import type { BillingProvider } from '#server/services/billing/billing-provider.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import { ACCOUNT_DATA_MESSAGES } from './account-data.messages.ts';
import { countAccountRows, listAccountFiles, type AccountOwner } from './account-data.queries.ts';

// Storage deletes in flight at once: a network round trip each on S3.
const FILES_AT_ONCE = 16;
const RESET_PREFIX = 'reset-password:';

export type DeletionDeps = {
  db: Database;
  events: EventBus;
  storage: Storage;
  /** The installation's provider: a subscription it sells is canceled first. */
  billing: BillingProvider;
};

export type AccountDeletion = { rows: number; files: number; failedFiles: string[] };

/**
 * Ends the account's subscription at the payment provider now (spec update-subscription to
 * Gratuito), if this installation's provider sold it and it has not ended already. The plan
 * granted by the operator (the built-in provider) has nothing to cancel.
 */
async function cancelPaidSubscription(
  db: Database,
  billing: BillingProvider,
  accountId: string,
): Promise<void> {
  const row = await getSubscription(db, accountId);
  if (!row || row.provider === 'manual' || row.provider !== billing.id) return;
  if (!row.providerSubscriptionId || row.status === 'canceled') return;
  try {
    await billing.changePlan({
      subscription: {
        accountId,
        planId: row.planId,
        subscriptionId: row.providerSubscriptionId,
        scheduledPlanId: row.scheduledPlanId,
        endsAt: row.endsAt,
      },
      targetPlan: 'free',
      mode: 'now',
    });
  } catch (error) {
    // The provider's failure was logged where it happened (stripeCall).
    if (error instanceof AppError) {
      throw new AppError(502, 'SUBSCRIPTION_CANCEL_FAILED', ACCOUNT_DATA_MESSAGES.cancelFailed);
    }
    throw error;
  }
}

export async function deleteAccount(
  { db, events, storage, billing }: DeletionDeps,
  owner: AccountOwner,
): Promise<AccountDeletion> {
  const { accountId, userId, email } = owner;
  await cancelPaidSubscription(db, billing, accountId);
  const files = await listAccountFiles(db, accountId);
  const rows = await countAccountRows(db, owner);
  await db.transaction(async (tx) => {
    if (userId !== null) {
      // Password-reset links name the user in `value` (account.queries.ts forgetResetLinks).
      await tx
        .delete(schema.authVerifications)
        .where(
          and(
            eq(schema.authVerifications.value, userId),
            sql`left(${schema.authVerifications.identifier}, ${RESET_PREFIX.length}) = ${RESET_PREFIX}`,
          ),
        );
      await tx.delete(schema.authUsers).where(eq(schema.authUsers.id, userId));
    }
    await tx.delete(schema.accounts).where(eq(schema.accounts.id, accountId));
    // The dev mailbox's copies of the mail sent to the account (development installs only).
    await tx.delete(schema.devOutbox).where(eq(schema.devOutbox.toAddress, email));
  });
  await clearLoginCounters(db, email);
  if (userId !== null) {
    // As Better Auth's user-delete hook does: every server forgets the sessions it cached, so
    // the next request of an open tab is refused; the tab's own refetch finds that out now.
    publishInBackground(events, userId, { type: 'sessions.revoked' });
  }
  publishInBackground(events, accountId, { type: 'profile.changed' });

  const failedFiles: string[] = [];
  for (let start = 0; start < files.length; start += FILES_AT_ONCE) {
    const batch = files.slice(start, start + FILES_AT_ONCE);
    const results = await Promise.allSettled(batch.map((file) => storage.delete(file)));
    results.forEach((result, i) => {
      if (result.status === 'rejected') failedFiles.push(batch[i] ?? '');
    });
  }
  return { rows, files: files.length - failedFiles.length, failedFiles };
}
