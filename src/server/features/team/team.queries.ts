// Reads and writes of /gestao-equipas (issue 18.1, 18.5): the account's team switch and main
// PIN, its PIN profiles and its members (invitations: team-invitations.queries.ts). Every function takes the account id
// from the request scope; none returns a PIN hash or an invitation's token hash.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  accounts,
  authUsers,
  profiles,
  teamInvitations,
  teamMembers,
  teamSubUsers,
} from '#server/db/schema/index.ts';
import {
  invitationColumns,
  isPendingInvitation,
  type InvitationDto,
} from './team-invitations.queries.ts';
import { displayNameOf } from '#server/features/profile/profile-view.ts';
import type { SubUserRole } from '#shared/permissions.ts';

export type SubUserDto = {
  id: string;
  name: string;
  role: SubUserRole;
  isActive: boolean;
  createdAt: Date;
};
export type MemberDto = {
  userId: string;
  name: string;
  email: string;
  role: SubUserRole;
  joinedAt: Date;
};
export type TeamDto = {
  enabled: boolean;
  mainPinSet: boolean;
  subUsers: SubUserDto[];
  members: MemberDto[];
  invitations: InvitationDto[];
};

const subUserColumns = {
  id: teamSubUsers.id,
  name: teamSubUsers.name,
  role: teamSubUsers.role,
  isActive: teamSubUsers.isActive,
  createdAt: teamSubUsers.createdAt,
};
const memberColumns = {
  userId: teamMembers.userId,
  name: authUsers.name,
  email: authUsers.email,
  role: teamMembers.role,
  joinedAt: teamMembers.createdAt,
};

export type AccountParams = { accountId: string };

/** The whole page: the switch, the profiles by name, the members by name, pending invitations. */
export async function readTeam(db: Database, { accountId }: AccountParams): Promise<TeamDto> {
  const [[account], subUsers, members, invitations] = await Promise.all([
    db
      .select({ enabled: accounts.teamManagementEnabled, mainPinHash: accounts.mainPinHash })
      .from(accounts)
      .where(eq(accounts.id, accountId)),
    // team_sub_users_account_id_id_pk (its leading column).
    db
      .select(subUserColumns)
      .from(teamSubUsers)
      .where(eq(teamSubUsers.accountId, accountId))
      .orderBy(asc(teamSubUsers.name), asc(teamSubUsers.id)),
    // team_members_account_id_user_id_pk (its leading column).
    db
      .select(memberColumns)
      .from(teamMembers)
      .innerJoin(authUsers, eq(authUsers.id, teamMembers.userId))
      .where(eq(teamMembers.accountId, accountId))
      .orderBy(asc(authUsers.name), asc(teamMembers.userId)),
    // team_invitations_account_id_id_pk (its leading column).
    db
      .select(invitationColumns)
      .from(teamInvitations)
      .where(and(eq(teamInvitations.accountId, accountId), isPendingInvitation))
      .orderBy(asc(teamInvitations.createdAt)),
  ]);
  return {
    enabled: account?.enabled ?? false,
    mainPinSet: (account?.mainPinHash ?? null) !== null,
    subUsers,
    members,
    invitations,
  };
}

/** The account's main PIN hash (null: none set). */
export async function getMainPinHash(
  db: Database,
  { accountId }: AccountParams,
): Promise<string | null> {
  const [row] = await db
    .select({ mainPinHash: accounts.mainPinHash })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.mainPinHash ?? null;
}

export async function setTeamEnabled(
  db: Database,
  { accountId, enabled }: AccountParams & { enabled: boolean },
): Promise<void> {
  await db
    .update(accounts)
    .set({ teamManagementEnabled: enabled })
    .where(eq(accounts.id, accountId));
}

export async function setMainPinHash(
  db: Database,
  { accountId, pinHash }: AccountParams & { pinHash: string },
): Promise<void> {
  await db.update(accounts).set({ mainPinHash: pinHash }).where(eq(accounts.id, accountId));
}

/** The account's display name (its company's for a company), as members and emails see it. */
export async function getAccountName(db: Database, { accountId }: AccountParams): Promise<string> {
  const [row] = await db
    .select({
      accountType: profiles.accountType,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      email: profiles.email,
    })
    .from(profiles)
    .where(eq(profiles.accountId, accountId));
  return row ? displayNameOf(row) : '';
}

// ——— PIN profiles ———

/** PostgreSQL's unique_violation, however deep the driver or drizzle wrapped it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; typeof e === 'object' && e !== null;) {
    if ('code' in e && e.code === '23505') return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}

export type CreateSubUserParams = AccountParams & {
  name: string;
  role: SubUserRole;
  pinHash: string;
};

/** 'name-taken' when a profile of the account has that name in any letter case. */
export async function createSubUser(
  db: Database,
  { accountId, name, role, pinHash }: CreateSubUserParams,
): Promise<SubUserDto | 'name-taken'> {
  try {
    const [row] = await db
      .insert(teamSubUsers)
      .values({ accountId, name, role, pinHash })
      .returning(subUserColumns);
    if (!row) throw new Error('createSubUser: no row returned');
    return row;
  } catch (err) {
    // team_sub_users_account_name_unique (account_id, lower(name)).
    if (isUniqueViolation(err)) return 'name-taken';
    throw err;
  }
}

export type UpdateSubUserParams = AccountParams & {
  id: string;
  changes: { name?: string; role?: SubUserRole; pinHash?: string; isActive?: boolean };
};

/** Null when the account has no such profile; 'name-taken' as createSubUser. */
export async function updateSubUser(
  db: Database,
  { accountId, id, changes }: UpdateSubUserParams,
): Promise<SubUserDto | 'name-taken' | null> {
  try {
    const [row] = await db
      .update(teamSubUsers)
      .set(changes)
      .where(and(eq(teamSubUsers.accountId, accountId), eq(teamSubUsers.id, id)))
      .returning(subUserColumns);
    return row ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return 'name-taken';
    throw err;
  }
}

// ——— Members ———

/**
 * Whether the person with this email already acts in the account: its holder, or a member.
 * auth_users' unique email index holds emails lower-cased (Better Auth normalises them).
 */
export async function isHolderOrMember(
  db: Database,
  { accountId, email }: AccountParams & { email: string },
): Promise<boolean> {
  const [row] = await db
    .select({ userId: authUsers.id, memberUserId: teamMembers.userId })
    .from(authUsers)
    .leftJoin(
      teamMembers,
      and(eq(teamMembers.userId, authUsers.id), eq(teamMembers.accountId, accountId)),
    )
    .where(eq(sql`lower(${authUsers.email})`, email.toLowerCase()));
  if (!row) return false;
  return row.userId === accountId || row.memberUserId !== null;
}

export type MemberParams = AccountParams & { userId: string };

/** Null when the person is not a member of the account. */
export async function updateMemberRole(
  db: Database,
  { accountId, userId, role }: MemberParams & { role: SubUserRole },
): Promise<MemberDto | null> {
  const [updated] = await db
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  if (!updated) return null;
  const [row] = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(authUsers, eq(authUsers.id, teamMembers.userId))
    .where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.userId, userId)));
  return row ?? null;
}

/** False when the person was not a member. Their team sessions go with the row (cascade). */
export async function removeMember(
  db: Database,
  { accountId, userId }: MemberParams,
): Promise<boolean> {
  const rows = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
}
