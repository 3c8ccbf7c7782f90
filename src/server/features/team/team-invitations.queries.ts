// Team invitations (issue 18.5): made by email, single use, 7 days; the page lists the pending
// ones, a link opens only a pending one. Only the SHA-256 of a token is stored.
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { teamInvitations } from '#server/db/schema/index.ts';
import type { SubUserRole } from '#shared/permissions.ts';

type AccountParams = { accountId: string };

export type InvitationDto = {
  id: string;
  email: string;
  role: SubUserRole;
  expiresAt: Date;
  createdAt: Date;
};
export const invitationColumns = {
  id: teamInvitations.id,
  email: teamInvitations.email,
  role: teamInvitations.role,
  expiresAt: teamInvitations.expiresAt,
  createdAt: teamInvitations.createdAt,
};

/** Not accepted, not revoked, not expired: the only invitations the page lists or a link opens. */
export const isPendingInvitation = and(
  isNull(teamInvitations.acceptedAt),
  isNull(teamInvitations.revokedAt),
  gt(teamInvitations.expiresAt, sql`now()`),
);

export type CreateInvitationParams = AccountParams & {
  email: string;
  role: SubUserRole;
  tokenHash: string;
  expiresAt: Date;
};

export async function createInvitation(
  db: Database,
  params: CreateInvitationParams,
): Promise<InvitationDto> {
  const [row] = await db.insert(teamInvitations).values(params).returning(invitationColumns);
  if (!row) throw new Error('createInvitation: no row returned');
  return row;
}

/** An invitation whose email could not be sent is forgotten, as if never made. */
export async function deleteInvitation(
  db: Database,
  { accountId, id }: AccountParams & { id: string },
): Promise<void> {
  await db
    .delete(teamInvitations)
    .where(and(eq(teamInvitations.accountId, accountId), eq(teamInvitations.id, id)));
}

/**
 * Inviting an email again: the earlier pending invitations to it stop working, so only the
 * newest link does (the account's invitations by its primary key's leading column).
 */
export async function revokeEarlierInvitations(
  db: Database,
  { accountId, email, keep }: AccountParams & { email: string; keep: InvitationDto },
): Promise<void> {
  await db
    .update(teamInvitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(teamInvitations.accountId, accountId),
        eq(teamInvitations.email, email),
        ne(teamInvitations.id, keep.id),
        lt(teamInvitations.createdAt, sql`${keep.createdAt}::timestamptz + interval '1 ms'`),
        isPendingInvitation,
      ),
    );
}

/** False when the account has no such pending invitation. */
export async function revokeInvitation(
  db: Database,
  { accountId, id }: AccountParams & { id: string },
): Promise<boolean> {
  const rows = await db
    .update(teamInvitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(teamInvitations.accountId, accountId),
        eq(teamInvitations.id, id),
        isPendingInvitation,
      ),
    )
    .returning({ id: teamInvitations.id });
  return rows.length > 0;
}
