// Spec accounts §4 "Resend button" (and invoice-work §4): idle → loading → success, back to
// idle after 3 s, or error, back to idle after 2 s.
export type ResendStatus = 'idle' | 'loading' | 'success' | 'error';

export const RESEND_RESET_MS = { success: 3000, error: 2000 } as const;

/** Drives one button's status; `dispose` cancels a pending reset (unmount). */
export function createResendStatus(onChange: (status: ResendStatus) => void) {
  let status: ResendStatus = 'idle';
  let resetTimer: ReturnType<typeof setTimeout> | undefined;

  function set(next: ResendStatus) {
    status = next;
    onChange(next);
  }

  function settle(outcome: 'success' | 'error') {
    set(outcome);
    resetTimer = setTimeout(() => set('idle'), RESEND_RESET_MS[outcome]);
  }

  return {
    /** Runs `send` unless a send is already in flight; resolves when it settles. */
    async run(send: () => Promise<unknown>): Promise<void> {
      if (status === 'loading') return;
      clearTimeout(resetTimer);
      set('loading');
      try {
        await send();
        settle('success');
      } catch {
        settle('error');
      }
    },
    dispose: () => clearTimeout(resetTimer),
  };
}
