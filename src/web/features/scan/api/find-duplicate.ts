// The duplicate warning before saving (issue 5): an invoice of this account with the same
// supplier NIF and number, or the same NIF and ATCUD. The list search matches numbers, so
// one small GET /api/invoices?search=<number> finds the candidates; the server refuses the
// save anyway (409 DUPLICATE_INVOICE) if this check missed one.
import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useEffect, useState } from 'react';
import { isNifFormat, normalizeNif } from '#shared/nif.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { SCAN_MESSAGES } from '../messages.ts';

const $get = api.api.invoices.$get;
type ListedInvoice = InferResponseType<typeof $get, 200>['items'][number];

export type DuplicateKey = { supplierNif: string; number: string; atcud: string };
export type DuplicateCandidate = Pick<ListedInvoice, 'id' | 'number' | 'supplierNif' | 'atcud'>;

/** Enough for every invoice whose number contains the one typed. */
const CANDIDATE_LIMIT = 50;
const TYPING_PAUSE_MS = 400;

/** The server's rules 1 and 2: same NIF and a real ATCUD, or same NIF and number. */
export function findDuplicate(
  candidates: readonly DuplicateCandidate[],
  key: DuplicateKey,
): DuplicateCandidate | null {
  const nif = normalizeNif(key.supplierNif);
  const number = key.number.trim();
  const atcud = key.atcud.trim();
  const hasAtcud = atcud !== '' && atcud !== '0';
  return (
    candidates.find(
      (invoice) =>
        invoice.supplierNif === nif &&
        (invoice.number === number || (hasAtcud && invoice.atcud === atcud)),
    ) ?? null
  );
}

async function fetchDuplicate(key: DuplicateKey): Promise<DuplicateCandidate | null> {
  const page = await callApi(
    () => $get({ query: { search: key.number.trim(), limit: String(CANDIDATE_LIMIT) } }),
    SCAN_MESSAGES.duplicate,
  );
  return findDuplicate(page.items, key);
}

function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The registered invoice this one repeats, once NIF and number are filled in; else null. */
export function useDuplicateCheck(key: DuplicateKey): DuplicateCandidate | null {
  const nif = normalizeNif(key.supplierNif);
  const number = useSettled(key.number.trim(), TYPING_PAUSE_MS);
  const atcud = useSettled(key.atcud.trim(), TYPING_PAUSE_MS);
  const query = useQuery({
    // Under 'invoices', so a saved invoice refreshes the answer.
    queryKey: ['invoices', 'duplicate-check', nif, number, atcud],
    queryFn: () => fetchDuplicate({ supplierNif: nif, number, atcud }),
    enabled: isNifFormat(nif) && number !== '',
    staleTime: 30_000,
    // A failed check only loses the early warning; the server still refuses a duplicate.
    retry: false,
  });
  return query.data ?? null;
}
