// "Última atividade" of a session in /configuracoes: Better Auth writes a session's updated_at
// only when it extends the session (once a day), so the request scope marks it here when it
// looks the session up (a session-cache miss) and the mark is older than a few minutes. At most
// one small UPDATE per session every SESSION_ACTIVITY_INTERVAL_MS; Better Auth's own refresh
// reads expires_at, never updated_at, so the two do not meet.
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { authSessions } from '#server/db/schema/index.ts';

export const SESSION_ACTIVITY_INTERVAL_MS = 5 * 60_000;

export async function markSessionActivity(
  db: Database,
  session: { id: string; updatedAt: Date },
  now = new Date(),
): Promise<void> {
  if (now.getTime() - new Date(session.updatedAt).getTime() < SESSION_ACTIVITY_INTERVAL_MS) return;
  await db.update(authSessions).set({ updatedAt: now }).where(eq(authSessions.id, session.id));
}
