// Money and percentages as the CMV screen writes them.
import { formatDateShort } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';

const percentFormat = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 1 });

export const euros = formatCents;
export const shortDate = formatDateShort;

/** '53,3 %'. */
export function percentText(value: number): string {
  return `${percentFormat.format(value)} %`;
}

/** A form's value for an amount: '1234,56' (what parseEuros reads back). */
export function amountInput(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** Axis ticks: '1,2 mil €' style, short. */
const compact = new Intl.NumberFormat('pt-PT', { notation: 'compact', maximumFractionDigits: 1 });
export function axisEuros(cents: number): string {
  return `${compact.format(cents / 100)} €`;
}
