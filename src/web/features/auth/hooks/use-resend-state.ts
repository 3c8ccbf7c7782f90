import { useEffect, useRef, useState } from 'react';

export type ResendState = 'idle' | 'loading' | 'success' | 'error';

/** Spec accounts §4 "Resend button": success returns to idle after 3 s, error after 2 s. */
export const RESEND_SETTLE_MS = { success: 3000, error: 2000 } as const;

export function useResendState(send: () => Promise<boolean>) {
  const [state, setState] = useState<ResendState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function resend() {
    if (state === 'loading') return;
    clearTimeout(timer.current);
    setState('loading');
    const outcome = (await send()) ? 'success' : 'error';
    setState(outcome);
    timer.current = setTimeout(() => setState('idle'), RESEND_SETTLE_MS[outcome]);
  }

  return { state, resend };
}
