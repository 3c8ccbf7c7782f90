// Spec invoice-work §2 "Invoice detail bottom sheet": dragged down, the sheet closes when
// the downward velocity exceeds 500 px/s, or when the offset exceeds 200 px and the
// finger is not moving back up. vaul's own thresholds differ (0.4 px/ms averaged over the
// whole drag, or a quarter of the height), so the bottom sheet tracks the pointer itself
// and asks this module.

/** Downward speed (px/s) above which a release closes the sheet, whatever the offset. */
export const CLOSE_VELOCITY_PX_S = 500;
/** Downward offset (px) beyond which a release closes the sheet unless moving up. */
export const CLOSE_OFFSET_PX = 200;
/** The release speed is measured over the last this-many milliseconds of the drag. */
export const VELOCITY_WINDOW_MS = 100;

/** A pointer position along the drag axis (y grows downwards) at a time in ms. */
export type DragSample = { y: number; t: number };

/** Offset in px (positive = down) and velocity in px/s (positive = down) at release. */
export type DragRelease = { offset: number; velocity: number };

export function shouldCloseSheet({ offset, velocity }: DragRelease): boolean {
  return velocity > CLOSE_VELOCITY_PX_S || (offset > CLOSE_OFFSET_PX && velocity >= 0);
}

/**
 * The speed at the end of the drag, in px/s: from the oldest sample within the window
 * before the last one to the last one. A finger that stopped before letting go has a
 * speed of 0, not the average of the whole drag.
 */
export function releaseVelocity(
  samples: readonly DragSample[],
  windowMs = VELOCITY_WINDOW_MS,
): number {
  const last = samples.at(-1);
  if (!last) return 0;
  const first = samples.find((sample) => last.t - sample.t <= windowMs) ?? last;
  const elapsed = last.t - first.t;
  if (elapsed <= 0) return 0;
  return ((last.y - first.y) / elapsed) * 1000;
}

/** Where the sheet is drawn while dragged: it follows the finger down, never above its rest. */
export function visibleDragOffset(offset: number): number {
  return Math.max(0, offset);
}
