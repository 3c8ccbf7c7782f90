import { useEffect, useState } from 'react';

/** Spec invoice-work §9: a spinner appears only after 300 ms. */
export const SPINNER_DELAY_MS = 300;

/**
 * False until `delayMs` after the calling component mounted. A loading view mounts when the
 * wait starts, so a fast answer never flashes a spinner.
 */
export function useHasElapsed(delayMs = SPINNER_DELAY_MS): boolean {
  const [hasElapsed, setHasElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setHasElapsed(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return hasElapsed;
}
