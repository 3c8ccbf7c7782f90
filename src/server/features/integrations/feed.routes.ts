// The spreadsheet feed (issue 17 point 2, ADR 022), mounted at /api/feed before any session
// check (app.ts): Google Sheets' IMPORTDATA and Excel's "From Web" fetch it on their own, with
// no cookie, so the secret in its path is the proof.
//   GET /:token/faturas.csv?format=sheets|excel&period=…   the account's invoices as CSV
// Unknown, rotated and revoked tokens get one 404; the account's plan must still include
// integrations (the same `can` as the signed-in routes, acting as the account's main user);
// 30 reads per account in 5 minutes; a short private max-age and a weak ETag, so a refresh
// with If-None-Match is a 304 until an invoice or a supplier changes.
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import { countAttempt, minutesLeft, type RateLimitRule } from '#server/features/auth/rate-limit.ts';
import { assertCapability } from '#server/features/auth/require-capability.ts';
import { INTERNATIONAL_CSV, PORTUGUESE_EXCEL_CSV } from '#server/features/exports/csv-writer.ts';
import { attachmentHeader } from '#server/features/exports/export-file-name.ts';
import { streamExport } from '#server/features/exports/export-stream.ts';
import { CONTENT_TYPES } from '#server/features/exports/export-writer.ts';
import { AppError, errorBody } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import type { Logger } from '#server/logger.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { planAccessOf } from '#shared/plans.ts';
import { FEED_FILE_NAME, feedQuerySchema } from '#shared/schemas/feed.ts';
import { feedEtag, matchesIfNoneMatch } from './feed-etag.ts';
import { findFeedAccount, markFeedUsed, type FeedAccount } from './feed-secrets.queries.ts';
import { hashFeedToken, isFeedTokenShaped } from './feed-token.ts';
import { getFeedVersion } from './feed-version.queries.ts';
import { INTEGRATIONS_MESSAGES } from './integrations.messages.ts';

export type FeedDeps = { db: Database; logger: Logger };

const MINUTE = 60_000;

/**
 * Per account, whatever the address: the fetchers of Google Sheets share their addresses among
 * everyone's spreadsheets. Excel refreshes at most once a minute and Sheets about once an hour,
 * so 30 in 5 minutes leaves room for a few spreadsheets and the test page, and stops a loop.
 */
export const FEED_RATE_RULE: RateLimitRule = { max: 30, windowMs: 5 * MINUTE, blockMs: 5 * MINUTE };
export const feedRateKey = (accountId: string) => `feed:${accountId}`;

/** Short: a spreadsheet asked to refresh shows changes within a minute. */
export const FEED_CACHE_CONTROL = 'private, max-age=60';

const DIALECTS = { sheets: INTERNATIONAL_CSV, excel: PORTUGUESE_EXCEL_CSV } as const;

export const feedNotFound = () =>
  new AppError(404, 'FEED_NOT_FOUND', INTEGRATIONS_MESSAGES.feedNotFound);

async function accountOfToken(db: Database, token: string): Promise<FeedAccount> {
  const found = isFeedTokenShaped(token)
    ? await findFeedAccount(db, { tokenHash: hashFeedToken(token) })
    : null;
  if (!found) throw feedNotFound();
  return found;
}

/** The 429 with Retry-After, in the one error shape. */
function rateLimited(c: Context, retryAfterMs: number) {
  const message = INTEGRATIONS_MESSAGES.feedRateLimited(minutesLeft(retryAfterMs));
  return c.json(errorBody('FEED_RATE_LIMITED', message), 429, {
    'Retry-After': String(Math.ceil(retryAfterMs / 1000)),
  });
}

export function feedRoutes({ db, logger }: FeedDeps) {
  return new Hono().get('/:token/faturas.csv', validate('query', feedQuerySchema), async (c) => {
    const { format, period } = c.req.valid('query');
    const { accountId, subscription } = await accountOfToken(db, c.req.param('token'));
    const limit = await countAttempt(db, feedRateKey(accountId), FEED_RATE_RULE);
    if (limit.retryAfterMs !== null) return rateLimited(c, limit.retryAfterMs);
    // The feed reads as the account itself: a plan that lost integrations stops it.
    const plan = planAccessOf(subscription, new Date());
    assertCapability({ actor: { kind: 'main' }, plan }, 'integrations.view');
    await markFeedUsed(db, { accountId });

    const today = todayInLisbon();
    const version = await getFeedVersion(db, { accountId });
    const etag = feedEtag([accountId, format, period, today, version]);
    const headers = {
      'Cache-Control': FEED_CACHE_CONTROL,
      ETag: etag,
      // A secret address: never in a search engine, whoever links it.
      'X-Robots-Tag': 'noindex',
    };
    if (matchesIfNoneMatch(c.req.header('if-none-match'), etag)) {
      return c.body(null, 304, headers);
    }
    const fileHeaders = {
      ...headers,
      'Content-Type': CONTENT_TYPES.csv,
      'Content-Disposition': attachmentHeader(FEED_FILE_NAME),
    };
    if (c.req.method === 'HEAD') return c.body(null, 200, fileHeaders);
    const body = streamExport({
      db,
      logger,
      format: 'csv',
      csvDialect: DIALECTS[format],
      filters: { accountId, period, today },
    });
    return c.body(body, 200, fileHeaders);
  });
}
