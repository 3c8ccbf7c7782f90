// Spec accounts §2 / invoice-work §9: a LEFT swipe of more than 100 px closes the drawer.
export const CLOSE_SWIPE_PX = 100;

type Point = { x: number; y: number };

/** Mostly horizontal, leftwards, and longer than the threshold. */
export function isCloseSwipe(start: Point, end: Point): boolean {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  return dx < -CLOSE_SWIPE_PX && Math.abs(dx) > Math.abs(dy);
}
