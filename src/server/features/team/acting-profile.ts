// Who acts, as GET /api/profile and the team-access routes tell the web (the header shows it).
import type { RequestScope } from '#server/features/auth/request-scope.ts';
import type { ActingProfile } from '#shared/team.ts';

/** Who acts now, as the profile and these routes tell the web. */
export function actingOf(scope: RequestScope, accountName: string): ActingProfile {
  const { actor, actorName: name } = scope;
  switch (actor.kind) {
    case 'main':
      return { kind: 'main', name, teamManagement: scope.teamManagementActive };
    case 'sub-user':
      return { kind: 'sub-user', name, role: actor.role, subUserId: actor.subUserId };
    case 'member':
      return { kind: 'member', name, role: actor.role, accountName };
    case 'pending':
      return { kind: 'pending', name };
  }
}
