// Accepting an invitation (issue 18.5): found by its token's SHA-256 (the unique index
// team_invitations_token_hash_unique), used once — the acceptance is a conditional UPDATE, so of
// two accepts at the same moment only one finds the row still unaccepted.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { teamInvitations, teamMembers } from '#server/db/schema/index.ts';
import type { SubUserRole } from '#shared/permissions.ts';
import { isPendingInvitation } from './team-invitations.queries.ts';

export type PendingInvitation = {
  accountId: string;
  id: string;
  email: string;
  role: SubUserRole;
};

/** The pending invitation whose token hashes to `tokenHash`; null for any other. */
export async function findPendingInvitation(
  db: Database,
  { tokenHash }: { tokenHash: string },
): Promise<PendingInvitation | null> {
  const [row] = await db
    .select({
      accountId: teamInvitations.accountId,
      id: teamInvitations.id,
      email: teamInvitations.email,
      role: teamInvitations.role,
    })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.tokenHash, tokenHash), isPendingInvitation));
  return row ?? null;
}

export type AcceptInvitationParams = { invitation: PendingInvitation; userId: string };

/**
 * Marks the invitation accepted by `userId` and makes them a member with its role (a member
 * already keeps their membership, with the new role), in one transaction. False when the
 * invitation stopped being pending since it was read (accepted by a concurrent request, revoked,
 * expired): nothing is written then.
 */
export async function acceptInvitation(
  db: Database,
  { invitation, userId }: AcceptInvitationParams,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [accepted] = await tx
      .update(teamInvitations)
      .set({ acceptedAt: sql`now()`, acceptedByUserId: userId })
      .where(
        and(
          eq(teamInvitations.accountId, invitation.accountId),
          eq(teamInvitations.id, invitation.id),
          isPendingInvitation,
        ),
      )
      .returning({ role: teamInvitations.role });
    if (!accepted) return false;
    await tx
      .insert(teamMembers)
      .values({ accountId: invitation.accountId, userId, role: accepted.role })
      .onConflictDoUpdate({
        target: [teamMembers.accountId, teamMembers.userId],
        set: { role: accepted.role, updatedAt: sql`now()` },
      });
    return true;
  });
}
