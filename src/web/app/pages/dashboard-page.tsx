import { getRouteApi } from '@tanstack/react-router';
import { ReceiptText } from 'lucide-react';
import { SignedInFrame } from './signed-in-frame.tsx';

const protectedRoute = getRouteApi('/app/protected');

/** The protected home; the invoice list replaces this when the invoices feature lands. */
export function DashboardPage() {
  const { session } = protectedRoute.useRouteContext();
  return (
    <SignedInFrame title="As minhas faturas">
      <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <ReceiptText className="text-brand-700 size-10" aria-hidden />
        <p className="mt-4 text-slate-600">Sessão iniciada como {session.user.email}.</p>
        <p className="mt-2 text-slate-600">A lista de faturas estará disponível em breve.</p>
      </div>
    </SignedInFrame>
  );
}
