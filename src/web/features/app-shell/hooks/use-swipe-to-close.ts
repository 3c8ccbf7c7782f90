import { useRef, type PointerEvent } from 'react';
import { isCloseSwipe } from '../swipe.ts';

/**
 * Pointer handlers (mouse, pen and touch) for the drawer. The drawer sets
 * `touch-action: pan-y`, so a horizontal finger drag reaches us instead of the browser.
 */
export function useSwipeToClose(onClose: () => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent) {
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      if (isCloseSwipe(from, { x: event.clientX, y: event.clientY })) onClose();
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
