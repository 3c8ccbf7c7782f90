// Idempotent writes (issue 19 point 4; the table's comment in db/schema/idempotency-keys.ts).
// A write that carries `Idempotency-Key`, on the routes that create the account's records
// (app.ts `signedInOnce`, ADR 025), runs once per account and key for 24 hours:
//  - the first request claims the key (one atomic insert), runs, and stores its answer;
//  - a retry with the same key, route and body gets that answer again, marked
//    `Idempotent-Replayed: true`, and changes nothing;
//  - the same key on another route or with another body is 422 IDEMPOTENCY_KEY_REUSED;
//  - a retry while the first still runs (or after its server died mid-request, when it may have
//    committed) is 409 IDEMPOTENCY_IN_PROGRESS: nothing runs twice.
// Answers that a retry should not get again — 5xx, 408, 409 and 429 — release the key instead,
// so the retry runs. Multipart uploads are claimed by key and route alone (their bodies are
// streamed to storage, not hashed).
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Database } from '#server/db/client.ts';
import { idempotencyKeys } from '#server/db/schema/index.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { AppError } from '#server/http/errors.ts';
import type { Logger } from '#server/logger.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey:
    'A chave Idempotency-Key deve ter entre 1 e 255 caracteres visíveis (letras, números e símbolos, sem espaços).',
  reused: 'Esta chave Idempotency-Key já foi usada noutro pedido. Use uma chave nova.',
  inProgress:
    'O pedido anterior com esta chave ainda está a ser processado, ou foi interrompido. Atualize a página antes de tentar de novo.',
} as const;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;
/** Answers a retry must not get again: it should run instead. */
const RELEASED_STATUSES = new Set([408, 409, 429]);

async function bodyHashOf(c: Context): Promise<string> {
  const type = c.req.header('content-type')?.toLowerCase() ?? '';
  if (type.startsWith('multipart/')) return '';
  // A copy: some routes read the request's own stream (uploads), which must stay unread.
  const text = await c.req.raw.clone().text();
  return createHash('sha256').update(text).digest('hex');
}

/** Whether an answer can be kept as text to be sent again (every JSON or empty answer). */
function isStorable(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return response.status === 204 || type.includes('json') || type.startsWith('text/');
}

export type IdempotencyDeps = { db: Database; logger?: Logger };

/** After the request scope: keys are the account's. */
export function idempotency({ db, logger }: IdempotencyDeps) {
  return createMiddleware<ScopeEnv>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined || !WRITE_METHODS.has(c.req.method)) return next();
    if (!VALID_KEY.test(key)) {
      throw new AppError(400, 'IDEMPOTENCY_KEY_INVALID', IDEMPOTENCY_MESSAGES.invalidKey);
    }
    const { accountId } = c.var.scope;
    const route = `${c.req.method} ${c.req.path}`;
    const bodyHash = await bodyHashOf(c);
    const where = and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key));

    const claimed = await db
      .insert(idempotencyKeys)
      .values({ accountId, key, route, bodyHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await db.select().from(idempotencyKeys).where(where);
      // Released between the insert and this read: the client may simply try again.
      if (!first || first.status === null) {
        throw new AppError(409, 'IDEMPOTENCY_IN_PROGRESS', IDEMPOTENCY_MESSAGES.inProgress);
      }
      if (first.route !== route || first.bodyHash !== bodyHash) {
        throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.reused);
      }
      const headers: Record<string, string> = { 'Idempotent-Replayed': 'true' };
      if (first.contentType) headers['content-type'] = first.contentType;
      return new Response(first.body, { status: first.status, headers });
    }

    const release = () =>
      db
        .delete(idempotencyKeys)
        .where(where)
        .catch((err: unknown) => logger?.error({ err }, 'idempotency key not released'));
    try {
      await next();
    } catch (error) {
      // Not expected (Hono turns errors into answers), but a claim must not outlive it.
      await release();
      throw error;
    }
    const response = c.res;
    if (response.status >= 500 || RELEASED_STATUSES.has(response.status) || !isStorable(response)) {
      await release();
      return;
    }
    const body = response.status === 204 ? null : await response.clone().text();
    await db
      .update(idempotencyKeys)
      .set({ status: response.status, contentType: response.headers.get('content-type'), body })
      .where(where);
  });
}

/** Keys older than 24 hours (the hourly idempotency-prune job). */
export async function pruneIdempotencyKeys(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ accountId: idempotencyKeys.accountId });
  return deleted.length;
}
