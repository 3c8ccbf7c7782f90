// `verify-email`: marks the Better Auth user's email verified, e.g. when the verification mail
// cannot reach the person (no SMTP_URL yet on a fresh install). Signing in then works at once.
import { eq } from 'drizzle-orm';
import { authUsers } from '#server/db/schema/index.ts';
import { publishInBackground } from '#server/services/events/event-bus.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { done, refused, type AdminOutput } from './admin-request.ts';
import type { AdminDeps } from './admin-deps.ts';
import { accountOrRefusal } from './account-lookup.ts';

export async function verifyEmailCommand(
  deps: AdminDeps,
  { email }: { email: string },
): Promise<AdminOutput> {
  const found = await accountOrRefusal(deps.db, email);
  if (found.kind === 'refused') return found.output;
  const { userId, email: shown } = found.account;
  if (userId === null) return refused(ADMIN_MESSAGES.noUser(shown));
  const [user] = await deps.db
    .select({ emailVerified: authUsers.emailVerified })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  if (user?.emailVerified) return done(ADMIN_MESSAGES.emailWasVerified(shown));
  await deps.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, userId));
  // As Better Auth's user-update hook does: servers drop the user they cached with a session.
  publishInBackground(deps.events, userId, { type: 'sessions.revoked' });
  return done(ADMIN_MESSAGES.emailVerified(shown));
}
