// The spreadsheet feed (issue 17 point 2, ADR 022): its address, its query and its two CSV
// formats, shared by the server that answers it and the pages that hand it out and test it.
import { z } from 'zod';
import { INVOICE_PERIODS } from '#shared/invoice-period.ts';

/**
 * `sheets`: comma-separated with a decimal point and ISO dates, as Google Sheets' IMPORTDATA
 * reads it. `excel`: the exports' Portuguese Excel CSV (`;`, decimal comma, BOM, dd/mm/yyyy),
 * as Excel's "From Web" reads it on a Portuguese Windows.
 */
export const FEED_FORMATS = ['sheets', 'excel'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const FEED_MESSAGES = {
  format: 'Formato inválido: use format=sheets ou format=excel.',
  period: 'Período inválido: use all, last30days, thisMonth ou previousMonths.',
} as const;

export const feedQuerySchema = z.object({
  format: z.enum(FEED_FORMATS, { error: FEED_MESSAGES.format }).default('sheets'),
  period: z.enum(INVOICE_PERIODS, { error: FEED_MESSAGES.period }).default('all'),
});
export type FeedQuery = z.output<typeof feedQuerySchema>;

/** The token: 32 random bytes in base64url, 43 characters. */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const FEED_PATH_PREFIX = '/api/feed/';
export const FEED_FILE_NAME = 'faturas.csv';

/** The feed's path for a token; the Sheets format is the default and needs no parameter. */
export function feedPath(token: string, format: FeedFormat = 'sheets'): string {
  const path = `${FEED_PATH_PREFIX}${token}/${FEED_FILE_NAME}`;
  return format === 'sheets' ? path : `${path}?format=${format}`;
}
