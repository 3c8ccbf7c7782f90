// The signed-in person's Better Auth sessions (auth_sessions), for /configuracoes: listed, and
// ended one by one or all but the current one. Every statement names the user: a session of
// anyone else's is neither seen nor touched.
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { authSessions } from '#server/db/schema/index.ts';

export type SessionRow = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  /** When the session was last seen (session-activity.ts), or refreshed by Better Auth. */
  updatedAt: Date;
  expiresAt: Date;
};

export type ListUserSessionsParams = { userId: string; now?: Date };

/** The user's live sessions, most recently active first; served by auth_sessions_user_idx. */
export async function listUserSessions(
  db: Database,
  { userId, now = new Date() }: ListUserSessionsParams,
): Promise<SessionRow[]> {
  return db
    .select({
      id: authSessions.id,
      userAgent: authSessions.userAgent,
      ipAddress: authSessions.ipAddress,
      createdAt: authSessions.createdAt,
      updatedAt: authSessions.updatedAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, now)))
    .orderBy(desc(authSessions.updatedAt), desc(authSessions.createdAt));
}

export type EndSessionParams = { userId: string; sessionId: string; currentSessionId: string };

/** Deletes one of the user's sessions other than the current one; false when there is none. */
export async function endSession(
  db: Database,
  { userId, sessionId, currentSessionId }: EndSessionParams,
): Promise<boolean> {
  const ended = await db
    .delete(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        eq(authSessions.id, sessionId),
        ne(authSessions.id, currentSessionId),
      ),
    )
    .returning({ id: authSessions.id });
  return ended.length > 0;
}

export type EndOtherSessionsParams = { userId: string; currentSessionId: string };

/** Deletes every session of the user but the current one; how many. */
export async function endOtherSessions(
  db: Database,
  { userId, currentSessionId }: EndOtherSessionsParams,
): Promise<number> {
  const ended = await db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, userId), ne(authSessions.id, currentSessionId)))
    .returning({ id: authSessions.id });
  return ended.length;
}
