import { Link } from '@tanstack/react-router';
import { Construction } from 'lucide-react';
import { CenteredPage } from '#web/components/layout/centered-page.tsx';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** Placeholder for protected areas whose screens arrive with later work. */
export function ComingSoonPage() {
  useDocumentTitle('Em preparação');
  return (
    <CenteredPage>
      <Construction className="text-brand-700 size-10" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Esta área está em preparação</h1>
      <p className="mt-2 text-slate-600">
        Ainda não está disponível. Volte em breve — estamos a trabalhar nela.
      </p>
      <Link to="/" className={buttonVariants({ className: 'mt-6' })}>
        Ir para as minhas faturas
      </Link>
    </CenteredPage>
  );
}
