import { useRef, type ReactNode } from 'react';
import { Drawer } from 'vaul';
import { cn } from '#web/lib/cn.ts';
import { useSheetDrag } from './use-sheet-drag.ts';

type BottomSheetProps = {
  open: boolean;
  /**
   * Every way of closing — dragging down, Escape, a press outside — asks here; the owner
   * decides (e.g. asks first about unsaved changes) and sets `open`.
   */
  onRequestClose: () => void;
  /** Names the sheet for screen readers and heads it. */
  title: ReactNode;
  description?: ReactNode;
  /** Beside the title, e.g. an 'Editar' button. */
  actions?: ReactNode;
  /** Stays below the scrolling body, e.g. the sheet's buttons. */
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** Toasts sit outside the sheet; pressing one must not close it. */
function isToast(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[data-sonner-toaster]') !== null;
}

/**
 * A sheet rising from the bottom, about 95% of the screen high, on vaul (Radix Dialog
 * underneath: focus trap, Escape, scroll lock, aria wiring). vaul's own drag and dismiss
 * are off (`dismissible={false}`): the handle and header follow the finger and the close
 * decision is the spec's (sheet-drag.ts), and every close goes through `onRequestClose`.
 */
export function BottomSheet({
  open,
  onRequestClose,
  title,
  description,
  actions,
  footer,
  children,
  className,
}: BottomSheetProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const drag = useSheetDrag(contentRef, onRequestClose);
  return (
    <Drawer.Root open={open} dismissible={false}>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Drawer.Content
          ref={contentRef}
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 mx-auto flex h-[95dvh] max-w-2xl flex-col rounded-t-2xl bg-white shadow-xl focus:outline-none',
            className,
          )}
          // Focus the sheet itself: screen readers start at its title, and phones do not
          // pop up the keyboard unasked.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            contentRef.current?.focus();
          }}
          onEscapeKeyDown={(event) => {
            event.preventDefault();
            onRequestClose();
          }}
          onPointerDownOutside={(event) => {
            event.preventDefault();
            if (!isToast(event.target)) onRequestClose();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div
            {...drag}
            data-sheet-drag-area=""
            className="shrink-0 cursor-grab touch-none border-b border-slate-200 px-4 pt-2 pb-3 select-none active:cursor-grabbing sm:px-6"
          >
            <div aria-hidden className="mx-auto mb-3 h-1.5 w-12 rounded-full bg-slate-300" />
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Drawer.Title className="truncate text-lg font-bold text-slate-900">
                  {title}
                </Drawer.Title>
                {description ? (
                  <Drawer.Description className="truncate text-sm text-slate-600">
                    {description}
                  </Drawer.Description>
                ) : null}
              </div>
              {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
            </div>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4 sm:px-6">
            {children}
          </div>
          {footer ? (
            <div className="shrink-0 border-t border-slate-200 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6">
              {footer}
            </div>
          ) : null}
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
