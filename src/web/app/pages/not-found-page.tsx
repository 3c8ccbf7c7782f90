import { Link } from '@tanstack/react-router';
import { FileQuestion } from 'lucide-react';
import { CenteredPage } from '#web/components/layout/centered-page.tsx';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle('Página não encontrada');
  return (
    <CenteredPage>
      <FileQuestion className="text-brand-700 size-10" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Página não encontrada</h1>
      <p className="mt-2 text-slate-600">
        O endereço que abriu não existe ou foi mudado de sítio. Verifique se está bem escrito.
      </p>
      <Link to="/home" className={buttonVariants({ className: 'mt-6' })}>
        Voltar ao início
      </Link>
    </CenteredPage>
  );
}
