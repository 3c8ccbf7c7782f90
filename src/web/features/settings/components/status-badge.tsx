import { cn } from '#web/lib/cn.ts';
import { EMAIL_STATUS_LABELS, isEmailStatus, type EmailStatus } from '../email-labels.ts';

const TONES = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  sent: 'bg-sky-50 text-sky-800 ring-sky-600/30',
  delivered: 'bg-brand-50 text-brand-800 ring-brand-600/30',
  failed: 'bg-red-50 text-red-800 ring-red-600/30',
  bounced: 'bg-orange-50 text-orange-800 ring-orange-600/30',
} as const satisfies Record<EmailStatus, string>;

export function StatusBadge({ status }: { status: string }) {
  const known = isEmailStatus(status) ? status : null;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        known ? TONES[known] : 'bg-slate-50 text-slate-700 ring-slate-500/30',
      )}
    >
      {known ? EMAIL_STATUS_LABELS[known] : status}
    </span>
  );
}
