// Distinct valid NIFs for test data.
import { computeNifCheckDigit } from '#shared/nif.ts';

let sequence = 0;

/** A new valid company NIF (starts with 5) on every call. */
export function nextNif(): string {
  sequence += 1;
  const firstEight = `5${String(sequence).padStart(7, '0')}`;
  return `${firstEight}${computeNifCheckDigit(firstEight)}`;
}
