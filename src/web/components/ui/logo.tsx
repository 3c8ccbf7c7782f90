import { clsx } from 'clsx';

type LogoProps = { className?: string; wordmarkClassName?: string; onDark?: boolean };

/** The Papelada mark (same drawing as /favicon.svg) with the word mark beside it. */
export function Logo({ className, wordmarkClassName, onDark = false }: LogoProps) {
  return (
    <span className={clsx('inline-flex items-center gap-2', className)}>
      <LogoMark className="size-8" />
      <span
        className={clsx(
          'text-lg font-bold tracking-tight',
          onDark ? 'text-white' : 'text-slate-900',
          wordmarkClassName,
        )}
      >
        Papelada
      </span>
    </span>
  );
}

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill="#0b6e56" />
      <path
        d="M10 6.5h8.5l5 5V24.5a1 1 0 0 1-1 1H10a1 1 0 0 1-1-1v-17a1 1 0 0 1 1-1z"
        fill="#fff"
      />
      <path d="M18.5 6.5v4a1 1 0 0 0 1 1h4z" fill="#a7f3d0" />
      <g fill="#0b6e56">
        <rect x="11.5" y="14" width="3.5" height="3.5" rx=".6" />
        <rect x="17" y="14" width="3.5" height="3.5" rx=".6" />
        <rect x="11.5" y="19.5" width="3.5" height="3.5" rx=".6" />
        <rect x="17" y="19.5" width="1.6" height="1.6" />
        <rect x="18.9" y="21.4" width="1.6" height="1.6" />
      </g>
    </svg>
  );
}
