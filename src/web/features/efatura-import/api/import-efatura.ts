import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { billingKeys, invoiceKeys, supplierKeys } from '#web/lib/query-keys.ts';
import { EFATURA_MESSAGES } from '../messages.ts';

const routes = api.api['efatura-import'];

export type EfaturaImport = InferResponseType<typeof routes.preview.$post, 200>;
export type EfaturaImportRow = EfaturaImport['rows'][number];
export type EfaturaMissingInvoice = EfaturaImport['missing']['items'][number];

export type EfaturaUpload = { file: File; markPaid: boolean };

const formOf = ({ file, markPaid }: EfaturaUpload) =>
  ({ file, markPaid: markPaid ? 'true' : 'false' }) as const;

/** POST /api/efatura-import/preview: what the file would create, skip and refuse. */
export function previewEfatura(upload: EfaturaUpload): Promise<EfaturaImport> {
  return callApi(
    () => routes.preview.$post({ form: formOf(upload) }),
    EFATURA_MESSAGES.previewFailed,
  );
}

/** POST /api/efatura-import/commit: the same file again; the server reads it afresh. */
export function commitEfatura(upload: EfaturaUpload): Promise<EfaturaImport> {
  return callApi(
    () => routes.commit.$post({ form: formOf(upload) }),
    EFATURA_MESSAGES.commitFailed,
  );
}

export function usePreviewEfatura() {
  return useMutation({ mutationFn: previewEfatura, retry: false });
}

/** New invoices change the lists, the suppliers' totals and the month's usage. */
export function useCommitEfatura() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitEfatura,
    retry: false,
    onSuccess: () =>
      Promise.all(
        [invoiceKeys.all, supplierKeys.all, billingKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
