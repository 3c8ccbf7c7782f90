import { getRouteApi } from '@tanstack/react-router';
import { ReceiptText } from 'lucide-react';
import { CenteredPage } from '#web/components/layout/centered-page.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

const protectedRoute = getRouteApi('/app/protected');

/** The protected home; the invoice list replaces this when the invoices feature lands. */
export function DashboardPage() {
  const { session } = protectedRoute.useRouteContext();
  useDocumentTitle('As minhas faturas');
  return (
    <CenteredPage>
      <ReceiptText className="text-brand-700 size-10" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">As minhas faturas</h1>
      <p className="mt-2 text-slate-600">Sessão iniciada como {session.user.email}.</p>
      <p className="mt-2 text-slate-600">A lista de faturas estará disponível em breve.</p>
    </CenteredPage>
  );
}
