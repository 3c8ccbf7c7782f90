import { Link } from '@tanstack/react-router';
import { ChevronRight, CircleHelp, Crown, LogOut, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Sheet, SheetContent } from '#web/components/ui/sheet.tsx';
import { useSignOut } from '#web/lib/auth-client.ts';
import { useCan } from '#web/lib/use-can.ts';
import { drawerSections, type DrawerEntry } from '../drawer-entries.ts';
import { AccountSwitcher } from './account-switcher.tsx';
import { useSwipeToClose } from '../hooks/use-swipe-to-close.ts';
import { ACCOUNT_KIND_LABELS, type ShellProfile } from '../shell-profile.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';

function Section({
  title,
  entries,
  onNavigate,
}: {
  title: string;
  entries: DrawerEntry[];
  onNavigate: () => void;
}) {
  return (
    <nav aria-label={title}>
      <h3 className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h3>
      <ul>
        {entries.map((entry) => (
          <li key={entry.to}>
            <Link
              to={entry.to}
              onClick={onNavigate}
              className="focus-visible:ring-brand-500/60 flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:ring-3 focus-visible:outline-none"
            >
              <span className="flex-1">{entry.label}</span>
              {entry.isPremium ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
                  <Crown className="size-3" aria-hidden />
                  Premium
                </span>
              ) : null}
              <ChevronRight className="size-4 text-slate-400" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type ProfileDrawerProps = {
  profile: ShellProfile;
  onClose: () => void;
  /** Ends a sub-user's team session (back to 'Acesso à Conta'), instead of signing out. */
  onLeaveProfile?: (() => Promise<void>) | undefined;
  /** Where focus goes back when the drawer closes: the header's avatar button. */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * The drawer with its dialog root, for the header to load on demand (app-header.tsx): the
 * avatar button that opens it lives outside, so Radix has no trigger to give focus back to
 * and the header says where it goes.
 */
export function ProfileDrawerSheet({
  isOpen,
  onOpenChange,
  ...drawer
}: ProfileDrawerProps & { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  return (
    <Sheet open={isOpen} onOpenChange={onOpenChange}>
      <ProfileDrawer {...drawer} />
    </Sheet>
  );
}

/** Spec accounts §2 "Profile side drawer". Rendered inside a <Sheet>. */
export function ProfileDrawer({
  profile,
  onClose,
  onLeaveProfile,
  onCloseAutoFocus,
}: ProfileDrawerProps) {
  const swipe = useSwipeToClose(onClose);
  const signOut = useSignOut();
  const [isSigningOut, setIsSigningOut] = useState(false);
  // Spec accounts §4: a sub-user's 'Sair' ends its team session; the account stays signed in.
  const leave = profile.acting?.kind === 'sub-user' && onLeaveProfile ? onLeaveProfile : signOut;
  // The rights the server resolved for whoever acts (the main user until team sessions).
  const sections = drawerSections({ rights: useCan(), accountType: profile.accountType });

  return (
    <SheetContent
      title="Menu do perfil"
      side="right"
      className="touch-pan-y gap-5 overflow-y-auto select-none"
      data-testid="profile-drawer"
      onCloseAutoFocus={onCloseAutoFocus}
      {...swipe}
    >
      <div className="flex items-center gap-3">
        <Avatar src={profile.photoUrl} name={profile.displayName} className="size-14 text-xl" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{profile.displayName}</p>
          <p className="truncate text-sm text-slate-600">{profile.email}</p>
          <p className="bg-brand-50 text-brand-800 mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium">
            {ACCOUNT_KIND_LABELS[profile.accountType]}
          </p>
        </div>
      </div>
      <AccountSwitcher onSwitched={onClose} />
      <Section title="Conta" entries={sections.conta} onNavigate={onClose} />
      <Section title="Sistema" entries={sections.sistema} onNavigate={onClose} />
      {/* Open to every role: the header's '?' leads there too. */}
      <Link
        to="/ajuda-tutoriais"
        onClick={onClose}
        className="focus-visible:ring-brand-500/60 -mt-2 flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:ring-3 focus-visible:outline-none"
      >
        <CircleHelp className="size-4 text-slate-500" aria-hidden />
        <span className="flex-1">Ajuda e tutoriais</span>
        <ChevronRight className="size-4 text-slate-400" aria-hidden />
      </Link>
      {/* The help chat, over the help centre (issue 20 point 7): every role may write. */}
      <Link
        to="/ajuda-tutoriais"
        search={{ suporte: 1 }}
        onClick={onClose}
        className="focus-visible:ring-brand-500/60 -mt-4 flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:ring-3 focus-visible:outline-none"
      >
        <MessageCircle className="size-4 text-slate-500" aria-hidden />
        <span className="flex-1">Falar com o suporte</span>
        <ChevronRight className="size-4 text-slate-400" aria-hidden />
      </Link>
      <button
        type="button"
        disabled={isSigningOut}
        onClick={() => {
          setIsSigningOut(true);
          void leave().finally(() => setIsSigningOut(false));
        }}
        className="focus-visible:ring-brand-500/60 mt-auto flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:ring-3 focus-visible:outline-none disabled:opacity-60"
      >
        <LogOut className="size-4" aria-hidden />
        Sair
      </button>
    </SheetContent>
  );
}
