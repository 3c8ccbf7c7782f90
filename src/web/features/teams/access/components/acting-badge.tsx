import { Building2 } from 'lucide-react';
import { ROLE_LABELS } from '#shared/permissions.ts';
import type { ActingProfile } from '#shared/team.ts';
import { RoleIcon } from '../../components/role-icon.tsx';
import { ACCESS_MESSAGES } from '../access-messages.ts';

// On a phone only the icon (the header keeps its date); the name beside it from 640 px.
const badge =
  'inline-flex h-9 min-w-0 shrink-0 items-center gap-1.5 rounded-full border border-slate-200 bg-white p-0.5 text-sm font-medium text-slate-800 sm:max-w-[14rem] sm:shrink sm:py-1 sm:pr-2.5 sm:pl-1';

/**
 * Who acts, in the header, when it is not simply the account holder (issue 18): a sub-user's
 * role icon and name, or the account a member is working in.
 */
export function ActingBadge({ acting }: { acting: ActingProfile | undefined }) {
  if (acting?.kind === 'sub-user') {
    const label = ACCESS_MESSAGES.actingAs(acting.name, ROLE_LABELS[acting.role]);
    return (
      <span className={badge} title={label} data-testid="perfil-ativo">
        <RoleIcon role={acting.role} className="size-7 [&_svg]:size-4" />
        <span className="hidden truncate sm:inline" aria-hidden>
          {acting.name}
        </span>
        <span className="sr-only">{label}</span>
      </span>
    );
  }
  if (acting?.kind === 'member') {
    const label = ACCESS_MESSAGES.workingIn(acting.accountName);
    return (
      <span className={badge} title={label} data-testid="perfil-ativo">
        <span className="bg-brand-50 text-brand-800 inline-flex size-7 shrink-0 items-center justify-center rounded-full">
          <Building2 className="size-4" aria-hidden />
        </span>
        <span className="hidden truncate sm:inline" aria-hidden>
          {label}
        </span>
        <span className="sr-only">{label}</span>
      </span>
    );
  }
  return null;
}
