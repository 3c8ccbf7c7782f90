import { Link } from '@tanstack/react-router';
import { FilePlus2, ScanLine } from 'lucide-react';
import { buttonVariants } from '#web/components/ui/button-variants.ts';

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-titulo" className="px-4 py-16 sm:px-6 md:py-24">
      <div className="from-brand-700 to-brand-900 mx-auto max-w-4xl rounded-3xl bg-gradient-to-br px-6 py-12 text-center shadow-xl sm:px-12">
        <h2
          id="cta-titulo"
          className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
        >
          Pronto para arrumar a papelada?
        </h2>
        <p className="text-brand-100 mx-auto mt-4 max-w-xl text-lg">
          Registe a primeira fatura agora: aponte a câmara ao código QR ou preencha os dados à mão.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/nova-fatura" className={buttonVariants({ size: 'lg', variant: 'secondary' })}>
            <FilePlus2 aria-hidden />
            Registar uma fatura
          </Link>
          <Link to="/scanner" className={buttonVariants({ size: 'lg', variant: 'onDark' })}>
            <ScanLine aria-hidden />
            Abrir o scanner
          </Link>
        </div>
      </div>
    </section>
  );
}
