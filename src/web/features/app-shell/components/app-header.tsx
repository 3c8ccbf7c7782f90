import { Link } from '@tanstack/react-router';
import { CircleHelp, Crown, Eye, EyeOff } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { formatDateLong, formatDateShort, todayInLisbon } from '#shared/dates.ts';
import { PLANS, type PlanId } from '#shared/plans.ts';
import { Logo, LogoMark } from '#web/components/ui/logo.tsx';
import type { ShellProfile } from '../shell-profile.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { useAmountsVisible } from '#web/lib/amounts-visibility.ts';
import { cn } from '#web/lib/cn.ts';
import { useWhenIdle } from '#web/lib/use-when-idle.ts';

// The drawer and the dialog code under it (Radix Dialog's focus trap, scroll lock and
// portals: ~13 KB gzip) load when the avatar is first pointed at, focused or pressed, not with
// every signed-in page (DESIGN.md budget: / ≤ 200 KB gzip of initial JavaScript) — or once
// the browser is idle, so a tap on a phone (no pointer before it) does not wait for them.
const loadDrawer = () => import('./profile-drawer.tsx');
const preloadDrawer = () => void loadDrawer().catch(() => {});
const ProfileDrawerSheet = lazy(() =>
  loadDrawer().then((m) => ({ default: m.ProfileDrawerSheet })),
);

const iconLink =
  'focus-visible:ring-brand-500/60 inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-3 focus-visible:outline-none';

/** The dashboard's show/hide amounts button, remembered on the device (spec §2). */
function AmountsToggle() {
  const [isVisible, setVisible] = useAmountsVisible();
  const Icon = isVisible ? Eye : EyeOff;
  return (
    <button
      type="button"
      className={iconLink}
      onClick={() => setVisible(!isVisible)}
      aria-pressed={!isVisible}
      aria-label={isVisible ? 'Ocultar valores' : 'Mostrar valores'}
      title={isVisible ? 'Ocultar valores' : 'Mostrar valores'}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}

/**
 * The plan icon (invoice-work §2 "a plan icon linking to /subscription"): a crown, gold on a
 * paid plan, with the plan's name beside it from 768 px.
 */
function PlanLink({ planId }: { planId: PlanId }) {
  const name = PLANS[planId].name;
  const isPaid = planId !== 'free';
  return (
    <Link
      to="/subscription"
      className={cn(iconLink, 'md:w-auto md:gap-1.5 md:rounded-full md:px-3')}
      aria-label={`Plano e subscrição: ${name}`}
      title={`Plano ${name}`}
      data-plan={planId}
    >
      <Crown className={cn('size-5', isPaid && 'fill-amber-300 text-amber-600')} aria-hidden />
      <span className="hidden text-sm font-medium md:inline">{name}</span>
    </Link>
  );
}

type AppHeaderProps = {
  profile: ShellProfile;
  /** The dashboard shows the show/hide amounts toggle. */
  hasAmountsToggle?: boolean;
  /** The current team profile's badge, when a team session is active. */
  teamBadge?: ReactNode;
  /** What waits on this device to be sent (invoices typed offline), when anything does. */
  statusBadge?: ReactNode;
  /** Ends a sub-user's team session: the drawer's 'Sair' for a sub-user (issue 18). */
  onLeaveProfile?: () => Promise<void>;
  /** Wider pages (the dashboard's four columns) widen the header with them. */
  className?: string;
};

/**
 * The signed-in header (invoice-work §2): logo, today's date, plan and help links, the
 * amounts toggle and team badge where a page asks for them, and the avatar that opens the
 * profile drawer.
 */
export function AppHeader({
  profile,
  hasAmountsToggle = false,
  teamBadge,
  statusBadge,
  onLeaveProfile,
  className,
}: AppHeaderProps) {
  const [isOpen, setIsOpen] = useState(false);
  // Once opened the drawer stays mounted, so closing it can animate.
  const [hasOpened, setHasOpened] = useState(false);
  const avatarButton = useRef<HTMLButtonElement>(null);
  useWhenIdle(preloadDrawer);
  const todayIso = todayInLisbon();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div
        className={cn(
          'mx-auto flex h-16 max-w-5xl items-center gap-1 px-4 sm:gap-3 sm:px-6',
          className,
        )}
      >
        <Link
          to="/"
          aria-label="Papelada — as minhas faturas"
          className="focus-visible:ring-brand-500/60 rounded-md focus-visible:ring-3 focus-visible:outline-none"
        >
          {/* The word mark would squeeze the date out on a phone. */}
          <LogoMark className="size-8 sm:hidden" />
          <span className="hidden sm:inline">
            <Logo />
          </span>
        </Link>
        {/* dd/MM/yyyy on phones, written out from 768 px (spec §2 "Date format"). */}
        <p className="min-w-0 flex-1 truncate text-sm text-slate-600">
          <time dateTime={todayIso}>
            <span className="md:hidden">{formatDateShort(todayIso)}</span>
            <span className="hidden md:inline">{formatDateLong(todayIso)}</span>
          </time>
        </p>
        {statusBadge}
        <PlanLink planId={profile.planId} />
        <Link to="/ajuda-tutoriais" className={iconLink} aria-label="Ajuda e tutoriais">
          <CircleHelp className="size-5" aria-hidden />
        </Link>
        {hasAmountsToggle ? <AmountsToggle /> : null}
        {teamBadge}
        <button
          ref={avatarButton}
          type="button"
          className="focus-visible:ring-brand-500/60 rounded-full focus-visible:ring-3 focus-visible:outline-none"
          aria-label="Abrir menu do perfil"
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          onPointerEnter={preloadDrawer}
          onFocus={preloadDrawer}
          onClick={() => {
            setHasOpened(true);
            setIsOpen(true);
          }}
        >
          <Avatar src={profile.photoUrl} name={profile.displayName} className="size-10" />
        </button>
        {hasOpened ? (
          <Suspense fallback={null}>
            <ProfileDrawerSheet
              isOpen={isOpen}
              onOpenChange={setIsOpen}
              profile={profile}
              onClose={() => setIsOpen(false)}
              onLeaveProfile={onLeaveProfile}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                avatarButton.current?.focus();
              }}
            />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
