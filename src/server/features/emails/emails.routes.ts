// GET /api/emails (history, newest first) and POST /api/emails/:id/resend, for the
// signed-in account only, behind the request scope (app.ts); part of the settings
// (settings.manage). A failed resend answers the spec's code and message (accounts §8).
// Resends are rate-limited (resend-limits.ts); a verification or reset email goes out again
// with a freshly minted link (fresh-auth-link.ts), never the stored one that may have expired.
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import { AppError, MESSAGES } from '#server/http/errors.ts';
import {
  findAudit,
  replaceAuditBody,
  storedBodyOf,
} from '#server/services/mail/mail-audit.queries.ts';
import type { MailErrorCode } from '#server/services/mail/mail-errors.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import { listEmailHistory } from './emails.queries.ts';
import { carriesAuthLink, renderWithFreshAuthLink } from './fresh-auth-link.ts';
import { assertResendAllowed } from './resend-limits.ts';

export type EmailsDeps = { db: Database; auth: Auth; mailer: Mailer };

const HISTORY_LIMIT = 100;

const RESEND_STATUS = {
  INVALID_EMAIL: 422,
  RATE_LIMIT: 429,
  NETWORK_ERROR: 502,
  SEND_FAILED: 502,
} as const satisfies Record<MailErrorCode, ContentfulStatusCode>;

// Audit ids are uuids; anything else cannot name a row, so it is simply not found.
const auditIdSchema = z.uuid();

export function emailsRoutes({ db, auth, mailer }: EmailsDeps) {
  return new Hono<ScopeEnv>()
    .get('/', requireCapability('settings.manage'), async (c) => {
      c.header('Cache-Control', 'no-store');
      const items = await listEmailHistory(db, {
        accountId: c.var.scope.accountId,
        limit: HISTORY_LIMIT,
      });
      return c.json({ items }, 200);
    })
    .post('/:id/resend', requireCapability('settings.manage'), async (c) => {
      const accountId = c.var.scope.accountId;
      const id = auditIdSchema.safeParse(c.req.param('id'));
      if (!id.success) throw new AppError(404, 'NOT_FOUND', MESSAGES.notFound);
      await assertResendAllowed(db, accountId, id.data);
      const row = await findAudit(db, { accountId, auditId: id.data });
      if (!row) throw new AppError(404, 'NOT_FOUND', MESSAGES.notFound);
      if (carriesAuthLink(row)) {
        const fresh = await renderWithFreshAuthLink(auth, row);
        if (fresh) {
          const { fromName, replyTo } = storedBodyOf(row) ?? {};
          await replaceAuditBody(db, {
            accountId,
            auditId: row.id,
            subject: fresh.subject,
            body: {
              text: fresh.text,
              html: fresh.html,
              ...(fromName ? { fromName } : {}),
              ...(replyTo ? { replyTo } : {}),
            },
          });
        }
      }
      const result = await mailer.resend(accountId, id.data);
      if (!result) throw new AppError(404, 'NOT_FOUND', MESSAGES.notFound);
      if (!result.ok) throw new AppError(RESEND_STATUS[result.code], result.code, result.message);
      return c.json({ ok: true as const }, 200);
    });
}
