import { Link } from '@tanstack/react-router';
import { CircleHelp, Crown } from 'lucide-react';
import { useState } from 'react';
import { formatDateLong, todayInLisbon } from '#shared/dates.ts';
import { Logo, LogoMark } from '#web/components/ui/logo.tsx';
import { Sheet, SheetTrigger } from '#web/components/ui/sheet.tsx';
import type { ShellProfile } from '../shell-profile.ts';
import { ProfileDrawer } from './profile-drawer.tsx';
import { Avatar } from '#web/components/ui/avatar.tsx';

const iconLink =
  'focus-visible:ring-brand-500/60 inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-3 focus-visible:outline-none';

/**
 * The signed-in header (invoice-work §2): logo, today's date, plan and help links, and the
 * avatar that opens the profile drawer.
 */
export function AppHeader({ profile }: { profile: ShellProfile }) {
  const [isOpen, setIsOpen] = useState(false);
  const today = formatDateLong(todayInLisbon());
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
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
        <p className="min-w-0 flex-1 truncate text-sm text-slate-600 first-letter:uppercase">
          <time dateTime={todayInLisbon()}>{today}</time>
        </p>
        <Link to="/subscription" className={iconLink} aria-label="Plano e subscrição">
          <Crown className="size-5" aria-hidden />
        </Link>
        <Link to="/ajuda-tutoriais" className={iconLink} aria-label="Ajuda e tutoriais">
          <CircleHelp className="size-5" aria-hidden />
        </Link>
        <Sheet open={isOpen} onOpenChange={setIsOpen}>
          <SheetTrigger
            className="focus-visible:ring-brand-500/60 rounded-full focus-visible:ring-3 focus-visible:outline-none"
            aria-label="Abrir menu do perfil"
          >
            <Avatar src={profile.photoUrl} name={profile.displayName} className="size-10" />
          </SheetTrigger>
          <ProfileDrawer profile={profile} onClose={() => setIsOpen(false)} />
        </Sheet>
      </div>
    </header>
  );
}
