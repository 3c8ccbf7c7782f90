// How /resumo writes its figures: euros pt-PT (or dots when hidden), shares with one decimal.
import { formatCents, maskedAmount } from '#shared/money.ts';
import { MONTH_LABELS } from './messages.ts';

const percentFormat = new Intl.NumberFormat('pt-PT', {
  style: 'percent',
  maximumFractionDigits: 1,
});

/** 38.888… → '38,9%' (pt-PT, as the platform writes it). */
export function formatPercent(percentage: number): string {
  return percentFormat.format(percentage / 100);
}

/** An amount as the page shows it: dots while 'Mostrar valores' is off. */
export function amountText(cents: number, isVisible: boolean): string {
  return isVisible ? formatCents(cents) : maskedAmount;
}

/** Whole euros for a chart's axis ('1234 €'); dots while amounts are hidden. */
export function axisAmount(cents: number, isVisible: boolean): string {
  if (!isVisible) return '•••';
  return `${Math.round(cents / 100).toLocaleString('pt-PT')} €`;
}

/** 'Maio de 2025'. */
export function monthTitle(year: number, month: number): string {
  return `${MONTH_LABELS[month - 1] ?? ''} de ${year}`;
}
