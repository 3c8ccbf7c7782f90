// Better Auth on our own database (research/stack-notes.md §2): email + password with
// verification required, password reset, Google when configured, sessions in httpOnly
// SameSite=Lax cookies. The tables are ours (db/schema/auth.ts), so the models are mapped.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, createEmailVerificationToken, isAPIError } from 'better-auth/api';
import type { Database } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';
import type { Logger } from '#server/logger.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import { passwordResetEmail } from '#server/services/mail/templates/password-reset-email.ts';
import { verificationEmail } from '#server/services/mail/templates/verification-email.ts';
import { createAccountForUser, forgetResetLinks } from './account.queries.ts';
import { clearLoginCounters } from './rate-limit.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';

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
    // Queued: the answer never waits for the mail server, so a request for an existing email
    // takes as long as one for an unknown email (issue 12.4).
    const { delivered } = await mailer.queue({
      accountId: user.id,
      to: user.email,
      type,
      ...rendered,
    });
    // A failed send is recorded in email_audit; the user can ask for the mail again.
    void delivered.then((result) => {
      if (!result.ok)
        logger.warn({ auditId: result.auditId, type, code: result.code }, 'auth email not sent');
    });
  }

  // The request scope's memory of the sessions it looked up (with the account's subscription);
  // every way a session ends runs a hook below that forgets it, on every server
  // (session-cache.ts).
  const sessionCache = createSessionCache<unknown>({
    onPublishError: (error) =>
      logger.warn({ err: error }, 'session revocation not published to other servers'),
  });
  // A session row names its user in userId (its own id is the session's); a user row is the user.
  const forgetSessionsOfUser = (user: { id: string }) => sessionCache.revokeUser(user.id);
  const forgetSessionsOfSession = (session: { userId: string }) =>
    sessionCache.revokeUser(session.userId);

  const auth = betterAuth({
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
      // Whoever reset the password holds the mailbox: other links mailed before are void
      // (issue 12.5), and the failed sign-ins counted against the email are forgiven (12.3).
      onPasswordReset: async ({ user }) => {
        await forgetResetLinks(db, user.id);
        await clearLoginCounters(db, user.email);
      },
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
        // The cached session carries the user: a changed or deleted user is looked up afresh.
        update: { after: forgetSessionsOfUser },
        delete: { after: forgetSessionsOfUser },
      },
      // Sign-out, revoke-session(s), password reset and change (revoking the other sessions),
      // user deletion: each deletes session rows through the adapter, one hook per row.
      session: { delete: { after: forgetSessionsOfSession } },
    },
    hooks: {
      // A password changed while signed in voids the reset links mailed before (issue 12.5).
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password' && ctx.path !== '/set-password') return;
        const userId = ctx.context.session?.user.id;
        if (userId && !isAPIError(ctx.context.returned)) await forgetResetLinks(db, userId);
      }),
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
  sessionCaches.set(auth, sessionCache);
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

const sessionCaches = new WeakMap<object, SessionCache<unknown>>();

/** The session cache of an Auth from createAuth (request-scope.ts; app.ts connects its bus). */
export function sessionCacheOf(auth: Auth): SessionCache<unknown> {
  const cache = sessionCaches.get(auth);
  if (!cache) throw new Error('This Auth was not created by createAuth');
  return cache;
}

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
