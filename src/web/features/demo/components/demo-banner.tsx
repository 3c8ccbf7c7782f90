import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Eye } from 'lucide-react';
import { signOut } from '#web/lib/auth-client.ts';
import { DEMO_WEB_MESSAGES } from '../messages.ts';

/** Over every signed-in page of the demo account: what it is, and the way out (ADR 021). */
export function DemoBanner() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = (signup: boolean) =>
    void signOut(queryClient, () =>
      signup
        ? navigate({ to: '/auth', search: { signup: true }, replace: true })
        : navigate({ to: '/home', replace: true }),
    );
  return (
    <aside
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950"
      data-testid="demo-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <p className="flex min-w-0 items-start gap-2">
          <Eye className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <strong className="font-semibold">{DEMO_WEB_MESSAGES.bannerTitle}.</strong>{' '}
            {DEMO_WEB_MESSAGES.bannerText}
          </span>
        </p>
        <div className="flex shrink-0 gap-3">
          <button
            type="button"
            className="font-semibold text-amber-900 underline underline-offset-2"
            onClick={() => leave(true)}
          >
            {DEMO_WEB_MESSAGES.createAccount}
          </button>
          <button
            type="button"
            className="text-amber-900 underline underline-offset-2"
            onClick={() => leave(false)}
          >
            {DEMO_WEB_MESSAGES.leave}
          </button>
        </div>
      </div>
    </aside>
  );
}
