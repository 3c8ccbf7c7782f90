import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '#web/components/ui/logo.tsx';

/** A calm single-card page: logo back to the landing page, then the content. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="px-4 py-5 sm:px-8">
        <Link
          to="/home"
          className="focus-visible:ring-brand-500/60 inline-flex rounded-md focus-visible:ring-3"
          aria-label="Papelada — página inicial"
        >
          <Logo />
        </Link>
      </header>
      <main
        id="conteudo"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pt-8 pb-16 focus:outline-none sm:items-center sm:pt-0"
      >
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {children}
        </div>
      </main>
    </div>
  );
}
