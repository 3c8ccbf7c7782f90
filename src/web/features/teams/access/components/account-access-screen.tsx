import { AlertCircle, LogOut } from 'lucide-react';
import { useCallback, useState } from 'react';
import { TEAM_MESSAGES } from '#shared/team.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Logo } from '#web/components/ui/logo.tsx';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { useSignOut } from '#web/lib/auth-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useTeamAccess } from '../api/get-team-access.ts';
import { ACCESS_MESSAGES } from '../access-messages.ts';
import { useEnterChosenProfile } from '../hooks/use-profile-change.ts';
import { MainUserForm } from './main-user-form.tsx';
import { PinRecovery } from './pin-recovery.tsx';
import { SubUserForm } from './sub-user-form.tsx';

type Tab = 'sub-user' | 'main';

function SignOutButton() {
  const signOut = useSignOut();
  const [isSigningOut, setIsSigningOut] = useState(false);
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      disabled={isSigningOut}
      onClick={() => {
        setIsSigningOut(true);
        void signOut().finally(() => setIsSigningOut(false));
      }}
      className="text-red-700 hover:bg-red-50 hover:text-red-800"
    >
      <LogOut aria-hidden />
      {isSigningOut ? ACCESS_MESSAGES.signingOut : ACCESS_MESSAGES.signOut}
    </Button>
  );
}

function LoadingProfiles() {
  return (
    <div role="status" className="flex flex-col gap-3" aria-label={ACCESS_MESSAGES.loading}>
      <div className="h-10 animate-pulse rounded-xl bg-slate-100" />
      <div className="h-14 animate-pulse rounded-lg bg-slate-100" />
      <div className="h-10 animate-pulse rounded-lg bg-slate-100" />
      <div className="h-12 animate-pulse rounded-lg bg-slate-200" />
    </div>
  );
}

/**
 * 'Acesso à Conta' (spec accounts §2, §4): with team management on, who works in this browser
 * is chosen before any page — a sub-user with its PIN, or the account holder with the main PIN
 * (or a new one through 'Esqueci o PIN'). Shown by the protected layout instead of the page.
 */
export function AccountAccessScreen({ accountName }: { accountName: string | null }) {
  useDocumentTitle(ACCESS_MESSAGES.title);
  const access = useTeamAccess();
  const enterChosen = useEnterChosenProfile();
  const [isRecovering, setIsRecovering] = useState(false);
  const [tab, setTab] = useState<Tab>('sub-user');
  const openRecovery = useCallback(() => {
    setTab('main');
    setIsRecovering(true);
  }, []);
  const closeRecovery = useCallback(() => setIsRecovering(false), []);
  const enterAsMain = useCallback(() => enterChosen(TEAM_MESSAGES.mainAuthorized), [enterChosen]);
  const enterAfterRecovery = useCallback(
    () => enterChosen(TEAM_MESSAGES.mainPinReset),
    [enterChosen],
  );

  let body;
  if (access.isPending) body = <LoadingProfiles />;
  else if (access.isError) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="flex items-center gap-2 text-slate-800">
          <AlertCircle className="size-5 shrink-0 text-red-600" aria-hidden />
          {access.error.message}
        </p>
        <Button type="button" variant="outline" onClick={() => void access.refetch()}>
          {ACCESS_MESSAGES.retry}
        </Button>
      </div>
    );
  } else if (isRecovering) {
    body = <PinRecovery onClose={closeRecovery} onRecovered={enterAfterRecovery} />;
  } else {
    body = (
      <Tabs
        label={ACCESS_MESSAGES.tabsLabel}
        defaultValue={tab}
        items={[
          {
            value: 'sub-user',
            label: ACCESS_MESSAGES.subUserTab,
            panel: (
              <SubUserForm
                subUsers={access.data.subUsers}
                onEntered={(name) => enterChosen(TEAM_MESSAGES.signedInAs(name))}
              />
            ),
          },
          {
            value: 'main',
            label: ACCESS_MESSAGES.mainTab,
            panel: <MainUserForm onEntered={enterAsMain} onForgotPin={openRecovery} />,
          },
        ]}
      />
    );
  }

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="flex items-center justify-between gap-3 px-4 py-4 sm:px-8">
        <Logo />
        <SignOutButton />
      </header>
      <main
        id="conteudo"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pt-2 pb-16 focus:outline-none sm:items-center sm:pt-0"
      >
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <div className="mb-6">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">
              {ACCESS_MESSAGES.title}
            </h1>
            <p className="mt-1.5 text-sm text-slate-600">{ACCESS_MESSAGES.subtitle}</p>
            {accountName ? (
              <p className="bg-brand-50 text-brand-800 mt-3 inline-block max-w-full truncate rounded-full px-2.5 py-0.5 text-xs font-medium">
                {ACCESS_MESSAGES.accountOf(accountName)}
              </p>
            ) : null}
          </div>
          {body}
        </div>
      </main>
    </div>
  );
}
