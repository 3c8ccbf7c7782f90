// Reads of 'Acesso à Conta' and the account switcher (issue 18.2, 18.5). The profiles a browser
// may choose are always those of the signed-in user's OWN account: the account id is the user's
// id from the session, never a value from the request.
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  accounts,
  profiles,
  teamMembers,
  teamSubUsers,
  type TeamSubUser,
} from '#server/db/schema/index.ts';
import { getPlanAccess } from '#server/features/plans/plan-access.queries.ts';
import { displayNameOf } from '#server/features/profile/profile-view.ts';
import type { AccountType } from '#shared/domain.ts';
import { getPlanFeatures } from '#shared/plans.ts';
import type { SubUserRole } from '#shared/permissions.ts';

export type OwnTeam = {
  /** Switched on, and the plan includes team management. */
  isActive: boolean;
  mainPinHash: string | null;
};

/** The own account's team switch, its main PIN hash and whether the plan includes teams. */
export async function readOwnTeam(
  db: Database,
  accountId: string,
  now = new Date(),
): Promise<OwnTeam> {
  const [[row], plan] = await Promise.all([
    db
      .select({ enabled: accounts.teamManagementEnabled, mainPinHash: accounts.mainPinHash })
      .from(accounts)
      .where(eq(accounts.id, accountId)),
    getPlanAccess(db, accountId, now),
  ]);
  return {
    isActive: (row?.enabled ?? false) && getPlanFeatures(plan).teamManagement,
    mainPinHash: row?.mainPinHash ?? null,
  };
}

export type SubUserChoice = { id: string; name: string; role: SubUserRole };

/** Active profiles, by name (spec §7 table reads). */
export async function listActiveSubUsers(
  db: Database,
  accountId: string,
): Promise<SubUserChoice[]> {
  return db
    .select({ id: teamSubUsers.id, name: teamSubUsers.name, role: teamSubUsers.role })
    .from(teamSubUsers)
    .where(and(eq(teamSubUsers.accountId, accountId), eq(teamSubUsers.isActive, true)))
    .orderBy(asc(teamSubUsers.name), asc(teamSubUsers.id));
}

export async function getSubUser(
  db: Database,
  accountId: string,
  subUserId: string,
): Promise<TeamSubUser | null> {
  const [row] = await db
    .select()
    .from(teamSubUsers)
    .where(and(eq(teamSubUsers.accountId, accountId), eq(teamSubUsers.id, subUserId)));
  return row ?? null;
}

export type AccountChoice = {
  accountId: string;
  name: string;
  accountType: AccountType;
  role: 'owner' | SubUserRole;
};

/** The user's own account first, then the teams it is a member of, by name. */
export async function listAccountsOf(db: Database, userId: string): Promise<AccountChoice[]> {
  const [own] = await db
    .select({
      accountId: profiles.accountId,
      accountType: profiles.accountType,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      email: profiles.email,
    })
    .from(profiles)
    .where(eq(profiles.accountId, userId));
  const memberships = await db
    .select({
      accountId: profiles.accountId,
      accountType: profiles.accountType,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      email: profiles.email,
      role: teamMembers.role,
    })
    .from(teamMembers)
    .innerJoin(profiles, eq(profiles.accountId, teamMembers.accountId))
    .where(eq(teamMembers.userId, userId));
  const teams = memberships
    .map((m) => ({
      accountId: m.accountId,
      name: displayNameOf(m),
      accountType: m.accountType,
      role: m.role,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt'));
  return [
    ...(own
      ? [
          {
            accountId: own.accountId,
            name: displayNameOf(own),
            accountType: own.accountType,
            role: 'owner' as const,
          },
        ]
      : []),
    ...teams,
  ];
}

export async function getMembership(
  db: Database,
  accountId: string,
  userId: string,
): Promise<{ role: SubUserRole } | null> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.userId, userId)));
  return row ?? null;
}
