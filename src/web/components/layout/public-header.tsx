import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { clsx } from 'clsx';
import { Logo } from '#web/components/ui/logo.tsx';

/** The header of the public reading pages (legal texts, the security diagnostic). */
export function PublicHeader({ className, width }: { className?: string; width: string }) {
  return (
    <header className={clsx('border-b border-slate-200 px-4 sm:px-6', className)}>
      <div className={clsx('mx-auto flex h-16 items-center justify-between', width)}>
        <Link to="/home" className="rounded-md" aria-label="Papelada — página inicial">
          <Logo />
        </Link>
        <Link
          to="/home"
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-700 hover:text-slate-900"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Voltar ao início
        </Link>
      </div>
    </header>
  );
}
