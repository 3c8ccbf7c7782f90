// The account an operator names by email: the Better Auth user with that sign-in email (a main
// user's id is its account's id, db/schema/auth.ts), else the one profile with that email (an
// account made without a user, as data carried over or test factories make them).
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { accounts, authUsers, profiles } from '#server/db/schema/index.ts';
import { normaliseEmail } from './admin-request.ts';

export type FoundAccount = {
  accountId: string;
  /** The sign-in email when there is a user, else the profile's. */
  email: string;
  /** Null for an account without a Better Auth user. */
  userId: string | null;
  name: string | null;
};

export type FindAccountResult =
  | { kind: 'found'; account: FoundAccount }
  | { kind: 'missing' }
  | { kind: 'ambiguous'; count: number };

export async function findAccountByEmail(
  db: Database,
  rawEmail: string,
): Promise<FindAccountResult> {
  const email = normaliseEmail(rawEmail);
  // auth_users_email_unique.
  const [user] = await db
    .select({ id: authUsers.id, email: authUsers.email, name: authUsers.name })
    .from(authUsers)
    .innerJoin(accounts, eq(accounts.id, authUsers.id))
    .where(eq(authUsers.email, email))
    .limit(1);
  if (user) {
    const [profile] = await db
      .select({ fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.accountId, user.id));
    return {
      kind: 'found',
      account: {
        accountId: user.id,
        email: user.email,
        userId: user.id,
        name: profile?.fullName ?? user.name,
      },
    };
  }
  // No index on profiles.email: an operator's fallback, not a request path.
  const rows = await db
    .select({ accountId: profiles.accountId, email: profiles.email, name: profiles.fullName })
    .from(profiles)
    .where(eq(sql`lower(${profiles.email})`, email))
    .limit(2);
  const [only] = rows;
  if (!only) return { kind: 'missing' };
  if (rows.length > 1) return { kind: 'ambiguous', count: rows.length };
  const [ownUser] = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(eq(authUsers.id, only.accountId));
  return {
    kind: 'found',
    account: { ...only, userId: ownUser?.id ?? null },
  };
}
