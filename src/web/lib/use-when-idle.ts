import { useEffect } from 'react';

/** Never before this: the page's own requests and first paint go first. */
const IDLE_AFTER_MS = 2000;

/**
 * Spec invoice-work §4 "Bootstrap": secondary code loads once the page's own is in, when the
 * browser is idle — never before 2 s, so it does not compete with the first paint. `run`
 * should keep its identity (a module-level function), or it is scheduled again.
 */
export function useWhenIdle(run: () => void): void {
  useEffect(() => {
    let idleHandle: number | undefined;
    const timer = setTimeout(() => {
      if ('requestIdleCallback' in window) {
        idleHandle = window.requestIdleCallback(run, { timeout: IDLE_AFTER_MS });
      } else {
        run();
      }
    }, IDLE_AFTER_MS);
    return () => {
      clearTimeout(timer);
      if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    };
  }, [run]);
}
