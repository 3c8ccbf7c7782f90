import { formatCents, maskedAmount, signedAmountCents } from '#shared/money.ts';
import { cn } from '#web/lib/cn.ts';

const HIDDEN_LABEL = 'Valor oculto';

/**
 * An invoice amount in EUR, pt-PT: negative for a credit note, dots when the amounts are
 * hidden (spec §2). `isNegativeRed` paints credit notes red (list rows).
 */
export function Amount({
  cents,
  documentType = null,
  isVisible,
  isNegativeRed = false,
  className,
}: {
  cents: number;
  documentType?: string | null;
  isVisible: boolean;
  isNegativeRed?: boolean;
  className?: string;
}) {
  if (!isVisible) {
    return (
      <span className={cn('tracking-widest', className)} aria-label={HIDDEN_LABEL}>
        {maskedAmount}
      </span>
    );
  }
  const signed = signedAmountCents(cents, documentType);
  return (
    <span className={cn('tabular-nums', className, isNegativeRed && signed < 0 && 'text-red-600')}>
      {formatCents(signed)}
    </span>
  );
}
