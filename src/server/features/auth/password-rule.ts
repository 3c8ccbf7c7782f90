// A password changed while signed in (/configuracoes → POST /api/auth/change-password) follows
// the reset rule of spec accounts §5 — at least 8 characters, a letter and a digit — not Better
// Auth's sign-up minimum of 6 (issue 13 point 6). Better Auth handles the route itself, so the
// rule runs here first, on a copy of the body, with the shared schema the web form uses.
import { createMiddleware } from 'hono/factory';
import { AppError, zodIssues } from '#server/http/errors.ts';
import { AUTH_MESSAGES, newPasswordSchema } from '#shared/schemas/auth.ts';
import type { Auth } from './auth.ts';

/** Better Auth's code for a short password, kept so clients see one code for it. */
const TOO_SHORT = 'PASSWORD_TOO_SHORT';

export function newPasswordRule(auth: Auth) {
  return createMiddleware(async (c, next) => {
    if (c.req.method !== 'POST') return next();
    let body: unknown;
    try {
      body = JSON.parse(await c.req.raw.clone().text()) as unknown;
    } catch {
      // Not JSON: the input guard before this and Better Auth answer for that.
      return next();
    }
    if (typeof body !== 'object' || body === null || !('newPassword' in body)) return next();
    const result = newPasswordSchema.safeParse(body.newPassword);
    if (result.success) return next();
    // Signed out is a 401 whatever the body says: Better Auth answers that one.
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return next();
    const issues = zodIssues(result.error).map((issue) => ({ ...issue, path: 'newPassword' }));
    const message = issues[0]?.message ?? AUTH_MESSAGES.resetPasswordMin8;
    const code = message === AUTH_MESSAGES.resetPasswordMin8 ? TOO_SHORT : 'VALIDATION';
    throw new AppError(400, code, message, issues);
  });
}
