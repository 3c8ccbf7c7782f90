import { Info } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A small panel opened by an (i) button: closes on Escape, on a click outside and when the
 * button is pressed again. The panel is plain content, announced through aria-controls.
 */
export function InfoPopover({
  label,
  children,
  align = 'end',
}: {
  /** Names the button: 'Mais sobre Total Gasto'. */
  label: string;
  children: ReactNode;
  align?: 'start' | 'end';
}) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label={label}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className="focus-visible:ring-brand-500/60 -m-1.5 inline-flex size-8 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-3 focus-visible:outline-none"
      >
        <Info className="size-4" aria-hidden />
      </button>
      <div
        id={panelId}
        role="region"
        aria-label={label}
        hidden={!isOpen}
        className={cn(
          'absolute top-full z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-lg',
          align === 'end' ? 'right-0' : 'left-0',
        )}
      >
        {children}
      </div>
    </div>
  );
}
