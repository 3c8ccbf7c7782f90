import { Crown, Shield, User } from 'lucide-react';
import { ROLE_LABELS, SUB_USER_ROLES, type SubUserRole } from '#shared/permissions.ts';
import { cn } from '#web/lib/cn.ts';

// Spec accounts §2: a crown for the administrator, a shield for the manager, a person for the
// user.
const ICONS = { administrator: Crown, manager: Shield, user: User } as const;
const TONES = {
  administrator: 'bg-amber-100 text-amber-800',
  manager: 'bg-sky-100 text-sky-800',
  user: 'bg-slate-100 text-slate-700',
} as const satisfies Record<SubUserRole, string>;

/** The role's icon in a tinted circle; its name is said by the text beside it. */
export function RoleIcon({ role, className }: { role: SubUserRole; className?: string }) {
  const Icon = ICONS[role];
  return (
    <span
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full',
        TONES[role],
        className,
      )}
      data-role={role}
      aria-hidden
    >
      <Icon className="size-5" />
    </span>
  );
}

/** The three roles as a select's options, in the spec's order. */
export const ROLE_OPTIONS = SUB_USER_ROLES.map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));
