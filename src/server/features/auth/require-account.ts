// Guards a protected API route: the Better Auth session decides who is asking, and its
// user's id is the tenant every query of the request is scoped by (STYLE.md "Boundaries").
import { createMiddleware } from 'hono/factory';
import { AppError } from '#server/http/errors.ts';
import type { Actor } from '#shared/permissions.ts';
import { AUTH_ERRORS } from './auth.messages.ts';
import type { Auth } from './auth.ts';

export type SessionUser = Auth['$Infer']['Session']['user'];

export type AccountVariables = {
  /** The signed-in main user's id, which is also the id of the account it owns. */
  accountId: string;
  user: SessionUser;
  /**
   * Who acts inside the account; permissions are checked against it (require-permission.ts).
   * Always the main user until team sessions (PIN profiles) exist.
   */
  actor: Actor;
};
export type AccountEnv = { Variables: AccountVariables };

/** 401 UNAUTHENTICATED without a valid session; otherwise sets `accountId`, `user` and `actor`. */
export function requireAccount(auth: Auth) {
  return createMiddleware<AccountEnv>(async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError(401, 'UNAUTHENTICATED', AUTH_ERRORS.unauthenticated);
    c.set('accountId', session.user.id);
    c.set('user', session.user);
    c.set('actor', { kind: 'main' });
    await next();
  });
}
