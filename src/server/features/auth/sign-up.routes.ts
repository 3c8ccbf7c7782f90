// POST /api/account/sign-up (spec accounts §3 and §5): our own sign-up, because Better Auth's
// knows nothing of account types, NIFs or phones. Validates with the shared schema,
// sanitises, creates the Better Auth user (whose hook creates the account and profile rows),
// stores the profile fields and emails the verification link. An email that has an account
// gets the same answer, and its owner a notice (issue 12.4).
import { isAPIError } from 'better-auth/api';
import { Hono, type Context } from 'hono';
import type { RequestIdVariables } from 'hono/request-id';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import type { Logger } from '#server/logger.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import { findSuspiciousFields, sanitizeText } from '#shared/sanitize.ts';
import { fallbackNameFromEmail, signUpSchema, type SignUpData } from '#shared/schemas/auth.ts';
import { accountExistsEmail } from '#server/services/mail/templates/account-exists-email.ts';
import { findUserByEmail, saveSignUpProfile, type SignUpProfileFields } from './account.queries.ts';
import { AUTH_ERRORS } from './auth.messages.ts';
import { sendVerificationLink, type Auth } from './auth.ts';
import { countAttempt, type RateLimitRule } from './rate-limit.ts';

const MAX_NAME = 120;

export type SignUpRoutesDeps = {
  auth: Auth;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  /** The personal NIF is stored encrypted (ADR 028). */
  cipher: FieldCipher;
};

/**
 * The profile as stored: names sanitised; the name of the chosen type falls back to the
 * email's local part (spec §3); fields of the other type are not kept.
 */
export function signUpProfileOf(data: SignUpData): SignUpProfileFields {
  const clean = (value: string | null) => (value ? sanitizeText(value, MAX_NAME) : '');
  const fallback = fallbackNameFromEmail(data.email);
  if (data.accountType === 'empresa') {
    return {
      accountType: 'empresa',
      fullName: null,
      companyName: clean(data.companyName) || fallback,
      personalNif: null,
      companyNif: data.companyNif,
      phone: data.phone,
    };
  }
  return {
    accountType: 'particular',
    fullName: clean(data.fullName) || fallback,
    companyName: null,
    personalNif: data.personalNif,
    companyNif: null,
    phone: data.phone,
  };
}

/** Notices to an existing owner (issue 12.4): at most 3 an hour, so sign-up is no spam cannon. */
export const ACCOUNT_EXISTS_NOTICE_RULE: RateLimitRule = {
  max: 3,
  windowMs: 60 * 60_000,
  blockMs: 60 * 60_000,
};

export function signUpRoutes({ auth, db, logger, mailer, cipher }: SignUpRoutesDeps) {
  const accepted = (c: Context, email: string) =>
    c.json({ status: 'verification_required' as const, email }, 201);

  /**
   * The email has an account already: its owner gets a notice instead of a second account.
   * The password is hashed anyway, so this path costs what creating an account costs and
   * its answer time does not tell that the email is registered.
   */
  async function notifyOwner(
    c: Context<{ Variables: RequestIdVariables }>,
    owner: { id: string; name: string; email: string },
    password: string,
  ): Promise<void> {
    const context = await auth.$context;
    await context.password.hash(password);
    const limit = await countAttempt(
      db,
      `signup-notice:${owner.email}`,
      ACCOUNT_EXISTS_NOTICE_RULE,
    );
    if (limit.retryAfterMs !== null) return;
    // Better Auth's base URL is APP_URL's (or this server's) origin plus /api/auth.
    const origin = new URL(context.baseURL).origin;
    const rendered = accountExistsEmail({
      name: owner.name,
      signInUrl: `${origin}/auth`,
      resetUrl: `${origin}/auth?purpose=reset`,
    });
    const { delivered } = await mailer.queue({
      accountId: owner.id,
      to: owner.email,
      type: 'account_exists',
      ...rendered,
    });
    void delivered.then((result) => {
      if (!result.ok) {
        const line = { reqId: c.get('requestId'), auditId: result.auditId, code: result.code };
        logger.warn(line, 'account-exists notice not sent');
      }
    });
  }

  return new Hono<{ Variables: RequestIdVariables }>().post(
    '/sign-up',
    validate('json', signUpSchema),
    async (c) => {
      const data = c.req.valid('json');
      // Spec §5: logged as a suspicious-form event, never blocked (sanitising handles it).
      const suspicious = findSuspiciousFields(data);
      if (suspicious.length > 0) {
        logger.warn(
          { reqId: c.get('requestId'), form: 'sign-up', fields: suspicious },
          'suspicious input',
        );
      }
      // Issue 12.4: an email with an account gets the same answer as a new one ("check your
      // email"), so sign-up cannot be used to learn who has an account here.
      const owner = await findUserByEmail(db, data.email);
      if (owner) {
        await notifyOwner(c, owner, data.password);
        return accepted(c, data.email);
      }

      const profile = signUpProfileOf(data);
      const name =
        (profile.accountType === 'empresa' ? profile.companyName : profile.fullName) ?? '';
      let user;
      try {
        ({ user } = await auth.api.signUpEmail({
          body: { name, email: data.email, password: data.password },
        }));
      } catch (error) {
        // A concurrent sign-up with the same email won the race: it answers for both.
        if (isAPIError(error) && error.body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
          return accepted(c, data.email);
        }
        logger.error({ err: error, reqId: c.get('requestId') }, 'sign-up failed');
        throw new AppError(500, 'SIGNUP_FAILED', AUTH_ERRORS.signUpFailed);
      }
      // A concurrent sign-up with the same email gets Better Auth's stand-in user (its
      // enumeration protection), which has no profile to update: the other one answers.
      if (!(await saveSignUpProfile(db, cipher, user.id, profile))) return accepted(c, data.email);
      await sendVerificationLink(auth, user);
      return accepted(c, data.email);
    },
  );
}
