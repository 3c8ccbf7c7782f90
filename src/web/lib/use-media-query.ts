import { useCallback, useSyncExternalStore } from 'react';

/** Spec invoice-work §2: the mobile breakpoint is 768 px. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** Whether a CSS media query matches, following changes (rotation, resizing). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
