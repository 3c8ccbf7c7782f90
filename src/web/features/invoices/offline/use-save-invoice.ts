import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CreateInvoiceData } from '#shared/schemas/invoice.ts';
import { ApiError } from '#web/lib/call-api.ts';
import { idempotencyKeyOf } from '#web/lib/idempotency.ts';
import { toast } from '#web/lib/toast.ts';
import { isOnline } from '#web/lib/use-is-online.ts';
import { useCreateInvoice } from '../api/create-invoice.ts';
import { NEW_INVOICE_MESSAGES } from '../messages.ts';
import type { NewInvoiceFormValues } from '../new-invoice-values.ts';
import { OFFLINE_INVOICE_MESSAGES } from './offline-messages.ts';
import type { PendingExtras } from './pending-invoices.ts';
import { ownerOfNewInvoice, pendingInvoices } from './pending-sync.ts';

export type InvoiceSubmission = {
  body: CreateInvoiceData;
  values: NewInvoiceFormValues;
  extras: PendingExtras;
  /** The invoice kept on the device this submission replaces (edited after a refusal). */
  pendingId?: string;
};

type SaveCallbacks = {
  /** 'sent': the server has it; 'kept': on the device, sent when the connection returns. */
  onSaved(outcome: 'sent' | 'kept'): void;
  onRefused(error: ApiError): void;
};

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError
    ? error
    : new ApiError(0, 'UNKNOWN', NEW_INVOICE_MESSAGES.saveFailed);
}

/** No answer at all: the request may or may not have reached the server. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/**
 * Saves a new invoice (ADR 029): to the server when it can be reached; otherwise — offline
 * before sending, or no answer after the one retry — on the device with the submission's own
 * Idempotency-Key, so sending it later can never make a second invoice.
 */
export function useSaveInvoice() {
  const create = useCreateInvoice();
  const queryClient = useQueryClient();
  const [isKeeping, setIsKeeping] = useState(false);

  async function keep(submission: InvoiceSubmission, callbacks: SaveCallbacks) {
    const owner = ownerOfNewInvoice(queryClient);
    if (!owner) {
      callbacks.onRefused(new ApiError(0, 'NETWORK_ERROR', NEW_INVOICE_MESSAGES.saveFailed));
      return;
    }
    setIsKeeping(true);
    try {
      const { body, values, extras, pendingId } = submission;
      const key = idempotencyKeyOf(body);
      if (pendingId) await pendingInvoices().replace(pendingId, { body, values, extras, key });
      else await pendingInvoices().add({ owner, body, values, extras, key });
      void toast.info(OFFLINE_INVOICE_MESSAGES.keptTitle, {
        id: 'invoice-kept',
        description: OFFLINE_INVOICE_MESSAGES.keptText,
        duration: 6000,
      });
      callbacks.onSaved('kept');
    } catch {
      // The device's storage refused (full, private mode): nothing was kept, the form still is.
      callbacks.onRefused(new ApiError(0, 'NETWORK_ERROR', NEW_INVOICE_MESSAGES.saveFailed));
    } finally {
      setIsKeeping(false);
    }
  }

  function save(submission: InvoiceSubmission, callbacks: SaveCallbacks): void {
    if (!isOnline()) {
      void keep(submission, callbacks);
      return;
    }
    create.mutate(submission.body, {
      onSuccess: () => {
        if (submission.pendingId) void pendingInvoices().discard(submission.pendingId);
        callbacks.onSaved('sent');
      },
      onError: (error) => {
        if (isNetworkFailure(error)) void keep(submission, callbacks);
        else callbacks.onRefused(asApiError(error));
      },
    });
  }

  return { save, isSaving: create.isPending || isKeeping };
}
