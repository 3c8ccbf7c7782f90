// The shapes a value takes on real Portuguese receipts and invoices, printed from the truth
// so a fixture's picture and its manifest can never disagree: NIFs with 'PT', spaces or
// dots, dates from '04/09/21' to '4 de Setembro de 2021', document numbers with or without
// the space after the type, amounts with '.' or ' ' between thousands.
import { monthName } from '#shared/dates.ts';

export type NifShape = 'plain' | 'spaced' | 'dotted' | 'pt' | 'pt-spaced';
export type DateShape =
  | 'dd/mm/yyyy'
  | 'dd/mm/yy'
  | 'dd-mm-yyyy'
  | 'dd-mm-yy'
  | 'dd.mm.yyyy'
  | 'yyyy-mm-dd'
  /** '4 de Setembro de 2021' */
  | 'long'
  /** '04 Set 2021' */
  | 'short-month';
export type Thousands = '.' | ' ' | '';

export function printNif(nif: string, shape: NifShape): string {
  const groups = `${nif.slice(0, 3)} ${nif.slice(3, 6)} ${nif.slice(6)}`;
  switch (shape) {
    case 'plain':
      return nif;
    case 'spaced':
      return groups;
    case 'dotted':
      return groups.replaceAll(' ', '.');
    case 'pt':
      return `PT${nif}`;
    case 'pt-spaced':
      return `PT ${groups}`;
  }
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function printDate(iso: string, shape: DateShape): string {
  const [y = '', m = '', d = ''] = iso.split('-');
  const month = Number(m) - 1;
  switch (shape) {
    case 'dd/mm/yyyy':
      return `${d}/${m}/${y}`;
    case 'dd/mm/yy':
      return `${d}/${m}/${y.slice(2)}`;
    case 'dd-mm-yyyy':
      return `${d}-${m}-${y}`;
    case 'dd-mm-yy':
      return `${d}-${m}-${y.slice(2)}`;
    case 'dd.mm.yyyy':
      return `${d}.${m}.${y}`;
    case 'yyyy-mm-dd':
      return iso;
    case 'long':
      return `${Number(d)} de ${capitalise(monthName(month))} de ${y}`;
    case 'short-month':
      return `${d} ${capitalise(monthName(month, { short: true }))} ${y}`;
  }
}

/** 'FS 021/004512', or 'FS021/004512' when the software leaves the space out. */
export const printNumber = (number: string, joined = false) =>
  joined ? number.replace(' ', '') : number;

/** '1.234,56' (or '1 234,56', '1234,56'); negative amounts get a leading '-'. */
export function printMoney(cents: number, thousands: Thousands = '.'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = Math.trunc(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+$)/gu, thousands);
  return `${sign}${euros},${String(abs % 100).padStart(2, '0')}`;
}
