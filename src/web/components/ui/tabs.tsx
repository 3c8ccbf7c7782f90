import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export type TabItem = {
  value: string;
  label: string;
  /** Shown after the label, e.g. a count; the label alone names the tab. */
  badge?: ReactNode;
  panel: ReactNode;
};

type TabsProps = {
  /** Names the tab list for screen readers. */
  label: string;
  items: readonly TabItem[];
  defaultValue?: string;
  className?: string;
};

const KEY_STEPS: Partial<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * WAI-ARIA tabs with automatic activation: one tab stop for the list, the arrow keys, Home
 * and End move between tabs, and the chosen panel follows at once.
 */
export function Tabs({ label, items, defaultValue, className }: TabsProps) {
  const baseId = useId();
  const [selected, setSelected] = useState(defaultValue ?? items[0]?.value);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const selectedIndex = Math.max(
    0,
    items.findIndex((item) => item.value === selected),
  );

  function onKeyDown(event: KeyboardEvent) {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = items[step(selectedIndex, items.length)];
    if (!next) return;
    setSelected(next.value);
    tabRefs.current.get(next.value)?.focus();
  }

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 rounded-xl bg-slate-100 p-1"
      >
        {items.map((item, index) => {
          const isSelected = index === selectedIndex;
          return (
            <button
              key={item.value}
              ref={(node) => {
                if (node) tabRefs.current.set(item.value, node);
                else tabRefs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.value}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${item.value}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelected(item.value)}
              className={cn(
                'focus-visible:ring-brand-500/60 inline-flex h-10 min-w-0 flex-1 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold transition-colors focus-visible:ring-3 focus-visible:outline-none',
                isSelected
                  ? 'text-brand-900 bg-white shadow-sm'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              <span className="truncate">{item.label}</span>
              {item.badge}
            </button>
          );
        })}
      </div>
      {items.map((item, index) => (
        <div
          key={item.value}
          role="tabpanel"
          id={`${baseId}-panel-${item.value}`}
          aria-labelledby={`${baseId}-tab-${item.value}`}
          hidden={index !== selectedIndex}
          tabIndex={0}
          className="focus-visible:ring-brand-500/60 mt-4 rounded-lg focus-visible:ring-3 focus-visible:outline-none"
        >
          {index === selectedIndex ? item.panel : null}
        </div>
      ))}
    </div>
  );
}
