import type { ReactNode } from 'react';
import { clsx } from 'clsx';

type Tone = 'light' | 'muted' | 'dark';

type SectionProps = {
  id: string;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  tone?: Tone;
  children: ReactNode;
};

const TONES = {
  light: {
    section: 'bg-white',
    eyebrow: 'text-brand-700',
    title: 'text-slate-900',
    intro: 'text-slate-600',
  },
  muted: {
    section: 'bg-slate-50',
    eyebrow: 'text-brand-700',
    title: 'text-slate-900',
    intro: 'text-slate-600',
  },
  dark: {
    section: 'bg-brand-950',
    eyebrow: 'text-brand-300',
    title: 'text-white',
    intro: 'text-brand-100',
  },
} as const satisfies Record<Tone, Record<string, string>>;

/** A landing section with its heading; `tabIndex=-1` lets the menu move focus to it. */
export function Section({ id, eyebrow, title, intro, tone = 'light', children }: SectionProps) {
  const headingId = `${id}-titulo`;
  const colors = TONES[tone];
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      tabIndex={-1}
      className={clsx('px-4 py-16 focus:outline-none sm:px-6 md:py-24', colors.section)}
    >
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className={clsx('text-sm font-semibold tracking-wide uppercase', colors.eyebrow)}>
            {eyebrow}
          </p>
          <h2
            id={headingId}
            className={clsx(
              'mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl',
              colors.title,
            )}
          >
            {title}
          </h2>
          {intro ? <p className={clsx('mt-4 text-lg text-pretty', colors.intro)}>{intro}</p> : null}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}
