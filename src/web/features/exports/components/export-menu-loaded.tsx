// The export menu once it has been opened (export-menu.tsx loads it on the first press): the
// formats, the download with its progress, and the premium and failure panels.
import { Link } from '@tanstack/react-router';
import { Crown, FileSpreadsheet, FileText } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { planRequiredMessage } from '#shared/capabilities.ts';
import type { PlanId } from '#shared/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import type { ExportFilters, ExportFormat } from '../api/download-export.ts';
import type { ExportAccess } from '../export-access.ts';
import { progressOf } from '../export-progress.ts';
import { useExportDownload, type ExportState } from '../hooks/use-export-download.ts';
import { EXPORT_MESSAGES } from '../messages.ts';
import { ExportButton, isLeftAlignedUnder } from './export-button.tsx';

type ExportMenuLoadedProps = {
  filters: ExportFilters;
  access: ExportAccess;
  className?: string | undefined;
  /** Opened by the press that loaded it, on the side export-menu.tsx measured. */
  openedLeftAligned: boolean;
};

const FORMATS: Array<{ format: ExportFormat; label: string; hint: string; icon: ReactNode }> = [
  {
    format: 'xlsx',
    label: EXPORT_MESSAGES.xlsx,
    hint: EXPORT_MESSAGES.xlsxHint,
    icon: <FileSpreadsheet className="size-4 text-emerald-700" aria-hidden />,
  },
  {
    format: 'csv',
    label: EXPORT_MESSAGES.csv,
    hint: EXPORT_MESSAGES.csvHint,
    icon: <FileText className="size-4 text-slate-600" aria-hidden />,
  },
];

const percentOf = (state: Extract<ExportState, { kind: 'running' }>) =>
  state.count === null
    ? 0
    : Math.round(progressOf(state.format, state.count, state.received) * 100);

/** 'Exportar' on the dashboard and on a supplier's page: Excel or CSV of what the list shows. */
export function ExportMenuLoaded({
  filters,
  access,
  className,
  openedLeftAligned,
}: ExportMenuLoadedProps) {
  const [isOpen, setIsOpen] = useState(true);
  const [isLeftAligned, setIsLeftAligned] = useState(openedLeftAligned);
  const { state, start, cancel } = useExportDownload(filters);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const isRunning = state.kind === 'running';
  // The panel stays while a download runs or has failed: its progress and its error live there.
  const isPanelShown = isOpen || state.kind !== 'idle';

  useEffect(() => {
    if (!isPanelShown || isRunning) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  });

  function open() {
    setIsLeftAligned(isLeftAlignedUnder(root.current));
    setIsOpen(true);
  }

  function close() {
    setIsOpen(false);
    if (state.kind === 'failed') cancel();
  }

  if (access.kind === 'hidden') return null;
  const isPremium = access.kind === 'plan-required';
  return (
    <div ref={root} className={cn('relative', className)}>
      <ExportButton
        isPremium={isPremium}
        isExpanded={isPanelShown}
        controls={panelId}
        progress={isRunning ? percentOf(state) : null}
        onClick={() => (isPanelShown && !isRunning ? close() : open())}
      />
      {isPanelShown ? (
        <div
          id={panelId}
          className={cn(
            'absolute top-full z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-2 text-sm shadow-lg',
            isLeftAligned ? 'left-0' : 'right-0',
          )}
        >
          {isPremium ? (
            <PremiumPanel requiredPlan={access.requiredPlan} />
          ) : state.kind === 'running' ? (
            <ProgressPanel state={state} onCancel={cancel} />
          ) : state.kind === 'failed' ? (
            <FailedPanel
              message={state.message}
              onRetry={() => void start(state.format)}
              onClose={close}
            />
          ) : (
            <div role="menu" aria-label={EXPORT_MESSAGES.menuLabel} className="flex flex-col">
              {FORMATS.map((item) => (
                <button
                  key={item.format}
                  type="button"
                  role="menuitem"
                  // The first choice takes the focus, so the keyboard goes on from the menu.
                  autoFocus={item.format === 'xlsx'}
                  onClick={() => {
                    setIsOpen(false);
                    void start(item.format);
                  }}
                  className="focus-visible:ring-brand-500/60 flex items-start gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-slate-50 focus-visible:ring-2 focus-visible:outline-none"
                >
                  <span className="mt-0.5">{item.icon}</span>
                  <span className="flex flex-col">
                    <span className="font-semibold text-slate-900">{item.label}</span>
                    <span className="text-xs text-slate-500">{item.hint}</span>
                  </span>
                </button>
              ))}
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}

function ProgressPanel({
  state,
  onCancel,
}: {
  state: Extract<ExportState, { kind: 'running' }>;
  onCancel(): void;
}) {
  const percent = percentOf(state);
  return (
    <div className="flex flex-col gap-3 p-2" aria-live="polite">
      <p className="font-medium text-slate-800">
        {state.count === null ? EXPORT_MESSAGES.preparing : EXPORT_MESSAGES.progress(state.count)}
      </p>
      <div
        role="progressbar"
        aria-label={EXPORT_MESSAGES.menuLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="bg-brand-600 h-full rounded-full transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <Button variant="ghost" size="sm" className="self-end" onClick={onCancel}>
        {EXPORT_MESSAGES.cancel}
      </Button>
    </div>
  );
}

function FailedPanel({
  message,
  onRetry,
  onClose,
}: {
  message: string;
  onRetry(): void;
  onClose(): void;
}) {
  return (
    <div className="flex flex-col gap-3 p-2">
      <p role="alert" className="text-red-700">
        {message}
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onClose}>
          {EXPORT_MESSAGES.close}
        </Button>
        <Button size="sm" onClick={onRetry}>
          {EXPORT_MESSAGES.retry}
        </Button>
      </div>
    </div>
  );
}

function PremiumPanel({ requiredPlan }: { requiredPlan: PlanId }) {
  return (
    <div role="dialog" aria-label={EXPORT_MESSAGES.menuLabel} className="flex flex-col gap-3 p-2">
      <span className="inline-flex items-center gap-1 self-start rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
        <Crown className="size-3" aria-hidden />
        {EXPORT_MESSAGES.premium}
      </span>
      <p className="text-slate-700">{planRequiredMessage('exports', requiredPlan)}</p>
      <Button asChild size="sm" className="self-start">
        <Link to="/subscription" search={{ autostart: requiredPlan }}>
          {EXPORT_MESSAGES.seePlans}
        </Link>
      </Button>
    </div>
  );
}
