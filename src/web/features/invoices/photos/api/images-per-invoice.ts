import { useCan } from '#web/lib/use-can.ts';

/**
 * How many photos the account's plan allows per invoice (spec §5: 1 free, 5 Personal, 10
 * Empresarial), as the server resolved it; undefined until the profile is known, when the
 * server alone decides.
 */
export function useImagesPerInvoice(): number | undefined {
  return useCan().imagesPerInvoice;
}
