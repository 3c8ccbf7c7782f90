import { Link } from '@tanstack/react-router';
import { ArrowRight, PlayCircle } from 'lucide-react';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { HeroIllustration } from './hero-illustration.tsx';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-titulo"
      className="from-brand-50 relative overflow-hidden bg-gradient-to-b via-white to-white px-4 pt-12 pb-16 sm:px-6 md:pt-20 md:pb-24"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[1.1fr_1fr]">
        <div className="text-center lg:text-left">
          <p className="border-brand-200 text-brand-800 inline-flex items-center gap-2 rounded-full border bg-white px-3 py-1 text-sm font-medium">
            <span className="bg-brand-500 size-2 rounded-full" aria-hidden />
            Lê o código QR das faturas da AT
          </p>
          <h1
            id="hero-titulo"
            className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
          >
            O primeiro scanner de faturas português
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg text-pretty text-slate-600 lg:mx-0">
            Aponte a câmara ao código QR de uma fatura e a Papelada preenche o NIF do fornecedor, a
            data, o número, o IVA e o total em segundos. Depois, acompanhe pagamentos, prazos e o
            IVA dedutível de cada mês — num só sítio.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Link to="/auth" search={{ signup: true }} className={buttonVariants({ size: 'lg' })}>
              Experimentar agora
              <ArrowRight aria-hidden />
            </Link>
            {/* Signs into the read-only demo account, then opens /resumo (ADR 021). */}
            <Link to="/demo" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              <PlayCircle aria-hidden />
              Ver demo
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-600">
            Grátis até 15 faturas por mês · Sem cartão de crédito
          </p>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
