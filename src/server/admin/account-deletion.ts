// `delete-preview` and `delete-account`: what would go, then everything of the account through
// the one deletion of features/account-data (the same as /meu-perfil's).
import { eq, sql } from 'drizzle-orm';
import * as schema from '#server/db/schema/index.ts';
import { listAccountFiles } from '#server/features/account-data/account-data.queries.ts';
import { deleteAccount } from '#server/features/account-data/account-deletion.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { done, refused, type AdminOutput } from './admin-request.ts';
import type { AdminDeps } from './admin-deps.ts';
import { accountOrRefusal } from './account-lookup.ts';

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
