import { useRef, type PointerEvent, type RefObject } from 'react';
import {
  releaseVelocity,
  shouldCloseSheet,
  VELOCITY_WINDOW_MS,
  visibleDragOffset,
  type DragSample,
} from './sheet-drag.ts';

// A press on a control is a press, not the start of a drag: capturing the pointer would
// send its click to the drag area instead.
const INTERACTIVE = 'button, a, input, select, textarea, [role="switch"], [data-no-drag]';

type Drag = { pointerId: number; startY: number; samples: DragSample[] };

/** Moves the sheet by `offset` px; 0 lets it glide back on vaul's own transition. */
function place(sheet: HTMLElement | null, offset: number, isFollowing: boolean) {
  if (!sheet) return;
  sheet.style.transition = isFollowing ? 'none' : '';
  sheet.style.transform = offset > 0 ? `translate3d(0, ${offset}px, 0)` : '';
}

/**
 * Pointer handlers (mouse, pen and touch) for the sheet's drag area. The sheet follows the
 * pointer down; on release it glides back, and asks to close when the spec's rule says so.
 */
export function useSheetDrag(sheetRef: RefObject<HTMLElement | null>, onRequestClose: () => void) {
  const drag = useRef<Drag | null>(null);

  function end(event: PointerEvent, isCancelled: boolean) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    place(sheetRef.current, 0, false);
    if (isCancelled) return;
    current.samples.push({ y: event.clientY, t: event.timeStamp });
    const release = {
      offset: event.clientY - current.startY,
      velocity: releaseVelocity(current.samples),
    };
    if (shouldCloseSheet(release)) onRequestClose();
  }

  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0 || drag.current) return;
      if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
      drag.current = {
        pointerId: event.pointerId,
        startY: event.clientY,
        samples: [{ y: event.clientY, t: event.timeStamp }],
      };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove(event: PointerEvent) {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      const { samples } = current;
      samples.push({ y: event.clientY, t: event.timeStamp });
      // Only the end of the drag matters for its speed; keep the list short.
      while (samples.length > 2 && event.timeStamp - samples[0]!.t > 2 * VELOCITY_WINDOW_MS) {
        samples.shift();
      }
      place(sheetRef.current, visibleDragOffset(event.clientY - current.startY), true);
    },
    onPointerUp(event: PointerEvent) {
      end(event, false);
    },
    onPointerCancel(event: PointerEvent) {
      end(event, true);
    },
  };
}
