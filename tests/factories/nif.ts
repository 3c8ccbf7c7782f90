// Distinct valid NIFs for test data.
import { computeNifCheckDigit } from '#shared/nif.ts';

let sequence = 0;

/** A new valid company NIF (starts with 5) on every call. */
export function nextNif(): string {
  return nifStartingWith('5');
}

/** A new valid private person's NIF (starts with 2): stored encrypted (ADR 028). */
export function nextPersonNif(): string {
  return nifStartingWith('2');
}

function nifStartingWith(digit: string): string {
  sequence += 1;
  const firstEight = `${digit}${String(sequence).padStart(7, '0')}`;
  return `${firstEight}${computeNifCheckDigit(firstEight)}`;
}
