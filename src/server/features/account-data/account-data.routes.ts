// The account's own data (issue 17 point 4: GDPR access, portability and erasure), mounted at
// /api/account-data behind the request scope (app.ts):
//   GET    /export   every row (account.json) and every stored file (files/…) in one ZIP, streamed
//   DELETE /         the account and everything in it, after the account's email is typed again
// Both are the account holder's alone ('account.manage'), on every plan. The same export and
// deletion as the admin CLI's export-account and delete-account.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import type { Database } from '#server/db/client.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import { attachmentHeader } from '#server/features/exports/export-file-name.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import type { Logger } from '#server/logger.ts';
import type { BillingProvider } from '#server/services/billing/billing-provider.ts';
import type { EventBus } from '#server/services/events/event-bus.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { deleteAccountSchema, isSameEmail } from '#shared/schemas/account-data.ts';
import { ACCOUNT_DATA_MESSAGES, exportZipName } from './account-data.messages.ts';
import type { AccountOwner } from './account-data.queries.ts';
import { deleteAccount } from './account-deletion.ts';
import { streamAccountZip } from './account-zip.ts';

export type AccountDataDeps = {
  db: Database;
  auth: Auth;
  events: EventBus;
  storage: Storage;
  billing: BillingProvider;
  logger: Logger;
  /** Opens the values encrypted at rest for the export (ADR 028). */
  cipher: FieldCipher;
};

/** The signed-in account holder: the main user's id is the account's (request-scope.ts). */
function ownerOf(c: Context<ScopeEnv>): AccountOwner {
  return { accountId: c.var.scope.accountId, userId: c.var.user.id, email: c.var.user.email };
}

/** The browser forgets its session: its cookies expire now (the sessions are gone already). */
async function clearSessionCookies(c: Context, auth: Auth): Promise<void> {
  const { authCookies } = await auth.$context;
  for (const cookie of [
    authCookies.sessionToken,
    authCookies.sessionData,
    authCookies.dontRememberToken,
  ]) {
    const { maxAge: _maxAge, expires: _expires, ...attributes } = cookie.attributes;
    deleteCookie(c, cookie.name, attributes);
  }
}

export function accountDataRoutes({
  db,
  auth,
  events,
  storage,
  billing,
  logger,
  cipher,
}: AccountDataDeps) {
  const gate = requireCapability('account.manage');
  return new Hono<ScopeEnv>()
    .get('/export', gate, (c) => {
      const body = streamAccountZip({
        deps: { db, storage, cipher, now: () => new Date() },
        owner: ownerOf(c),
        logger,
      });
      return c.body(body, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': attachmentHeader(exportZipName(todayInLisbon())),
      });
    })
    .delete('/', gate, validate('json', deleteAccountSchema), async (c) => {
      const owner = ownerOf(c);
      if (!isSameEmail(c.req.valid('json').email, owner.email)) {
        throw new AppError(400, 'EMAIL_MISMATCH', ACCOUNT_DATA_MESSAGES.emailMismatch);
      }
      const result = await deleteAccount({ db, events, storage, billing }, owner);
      if (result.failedFiles.length > 0) {
        // The account is gone; what is left is the operator's to clean up.
        logger.warn({ accountId: owner.accountId, files: result.failedFiles }, 'files not deleted');
      }
      await clearSessionCookies(c, auth);
      return c.json({ deleted: true as const }, 200);
    });
}
