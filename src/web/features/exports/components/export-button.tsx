import { Crown, Download, LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { EXPORT_MESSAGES } from '../messages.ts';

/** The panel's width (w-72). */
const PANEL_WIDTH_PX = 288;

/** Under the button's right edge, unless that would leave the screen (a button on the left). */
export function isLeftAlignedUnder(element: Element | null): boolean {
  const right = element?.getBoundingClientRect().right ?? Number.POSITIVE_INFINITY;
  return right < PANEL_WIDTH_PX + 16;
}

type ExportButtonProps = Pick<
  ComponentProps<'button'>,
  'onClick' | 'onPointerEnter' | 'onFocus'
> & {
  isPremium: boolean;
  isExpanded: boolean;
  /** The panel's id, once there is one. */
  controls?: string | undefined;
  /** The download's percentage while one runs. */
  progress?: number | null;
};

/** 'Exportar' (or its progress), the same before and after the menu's code has loaded. */
export function ExportButton({
  isPremium,
  isExpanded,
  controls,
  progress = null,
  ...handlers
}: ExportButtonProps) {
  const isRunning = progress !== null;
  return (
    <Button
      variant="outline"
      className="h-11"
      aria-haspopup={isPremium ? 'dialog' : 'menu'}
      aria-expanded={isExpanded}
      aria-controls={controls}
      {...handlers}
    >
      {isRunning ? (
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
      ) : isPremium ? (
        <Crown className="size-4 text-amber-600" aria-label={EXPORT_MESSAGES.premium} />
      ) : (
        <Download className="size-4" aria-hidden />
      )}
      {isRunning ? `${progress} %` : EXPORT_MESSAGES.action}
    </Button>
  );
}
