// Limits on "resend" from the email history (issue 12.6): without them one click-happy
// script could send the same payment notice to an address nobody confirmed, again and again.
// Counted in the database (rate-limit.ts), so every app instance agrees.
import type { Database } from '#server/db/client.ts';
import { countAttempt, type RateLimitRule } from '#server/features/auth/rate-limit.ts';
import { AppError } from '#server/http/errors.ts';
import { MAIL_ERROR_MESSAGES } from '#server/services/mail/mail-errors.ts';

const HOUR = 3_600_000;

/** One message: 3 resends an hour is plenty for "it never arrived". */
export const RESEND_EMAIL_ROW_RULE: RateLimitRule = { max: 3, windowMs: HOUR, blockMs: HOUR };
/** One account, all its messages together: 20 an hour. */
export const RESEND_EMAIL_ACCOUNT_RULE: RateLimitRule = { max: 20, windowMs: HOUR, blockMs: HOUR };

/**
 * Counts one resend for the account and for the row; throws the spec's RATE_LIMIT (429) when
 * either is over. The account is counted first so that a refused account does not also
 * grow one counter per made-up row id.
 */
export async function assertResendAllowed(
  db: Database,
  accountId: string,
  auditId: string,
): Promise<void> {
  const refused = () => new AppError(429, 'RATE_LIMIT', MAIL_ERROR_MESSAGES.RATE_LIMIT);
  const account = await countAttempt(
    db,
    `resend-email:account:${accountId}`,
    RESEND_EMAIL_ACCOUNT_RULE,
  );
  if (account.retryAfterMs !== null) throw refused();
  const row = await countAttempt(
    db,
    `resend-email:row:${accountId}:${auditId}`,
    RESEND_EMAIL_ROW_RULE,
  );
  if (row.retryAfterMs !== null) throw refused();
}
