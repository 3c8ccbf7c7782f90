import { Link } from '@tanstack/react-router';
import { CheckCircle2, FileSpreadsheet, ScanLine, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '#web/components/ui/logo.tsx';
import { AUTH_TEXT } from '../auth-strings.ts';

const POINT_ICONS = [ScanLine, Sparkles, CheckCircle2, FileSpreadsheet] as const;

function HomeLink({ onDark = false }: { onDark?: boolean }) {
  return (
    <Link
      to="/home"
      className="focus-visible:ring-brand-500/60 inline-flex rounded-md focus-visible:ring-3"
      aria-label="Papelada — página inicial"
    >
      <Logo onDark={onDark} />
    </Link>
  );
}

/**
 * The sign-in frame: on wide screens a brand panel advertising scan, extract, validate and
 * sync to spreadsheets (spec accounts §1); the logo links to /home (spec §2).
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="from-brand-900 to-brand-950 relative hidden flex-col justify-between overflow-hidden bg-gradient-to-br p-10 text-white lg:flex">
        <HomeLink onDark />
        <div className="max-w-md">
          <h2 className="text-3xl font-bold tracking-tight text-balance">{AUTH_TEXT.brandTitle}</h2>
          <ul className="mt-8 space-y-4">
            {AUTH_TEXT.brandPoints.map((point, index) => {
              const Icon = POINT_ICONS[index] ?? CheckCircle2;
              return (
                <li key={point} className="text-brand-50 flex items-start gap-3">
                  <span className="bg-brand-800 text-brand-200 flex size-8 shrink-0 items-center justify-center rounded-lg">
                    <Icon className="size-4" aria-hidden />
                  </span>
                  <span className="pt-1">{point}</span>
                </li>
              );
            })}
          </ul>
        </div>
        <p className="text-brand-200 text-sm">
          Faturas de fornecedores, do código QR ao pagamento.
        </p>
      </aside>
      <div className="flex min-w-0 flex-col bg-slate-50">
        <header className="px-4 py-5 sm:px-8 lg:hidden">
          <HomeLink />
        </header>
        <main
          id="conteudo"
          tabIndex={-1}
          className="flex flex-1 items-start justify-center px-4 pt-2 pb-16 focus:outline-none sm:items-center sm:py-12"
        >
          <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            {children}
          </div>
        </main>
      </div>
    </div>
  );
}

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {subtitle ? <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p> : null}
    </div>
  );
}
