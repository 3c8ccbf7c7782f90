// Better Auth on our own database (research/stack-notes.md §2): email + password with
// verification required, password reset, Google when configured, sessions in httpOnly
// SameSite=Lax cookies. The tables are ours (db/schema/auth.ts), so the models are mapped.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createEmailVerificationToken } from 'better-auth/api';
import type { Database } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';
import type { Logger } from '#server/logger.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import { passwordResetEmail } from '#server/services/mail/templates/password-reset-email.ts';
import { verificationEmail } from '#server/services/mail/templates/verification-email.ts';
import { createAccountForUser } from './account.queries.ts';

export const AUTH_BASE_PATH = '/api/auth';
/** The Vite dev server proxies /api to us from this origin (`npm run dev`). */
const VITE_DEV_ORIGIN = 'http://localhost:5173';
const DAY_SECONDS = 86_400;
const HOUR_SECONDS = 3_600;

export type GoogleCredentials = { clientId: string; clientSecret: string };

export type CreateAuthOptions = {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** Origin used in emailed links and trusted for requests: APP_URL or http://localhost:<port>. */
  baseURL: string;
  secret: string;
  google?: GoogleCredentials;
};

export function createAuth({ db, mailer, logger, baseURL, secret, google }: CreateAuthOptions) {
  const appOrigin = new URL(baseURL).origin;

  async function sendAuthMail(
    user: { id: string; email: string; name: string },
    type: 'verification' | 'password_reset',
    url: string,
  ) {
    const rendered =
      type === 'verification'
        ? verificationEmail({ name: user.name, url })
        : passwordResetEmail({ name: user.name, url });
    // The account id is the user id (db/schema/auth.ts); the account row exists from sign-up.
    const result = await mailer.send({ accountId: user.id, to: user.email, type, ...rendered });
    // A failed send is recorded in email_audit; the user can ask for the mail again.
    if (!result.ok)
      logger.warn({ auditId: result.auditId, type, code: result.code }, 'auth email not sent');
  }

  return betterAuth({
    baseURL,
    basePath: AUTH_BASE_PATH,
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      // Looked up by model name: Better Auth's core models under our table names.
      schema: {
        authUsers: schema.authUsers,
        authSessions: schema.authSessions,
        authIdentities: schema.authIdentities,
        authVerifications: schema.authVerifications,
      },
    }),
    user: { modelName: 'authUsers' },
    session: { modelName: 'authSessions' },
    account: { modelName: 'authIdentities' },
    verification: { modelName: 'authVerifications' },
    // Same rule as our CSRF check (http/csrf.ts): the request's own origin and APP_URL's.
    trustedOrigins: (request) => [
      appOrigin,
      VITE_DEV_ORIGIN,
      request ? new URL(request.url).origin : undefined,
    ],
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: HOUR_SECONDS,
      sendResetPassword: ({ user, url }) => sendAuthMail(user, 'password_reset', url),
    },
    emailVerification: {
      // POST /api/account/sign-up sends it, once the profile is stored.
      sendOnSignUp: false,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY_SECONDS,
      sendVerificationEmail: ({ user, url }) => sendAuthMail(user, 'verification', url),
    },
    // Sign-up goes through POST /api/account/sign-up (our validation, profile and plan);
    // only the HTTP route is off, auth.api.signUpEmail still works for it.
    disabledPaths: ['/sign-up/email'],
    socialProviders: google ? { google } : {},
    databaseHooks: {
      user: {
        create: {
          // Every way in (email sign-up, Google) gets its tenant rows here. The adapter runs
          // without transactions, so our own `db` is safe to use (no PGlite deadlock).
          after: (user) =>
            createAccountForUser(db, { userId: user.id, email: user.email, name: user.name }),
        },
      },
    },
    // Login and reset limits are ours, in the database (rate-limit.ts); Better Auth's own
    // counters live in one process's memory.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: appOrigin.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    logger: {
      log: (level, message, ...args) => {
        const line = { args: args.length > 0 ? args : undefined };
        if (level === 'error') logger.error(line, `better-auth: ${message}`);
        else if (level === 'warn') logger.warn(line, `better-auth: ${message}`);
        else logger.debug(line, `better-auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Where verification links send the browser once the email is confirmed (web /auth/callback). */
export const VERIFICATION_CALLBACK_PATH = '/auth/callback';

/**
 * Emails a verification link, as Better Auth's send-verification-email does, minus the
 * 500 ms anti-enumeration floor that endpoint adds (sign-up already says the email is new).
 */
export async function sendVerificationLink(
  auth: Auth,
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    createdAt: Date;
    updatedAt: Date;
  },
): Promise<void> {
  const context = await auth.$context;
  const { expiresIn, sendVerificationEmail } = context.options.emailVerification ?? {};
  if (!sendVerificationEmail) throw new Error('emailVerification.sendVerificationEmail is not set');
  const token = await createEmailVerificationToken(
    context.secret,
    user.email,
    undefined,
    expiresIn,
    {
      userId: user.id,
    },
  );
  const callbackURL = encodeURIComponent(VERIFICATION_CALLBACK_PATH);
  const url = `${context.baseURL}/verify-email?token=${token}&callbackURL=${callbackURL}`;
  await sendVerificationEmail({ user, url, token });
}
