// The duplicate warning before saving (issue 5): the server's own duplicate rules
// (GET /api/invoices/duplicate — same supplier NIF and number, or NIF and a real ATCUD),
// asked once NIF and number are filled in. The save is refused anyway (409
// DUPLICATE_INVOICE) if the warning came too late.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isNifFormat, normalizeNif } from '#shared/nif.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { invoiceKeys } from '#web/lib/query-keys.ts';
import { SCAN_MESSAGES } from '../messages.ts';

const $get = api.api.invoices.duplicate.$get;

export type DuplicateKey = { supplierNif: string; number: string; atcud: string };

const TYPING_PAUSE_MS = 400;

function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The id of the registered invoice this one repeats, once NIF and number are filled in. */
export function useDuplicateCheck(key: DuplicateKey): string | null {
  const supplierNif = normalizeNif(key.supplierNif);
  const number = useSettled(key.number.trim(), TYPING_PAUSE_MS);
  const atcud = useSettled(key.atcud.trim(), TYPING_PAUSE_MS);
  const query = useQuery({
    // Under invoiceKeys.all, so a saved invoice refreshes the answer.
    queryKey: invoiceKeys.duplicateCheck({ supplierNif, number, atcud }),
    queryFn: async () => {
      const answer = await callApi(
        () => $get({ query: { supplierNif, number, ...(atcud ? { atcud } : {}) } }),
        SCAN_MESSAGES.duplicate,
      );
      return answer.existingId;
    },
    enabled: isNifFormat(supplierNif) && number !== '',
    staleTime: 30_000,
    // A failed check only loses the early warning; the server still refuses a duplicate.
    retry: false,
  });
  return query.data ?? null;
}
