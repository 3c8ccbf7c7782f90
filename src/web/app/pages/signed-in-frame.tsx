import { getRouteApi } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { isPlanId } from '#shared/plans.ts';
import { AppHeader } from '#web/features/app-shell/components/app-header.tsx';
import type { ShellProfile } from '#web/features/app-shell/shell-profile.ts';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

const protectedRoute = getRouteApi('/app/protected');

/** The header's view of the account: the profile once loaded, the session meanwhile. */
export function useShellProfile(): ShellProfile {
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

type SignedInFrameProps = { title: string; children: ReactNode };

/** Every signed-in page: the header with the profile drawer, then the page's title and body. */
export function SignedInFrame({ title, children }: SignedInFrameProps) {
  useDocumentTitle(title);
  return (
    <div className="min-h-dvh bg-slate-50">
      <AppHeader profile={useShellProfile()} />
      <main
        id="conteudo"
        tabIndex={-1}
        className="mx-auto max-w-5xl px-4 pt-6 pb-16 focus:outline-none sm:px-6 sm:pt-8"
      >
        <div className="max-w-3xl">
          <h1 className="mb-5 text-2xl font-bold text-slate-900">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}
