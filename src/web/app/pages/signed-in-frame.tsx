import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { isDemoAccount } from '#shared/demo.ts';
import { isPlanId } from '#shared/plans.ts';
import { AppHeader } from '#web/features/app-shell/components/app-header.tsx';
import { HelpLink } from '#web/features/help/components/help-link.tsx';
import type { HelpSlug } from '#web/features/help/help-topics.ts';
import { ActingBadge } from '#web/features/teams/access/components/acting-badge.tsx';
import { useLeaveProfile } from '#web/features/teams/access/hooks/use-profile-change.ts';
import type { ShellProfile } from '#web/features/app-shell/shell-profile.ts';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { cn } from '#web/lib/cn.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useWhenIdle } from '#web/lib/use-when-idle.ts';
import { AppBottomNav } from './app-bottom-nav.tsx';

const protectedRoute = getRouteApi('/app/protected');

// Invoices kept offline (ADR 029): the badge, its panel and the sending load once the page is
// in (DESIGN.md budget for /), at once when the app opened offline, and stay from then on.
const PendingInvoicesButton = lazy(() =>
  import('#web/features/invoices/offline/components/pending-invoices-button.tsx').then((m) => ({
    default: m.PendingInvoicesButton,
  })),
);
let isPendingWanted = false;

// Only the read-only demo account ever shows it (ADR 021): not in everyone's first load.
const DemoBanner = lazy(() =>
  import('#web/features/demo/components/demo-banner.tsx').then((m) => ({
    default: m.DemoBanner,
  })),
);

function PendingInvoices() {
  const [isWanted, setIsWanted] = useState(() => isPendingWanted || !navigator.onLine);
  const want = useCallback(() => {
    isPendingWanted = true;
    setIsWanted(true);
  }, []);
  useWhenIdle(want);
  const session = protectedRoute.useRouteContext({ select: (c) => c.session });
  const profile = useProfile().data;
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <PendingInvoicesButton session={session} profile={profile} />
    </Suspense>
  );
}

/** The header's view of the account: the profile once loaded, the session meanwhile. */
function useShellProfile(): ShellProfile {
  const { session } = protectedRoute.useRouteContext();
  const profile = useProfile().data;
  // An unknown plan id gets no paid rights; the server decides the real gates anyway.
  if (profile) return { ...profile, planId: isPlanId(profile.planId) ? profile.planId : 'free' };
  return {
    displayName: session.user.name || session.user.email,
    email: session.user.email,
    photoUrl: null,
    accountType: 'particular',
    planId: 'free',
    monthlyInvoiceLimit: 15,
  };
}

type SignedInFrameProps = {
  title: string;
  children: ReactNode;
  /** 'wide': the dashboard's four columns; 'page': a readable column (default). */
  width?: 'page' | 'wide';
  /** The title stays for screen readers only (the dashboard's cards speak for themselves). */
  isTitleHidden?: boolean;
  /** The dashboard's show/hide amounts toggle in the header. */
  hasAmountsToggle?: boolean;
  /** The phone's bottom navigation (the app's main places). */
  hasBottomNav?: boolean;
  /** Rendered after the main content, e.g. a sheet over the page. */
  overlay?: ReactNode;
  /** The help article about this screen: a small 'Ajuda' link beside the title. */
  help?: HelpSlug;
};

/** Every signed-in page: the header with the profile drawer, then the page's title and body. */
export function SignedInFrame({
  title,
  children,
  width = 'page',
  isTitleHidden = false,
  hasAmountsToggle = false,
  hasBottomNav = false,
  overlay,
  help,
}: SignedInFrameProps) {
  useDocumentTitle(title);
  const isWide = width === 'wide';
  // The read-only demo account says so on every page (ADR 021).
  const isDemo = isDemoAccount(
    protectedRoute.useRouteContext({ select: (c) => c.session.user.id }),
  );
  const profile = useShellProfile();
  // Who acts, when not simply the account holder, in the header; a sub-user's 'Sair' (issue 18).
  const leaveProfile = useLeaveProfile();
  return (
    <div className="min-h-dvh bg-slate-50">
      {isDemo ? (
        <Suspense fallback={null}>
          <DemoBanner />
        </Suspense>
      ) : null}
      <AppHeader
        profile={profile}
        statusBadge={<PendingInvoices />}
        teamBadge={<ActingBadge acting={profile.acting} />}
        onLeaveProfile={leaveProfile}
        hasAmountsToggle={hasAmountsToggle}
        className={isWide ? 'max-w-7xl' : undefined}
      />
      <main
        id="conteudo"
        tabIndex={-1}
        className={cn(
          'mx-auto px-4 pt-6 focus:outline-none sm:px-6 sm:pt-8',
          isWide ? 'max-w-7xl pt-5 sm:pt-5' : 'max-w-5xl',
          // Room for the fixed bottom navigation on phones.
          hasBottomNav ? 'pb-28 md:pb-16' : 'pb-16',
        )}
      >
        <div className={isWide ? undefined : 'max-w-3xl'}>
          {help && !isTitleHidden ? (
            <div className="mb-5 flex items-start justify-between gap-3">
              <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
              <HelpLink slug={help} pageTitle={title} />
            </div>
          ) : (
            <h1 className={isTitleHidden ? 'sr-only' : 'mb-5 text-2xl font-bold text-slate-900'}>
              {title}
            </h1>
          )}
          {children}
        </div>
      </main>
      {overlay}
      {hasBottomNav ? <AppBottomNav /> : null}
    </div>
  );
}
