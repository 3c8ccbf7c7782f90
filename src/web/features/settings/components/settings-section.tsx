import type { ReactNode } from 'react';

type SettingsSectionProps = {
  /** The anchor the page's section links point at. */
  id: string;
  title: string;
  description?: string;
  icon?: ReactNode;
  /** Beside the title (wraps below it on a phone). */
  action?: ReactNode;
  children: ReactNode;
};

/** One card of /configuracoes, named by its heading for screen readers and in-page links. */
export function SettingsSection({
  id,
  title,
  description,
  icon,
  action,
  children,
}: SettingsSectionProps) {
  const titleId = `${id}-titulo`;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            {icon}
            {title}
          </h2>
          {description ? (
            <p className="mt-1 max-w-prose text-sm text-slate-600">{description}</p>
          ) : null}
        </div>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}
