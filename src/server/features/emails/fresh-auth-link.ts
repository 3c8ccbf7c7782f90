// Resending a verification or password-reset email from the history (issue 13.6): the stored
// message holds a link that may have expired (24 h / 1 h) or been used, so such a message is
// rendered again around a link minted now. This happens on every resend of these two types,
// valid link or not: a fresh link is never worse, and whether the old one still works is not
// something the server can always tell (a used reset token is simply gone).
import { randomBytes } from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import { VERIFICATION_CALLBACK_PATH, type Auth } from '#server/features/auth/auth.ts';
import type { EmailAuditRow } from '#server/db/schema/index.ts';
import type { RenderedEmail } from '#server/services/mail/templates/layout.ts';
import { passwordResetEmail } from '#server/services/mail/templates/password-reset-email.ts';
import { verificationEmail } from '#server/services/mail/templates/verification-email.ts';

/** Where the reset link lands in the web app; the same redirectTo the web's reset request sends. */
export const RESET_CALLBACK_PATH = '/auth/reset-password';

const AUTH_LINK_TYPES = new Set(['verification', 'password_reset']);

export function carriesAuthLink(row: Pick<EmailAuditRow, 'type'>): boolean {
  return AUTH_LINK_TYPES.has(row.type);
}

/**
 * The message of `row` rendered again with a new working link, as Better Auth would mint it
 * (same token formats, lifetimes and URLs as auth.ts and Better Auth's request-password-reset),
 * so the links go through Better Auth's own endpoints. Null when the row is of another type or
 * its user is gone. The link is for the row's account (the account id is the user id).
 */
export async function renderWithFreshAuthLink(
  auth: Auth,
  row: Pick<EmailAuditRow, 'accountId' | 'type'>,
): Promise<RenderedEmail | null> {
  if (!carriesAuthLink(row)) return null;
  const context = await auth.$context;
  const user = await context.internalAdapter.findUserById(row.accountId);
  if (!user) return null;

  if (row.type === 'verification') {
    const token = await createEmailVerificationToken(
      context.secret,
      user.email,
      undefined,
      context.options.emailVerification?.expiresIn,
      { userId: user.id },
    );
    const callbackURL = encodeURIComponent(VERIFICATION_CALLBACK_PATH);
    const url = `${context.baseURL}/verify-email?token=${token}&callbackURL=${callbackURL}`;
    return verificationEmail({ name: user.name, url });
  }

  // Better Auth's reset token: a random id stored as `reset-password:<token>` → user id.
  const token = randomBytes(18).toString('base64url');
  const expiresInSeconds = context.options.emailAndPassword?.resetPasswordTokenExpiresIn ?? 3600;
  await context.internalAdapter.createVerificationValue({
    value: user.id,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
  });
  const callbackURL = encodeURIComponent(RESET_CALLBACK_PATH);
  const url = `${context.baseURL}/reset-password/${token}?callbackURL=${callbackURL}`;
  return passwordResetEmail({ name: user.name, url });
}
