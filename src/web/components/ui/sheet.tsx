import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

// A side panel built on Radix Dialog: focus trap, Escape, scroll lock and aria wiring.
export const Sheet = Dialog.Root;
export const SheetTrigger = Dialog.Trigger;
export const SheetClose = Dialog.Close;

type SheetContentProps = ComponentProps<typeof Dialog.Content> & {
  title: string;
  description?: string;
  side?: 'left' | 'right';
  /** The close button's name for screen readers ('Fechar menu' for the menus). */
  closeLabel?: string;
  children: ReactNode;
};

export function SheetContent({
  title,
  description,
  side = 'right',
  closeLabel = 'Fechar menu',
  className,
  children,
  ...props
}: SheetContentProps) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
      <Dialog.Content
        className={cn(
          'fixed inset-y-0 z-50 flex w-[min(20rem,calc(100vw-2.5rem))] flex-col gap-4 bg-white p-6 shadow-xl focus:outline-none',
          side === 'right'
            ? 'right-0 data-[state=open]:animate-[slide-in-right_200ms_ease-out]'
            : 'left-0 data-[state=open]:animate-[slide-in-left_200ms_ease-out]',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <div className="flex items-center justify-between gap-4">
          <Dialog.Title className="text-base font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Close
            className="focus-visible:ring-brand-500/60 rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-3 focus-visible:outline-none"
            aria-label={closeLabel}
          >
            <X className="size-5" aria-hidden />
          </Dialog.Close>
        </div>
        {description ? (
          <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>
        ) : null}
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
