// POST /api/account/sign-up (spec accounts §3 and §5): our own sign-up, because Better Auth's
// knows nothing of account types, NIFs or phones. Validates with the shared schema,
// sanitises, creates the Better Auth user (whose hook creates the account and profile rows),
// stores the profile fields and emails the verification link.
import { isAPIError } from 'better-auth/api';
import { Hono } from 'hono';
import type { RequestIdVariables } from 'hono/request-id';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import type { Logger } from '#server/logger.ts';
import { findSuspiciousFields, sanitizeText } from '#shared/sanitize.ts';
import { fallbackNameFromEmail, signUpSchema, type SignUpData } from '#shared/schemas/auth.ts';
import { isEmailTaken, saveSignUpProfile, type SignUpProfileFields } from './account.queries.ts';
import { AUTH_ERRORS } from './auth.messages.ts';
import { sendVerificationLink, type Auth } from './auth.ts';

const MAX_NAME = 120;

export type SignUpRoutesDeps = { auth: Auth; db: Database; logger: Logger };

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

export function signUpRoutes({ auth, db, logger }: SignUpRoutesDeps) {
  const emailInUse = () => new AppError(409, 'EMAIL_IN_USE', AUTH_ERRORS.emailInUse);

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
      if (await isEmailTaken(db, data.email)) throw emailInUse();

      const profile = signUpProfileOf(data);
      const name =
        (profile.accountType === 'empresa' ? profile.companyName : profile.fullName) ?? '';
      let user;
      try {
        ({ user } = await auth.api.signUpEmail({
          body: { name, email: data.email, password: data.password },
        }));
      } catch (error) {
        if (isAPIError(error) && error.body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
          throw emailInUse();
        }
        logger.error({ err: error, reqId: c.get('requestId') }, 'sign-up failed');
        throw new AppError(500, 'SIGNUP_FAILED', AUTH_ERRORS.signUpFailed);
      }
      // A concurrent sign-up with the same email gets Better Auth's stand-in user (its
      // enumeration protection), which has no profile to update.
      if (!(await saveSignUpProfile(db, user.id, profile))) throw emailInUse();
      await sendVerificationLink(auth, user);
      return c.json({ status: 'verification_required' as const, email: data.email }, 201);
    },
  );
}
