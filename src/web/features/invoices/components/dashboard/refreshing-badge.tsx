import { LoaderCircle } from 'lucide-react';
import { DASHBOARD_MESSAGES } from '../../messages.ts';

/** Top-right while rows already on screen are being refreshed (spec §2). */
export function RefreshingBadge() {
  return (
    <p
      role="status"
      className="fixed top-20 right-4 z-30 flex items-center gap-2 rounded-full bg-slate-900/90 px-3 py-1.5 text-xs font-medium text-white shadow-lg"
    >
      <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
      {DASHBOARD_MESSAGES.refreshing}
    </p>
  );
}
