import { getRouteApi } from '@tanstack/react-router';
import { currentSummaryMonth, type SummaryMonth } from '#shared/summary.ts';
import { SummaryScreen } from '#web/features/summary/components/summary-screen.tsx';
import { SUMMARY_MESSAGES } from '#web/features/summary/messages.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

const route = getRouteApi('/app/protected/resumo');

/** `/resumo` (spec invoice-work §2): the month in the address, else the current one in Lisbon. */
export function SummaryPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const current = currentSummaryMonth();
  const month: SummaryMonth = {
    year: search.ano ?? current.year,
    month: search.mes ?? current.month,
  };
  return (
    <SignedInFrame title={SUMMARY_MESSAGES.pageTitle} width="wide" hasBottomNav>
      <SummaryScreen
        month={month}
        onMonthChange={(next) =>
          void navigate({ search: { ano: next.year, mes: next.month }, replace: true })
        }
      />
    </SignedInFrame>
  );
}
