import { lazy, Suspense, useState } from 'react';
import { cn } from '#web/lib/cn.ts';
import { useWhenIdle } from '#web/lib/use-when-idle.ts';
import type { ExportFilters } from '../api/download-export.ts';
import type { ExportAccess } from '../export-access.ts';
import { ExportButton, isLeftAlignedUnder } from './export-button.tsx';

// The menu, the download and its progress load when the browser is idle after the page, or
// sooner if the pointer, the focus or a press reaches 'Exportar' — not with the dashboard
// (DESIGN.md budget: / ≤ 200 KB gzip of initial JavaScript).
const loadMenu = () => import('./export-menu-loaded.tsx');
const preloadMenu = () => void loadMenu().catch(() => {});
const noPreload = () => {};
const ExportMenuLoaded = lazy(() => loadMenu().then((m) => ({ default: m.ExportMenuLoaded })));

type ExportMenuProps = { filters: ExportFilters; access: ExportAccess; className?: string };

/** 'Exportar' on the dashboard and on a supplier's page: Excel or CSV of what the list shows. */
export function ExportMenu({ filters, access, className }: ExportMenuProps) {
  // Set by the first press: the menu opens as soon as its code is in.
  const [openedLeftAligned, setOpenedLeftAligned] = useState<boolean | null>(null);
  // A profile that may not export never needs the menu's code.
  useWhenIdle(access.kind === 'hidden' ? noPreload : preloadMenu);
  if (access.kind === 'hidden') return null;
  const isPremium = access.kind === 'plan-required';
  const button = (isExpanded: boolean) => (
    <div className={cn('relative', className)}>
      <ExportButton
        isPremium={isPremium}
        isExpanded={isExpanded}
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        onClick={(event) => setOpenedLeftAligned(isLeftAlignedUnder(event.currentTarget))}
      />
    </div>
  );
  if (openedLeftAligned === null) return button(false);
  return (
    <Suspense fallback={button(true)}>
      <ExportMenuLoaded
        filters={filters}
        access={access}
        className={className}
        openedLeftAligned={openedLeftAligned}
      />
    </Suspense>
  );
}
