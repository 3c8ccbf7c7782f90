import { getRouteApi } from '@tanstack/react-router';
import { currentSummaryMonth, type SummaryMonth } from '#shared/summary.ts';
import { ForbiddenNotice } from '#web/components/access/access-notice.tsx';
import { SummaryScreen } from '#web/features/summary/components/summary-screen.tsx';
import { SUMMARY_MESSAGES } from '#web/features/summary/messages.ts';
import { useCan } from '#web/lib/use-can.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

const route = getRouteApi('/app/protected/resumo');

/** `/resumo` (spec invoice-work §2): the month in the address, else the current one in Lisbon. */
export function SummaryPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // A Utilizador has no Resumo (spec accounts §6): its address says so instead of failing.
  const access = useCan().access('resumo.view');
  const current = currentSummaryMonth();
  const month: SummaryMonth = {
    year: search.ano ?? current.year,
    month: search.mes ?? current.month,
  };
  return (
    <SignedInFrame title={SUMMARY_MESSAGES.pageTitle} width="wide" hasBottomNav help="resumo-e-iva">
      {access.kind === 'allowed' ? (
        <SummaryScreen
          month={month}
          onMonthChange={(next) =>
            void navigate({ search: { ano: next.year, mes: next.month }, replace: true })
          }
        />
      ) : access.kind === 'loading' ? (
        <div role="status" className="h-40 animate-pulse rounded-2xl bg-slate-200/70" />
      ) : (
        <div className="max-w-3xl">
          <ForbiddenNotice message={access.message} />
        </div>
      )}
    </SignedInFrame>
  );
}
