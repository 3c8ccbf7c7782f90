// The dev mailbox (DESIGN.md contract 4): GET /api/dev/emails (JSON) and GET /dev/emails
// (HTML). Both answer 404 unless config.devMailbox is on (no SMTP_URL, not production or
// https unless DEV_MAILBOX=1), so nothing about them exists in a real deployment; and even
// then only to a request from this machine (ADR 012): the mailbox holds live reset links.
import { Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import { AppError, MESSAGES } from '#server/http/errors.ts';
import { isLocalRequest } from '#server/http/local-request.ts';
import { listDevEmails } from './dev-mailbox.queries.ts';
import { renderDevMailboxPage } from './dev-mailbox-page.ts';

export type DevMailboxDeps = { db: Database; enabled: boolean };

const LIST_LIMIT = 100;

/** Mounted at /api/dev. */
export function devMailboxApiRoutes({ db, enabled }: DevMailboxDeps) {
  return new Hono().get('/emails', async (c) => {
    if (!enabled || !isLocalRequest(c)) throw new AppError(404, 'NOT_FOUND', MESSAGES.notFound);
    c.header('Cache-Control', 'no-store');
    return c.json(await listDevEmails(db, { limit: LIST_LIMIT }), 200);
  });
}

/** Mounted at the root: GET /dev/emails. */
export function devMailboxPageRoutes({ db, enabled }: DevMailboxDeps) {
  return new Hono().get('/dev/emails', async (c) => {
    if (!enabled || !isLocalRequest(c)) return c.text('Página não encontrada', 404);
    c.header('Cache-Control', 'no-store');
    return c.html(renderDevMailboxPage(await listDevEmails(db, { limit: LIST_LIMIT })));
  });
}
