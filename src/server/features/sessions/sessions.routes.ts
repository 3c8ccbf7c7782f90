// /api/sessions (issue 20 point 5): the signed-in person's sessions in /configuracoes — each
// browser or phone signed in, its device, address, start and last activity, this one marked —
// and 'Terminar sessão' for any other, or all the others at once. Ending a session deletes its
// row and publishes 'sessions.revoked' (session-cache.ts revokeUser), so every server forgets
// it at once instead of serving it from its session cache for a few more seconds.
//
// The holder's alone (account.manage: the main user in their own account): a PIN profile on
// the holder's device acts on the holder's login, and ending the holder's other sessions is
// not its to do; a member manages their own sessions from their own account.
//   GET    /                 { sessions: SessionDto[] }
//   DELETE /:id              { ended: true } · 404 SESSION_NOT_FOUND · 400 CURRENT_SESSION
//   POST   /revoke-others    { ended: n }
import { Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import { sessionCacheOf, type Auth } from '#server/features/auth/auth.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import { deviceLabel } from '#server/features/notifications/device-label.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import { sessionIdParamSchema, SESSIONS_MESSAGES } from '#shared/schemas/sessions.ts';
import {
  endOtherSessions,
  endSession,
  listUserSessions,
  type SessionRow,
} from './sessions.queries.ts';

export type SessionsRoutesDeps = { db: Database; auth: Auth };

export type SessionDto = {
  id: string;
  /** 'Chrome em Android', from the User-Agent it signed in with. */
  device: string;
  userAgent: string | null;
  /** As Better Auth recorded it at sign-in; null when it had none. */
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
  expiresAt: string;
  /** The session of the browser asking: 'Esta sessão'. */
  isCurrent: boolean;
};

function toSessionDto(row: SessionRow, currentSessionId: string): SessionDto {
  return {
    id: row.id,
    device: deviceLabel(row.userAgent ?? undefined),
    userAgent: row.userAgent,
    ipAddress: row.ipAddress || null,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isCurrent: row.id === currentSessionId,
  };
}

export function sessionsRoutes({ db, auth }: SessionsRoutesDeps) {
  /** This server forgets the user's cached sessions, and tells every other server to. */
  const forgetEverywhere = (userId: string) => sessionCacheOf(auth).revokeUser(userId);
  const gate = requireCapability('account.manage');

  return new Hono<ScopeEnv>()
    .get('/', gate, async (c) => {
      const { userId, authSessionId } = c.var.scope;
      const rows = await listUserSessions(db, { userId });
      const sessions = rows
        .map((row) => toSessionDto(row, authSessionId))
        // This session first, then the most recently active.
        .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
      return c.json({ sessions }, 200);
    })
    .post('/revoke-others', gate, async (c) => {
      const { userId, authSessionId } = c.var.scope;
      const ended = await endOtherSessions(db, { userId, currentSessionId: authSessionId });
      if (ended > 0) await forgetEverywhere(userId);
      return c.json({ ended }, 200);
    })
    .delete('/:id', gate, validate('param', sessionIdParamSchema), async (c) => {
      const { userId, authSessionId } = c.var.scope;
      const { id } = c.req.valid('param');
      if (id === authSessionId) {
        throw new AppError(400, 'CURRENT_SESSION', SESSIONS_MESSAGES.currentSession);
      }
      const ended = await endSession(db, {
        userId,
        sessionId: id,
        currentSessionId: authSessionId,
      });
      if (!ended) throw new AppError(404, 'SESSION_NOT_FOUND', SESSIONS_MESSAGES.notFound);
      await forgetEverywhere(userId);
      return c.json({ ended: true as const }, 200);
    });
}
