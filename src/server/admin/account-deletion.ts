// Deleting an account, everything included: `delete-account` today, and the path any later
// in-app account deletion should take (the app has none yet; Better Auth's deleteUser is off).
// Rows go first, in one transaction — the user row cascades to its sessions and sign-in
// methods, the accounts row to every table of the account — then the files those rows named.
// A file that cannot be deleted is reported; the account is gone either way.
import { and, eq, sql } from 'drizzle-orm';
import * as schema from '#server/db/schema/index.ts';
import { clearLoginCounters } from '#server/features/auth/rate-limit.ts';
import { publishInBackground } from '#server/services/events/event-bus.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { done, refused, type AdminOutput } from './admin-request.ts';
import type { AdminDeps } from './admin-deps.ts';
import { accountOrRefusal } from './account-lookup.ts';
import { countAccountRows, listAccountFiles } from './account-data.ts';
import type { FoundAccount } from './find-account.ts';

// Storage deletes in flight at once: a network round trip each on S3.
const FILES_AT_ONCE = 16;
const RESET_PREFIX = 'reset-password:';

export type AccountDeletion = { rows: number; files: number; failedFiles: string[] };

export async function deleteAccount(
  deps: Pick<AdminDeps, 'db' | 'events' | 'storage'>,
  account: FoundAccount,
): Promise<AccountDeletion> {
  const { db, events, storage } = deps;
  const { accountId, userId, email } = account;
  const files = await listAccountFiles(db, accountId);
  const rows = await countAccountRows(db, account);
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

/** What `delete-account` shows before asking for the typed confirmation. */
export async function deletePreviewCommand(
  deps: AdminDeps,
  { email }: { email: string },
): Promise<AdminOutput> {
  const found = await accountOrRefusal(deps.db, email);
  if (found.kind === 'refused') return found.output;
  const { account } = found;
  const countOf = async (table: typeof schema.invoices | typeof schema.suppliers) => {
    const rows = await deps.db
      .select({ value: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.accountId, account.accountId));
    return rows[0]?.value ?? 0;
  };
  const counts = {
    invoices: await countOf(schema.invoices),
    suppliers: await countOf(schema.suppliers),
    files: (await listAccountFiles(deps.db, account.accountId)).length,
  };
  return done(ADMIN_MESSAGES.deletePreview(account.email, account.name, counts));
}

export async function deleteAccountCommand(
  deps: AdminDeps,
  { email }: { email: string },
): Promise<AdminOutput> {
  const found = await accountOrRefusal(deps.db, email);
  if (found.kind === 'refused') return found.output;
  const result = await deleteAccount(deps, found.account);
  const summary = ADMIN_MESSAGES.deleted(found.account.email, result.rows, result.files);
  if (result.failedFiles.length === 0) return done(summary);
  return {
    ...refused(ADMIN_MESSAGES.filesNotDeleted(result.failedFiles)),
    stdout: `${summary}\n`,
  };
}
