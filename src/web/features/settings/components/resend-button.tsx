import { Check, Loader2, RotateCw, X } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useResendButton } from '../hooks/use-resend-button.ts';
import { RESEND_LABELS } from '../messages.ts';

const ICONS = { idle: RotateCw, loading: Loader2, success: Check, error: X } as const;

export function ResendButton({ emailId, subject }: { emailId: string; subject: string }) {
  const { status, run } = useResendButton(emailId);
  const Icon = ICONS[status];
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={run}
      disabled={status !== 'idle'}
      aria-label={`${RESEND_LABELS[status]}: ${subject}`}
      className={cn(
        'min-w-32 disabled:opacity-100',
        status === 'success' && 'border-brand-600 text-brand-800',
        status === 'error' && 'border-red-600 text-red-700',
        status === 'loading' && 'text-slate-500',
      )}
    >
      <Icon className={cn(status === 'loading' && 'animate-spin')} aria-hidden />
      <span aria-live="polite">{RESEND_LABELS[status]}</span>
    </Button>
  );
}
