import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

type DataCardProps = {
  title: string;
  description: string;
  tone?: 'default' | 'danger';
  children?: ReactNode;
};

/** A section of /meu-perfil, as the profile's own cards look; the deletion's in red. */
export function DataCard({ title, description, tone = 'default', children }: DataCardProps) {
  return (
    <section
      aria-label={title}
      className={cn(
        'rounded-2xl border bg-white p-5 shadow-sm sm:p-6',
        tone === 'danger' ? 'border-red-200' : 'border-slate-200',
      )}
    >
      <h2
        className={cn(
          'text-lg font-semibold',
          tone === 'danger' ? 'text-red-800' : 'text-slate-900',
        )}
      >
        {title}
      </h2>
      <p className="mt-1 max-w-prose text-sm text-slate-600">{description}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </section>
  );
}
