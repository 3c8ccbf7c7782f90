import { ForbiddenNotice } from '#web/components/access/access-notice.tsx';
import { EfaturaImportScreen } from '#web/features/efatura-import/components/efatura-import-screen.tsx';
import { EFATURA_MESSAGES } from '#web/features/efatura-import/messages.ts';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { capabilityAccess } from '#web/lib/capability-access.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

/** `/importar-efatura` (issue 17 point 3): the invoices the AT portal lists, into Papelada. */
export function EfaturaImportPage() {
  const access = capabilityAccess(useProfile().data, 'invoices.create');
  return (
    <SignedInFrame title={EFATURA_MESSAGES.pageTitle} help="exportacoes-e-efatura">
      {access.kind === 'allowed' ? (
        <EfaturaImportScreen />
      ) : access.kind === 'loading' ? (
        <div role="status" className="h-40 animate-pulse rounded-2xl bg-slate-200/70" />
      ) : (
        // invoices.create has no plan feature: every refusal is the role's.
        <ForbiddenNotice message={access.message} />
      )}
    </SignedInFrame>
  );
}
