import { useNavigate } from '@tanstack/react-router';
import { ScanLine } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '#web/lib/toast.ts';
import { todayInLisbon, type CalendarDate } from '#shared/dates.ts';
import { formatCents, parseEuros } from '#shared/money.ts';
import { formatNif, isValidNif } from '#shared/nif.ts';
import { matchesInvoiceVat, type VatLine } from '#shared/vat-breakdown.ts';
import { Button } from '#web/components/ui/button.tsx';
import { AmountFields } from '#web/features/invoices/components/amount-fields.tsx';
import { DocumentFields } from '#web/features/invoices/components/document-fields.tsx';
import { PaymentFields } from '#web/features/invoices/components/payment-fields.tsx';
import { SaveErrorAlert } from '#web/features/invoices/components/save-error-alert.tsx';
import { SupplierFields } from '#web/features/invoices/components/supplier-fields.tsx';
import {
  useNewInvoiceForm,
  type NewInvoiceForm,
} from '#web/features/invoices/hooks/use-new-invoice-form.ts';
import { NEW_INVOICE_MESSAGES } from '#web/features/invoices/messages.ts';
import { OfflineCaptureNote } from '#web/features/invoices/offline/components/offline-capture-note.tsx';
import { useSaveInvoice } from '#web/features/invoices/offline/use-save-invoice.ts';
import {
  defaultStatusFor,
  newInvoiceDefaults,
  type FieldChecks,
  type NewInvoiceFormValues,
} from '#web/features/invoices/new-invoice-values.ts';
import { useDuplicateCheck } from '#web/features/scan/api/find-duplicate.ts';
import { useSupplierByNif } from '#web/features/scan/api/get-supplier-by-nif.ts';
import { DuplicateNotice } from '#web/features/scan/components/duplicate-notice.tsx';
import { ReadingNotes } from '#web/features/scan/components/reading-notes.tsx';
import { ScanCapture } from '#web/features/scan/components/scan-capture.tsx';
import { VatBreakdownNote } from '#web/features/scan/components/vat-breakdown-note.tsx';
import { SCAN_MESSAGES, type ScanField } from '#web/features/scan/messages.ts';
import type { ScanDraft } from '#web/features/scan/scan-draft.ts';
import type { ApiError } from '#web/lib/call-api.ts';
import { useCan } from '#web/lib/use-can.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

/** AT's "consumidor final": no buyer to record. */
const FINAL_CONSUMER_NIF = '999999990';

/**
 * The reading as /nova-fatura's form values: FR and FS are paid on the spot, the rest
 * pending and due on the issue date until the person sets another (issue 5).
 */
function draftFormValues(draft: ScanDraft, today: CalendarDate): NewInvoiceFormValues {
  const issueDate = draft.issueDate || today;
  return {
    ...newInvoiceDefaults(today),
    supplierNif: draft.supplierNif ? formatNif(draft.supplierNif) : '',
    supplierName: draft.supplierName,
    number: draft.number,
    documentType: draft.documentType,
    issueDate,
    dueDate: issueDate,
    total: draft.totalCents === null ? '' : formatCents(draft.totalCents),
    vat: draft.vatCents === null ? '' : formatCents(draft.vatCents),
    atcud: draft.atcud,
    paymentStatus: defaultStatusFor(draft.documentType),
  };
}

/** The form field each read field fills. */
const FORM_FIELD_OF = {
  issuerNif: 'supplierNif',
  supplierName: 'supplierName',
  documentType: 'documentType',
  documentNumber: 'number',
  issueDate: 'issueDate',
  total: 'total',
  vat: 'vat',
  atcud: 'atcud',
} as const satisfies Record<ScanField, keyof NewInvoiceFormValues>;

/**
 * The fields read with little confidence, marked on the field while it still holds what
 * was read: once the person types their own value there is nothing left to confirm.
 */
function useFieldChecks(form: NewInvoiceForm, draft: ScanDraft, read: NewInvoiceFormValues) {
  const names = useMemo(
    () => draft.uncertainFields.map((field) => FORM_FIELD_OF[field]),
    [draft.uncertainFields],
  );
  const current = useWatch({ control: form.control, name: names });
  const checks: FieldChecks = {};
  names.forEach((name, i) => {
    if (read[name] !== '' && current[i] === read[name]) checks[name] = SCAN_MESSAGES.checkValue;
  });
  return checks;
}

/** The QR's VAT by rate, kept only while the VAT to be saved still adds up to it (ADR 019). */
function keptBreakdown(draft: ScanDraft, vatCents: number | null): VatLine[] | null {
  if (draft.source !== 'qr' || draft.vatBreakdown === null || vatCents === null) return null;
  return matchesInvoiceVat(draft.vatBreakdown, vatCents) ? draft.vatBreakdown : null;
}

/** The reading in /nova-fatura's form, with the scanner's notes and duplicate warning. */
function ScanReview({ draft, onRestart }: { draft: ScanDraft; onRestart(): void }) {
  const { form, rules } = useNewInvoiceForm();
  const read = useMemo(() => draftFormValues(draft, todayInLisbon()), [draft]);
  const checks = useFieldChecks(form, draft, read);
  const { save, isSaving } = useSaveInvoice();
  const navigate = useNavigate();
  const [saveError, setSaveError] = useState<ApiError | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [supplierNif, number, atcud, vat] = useWatch({
    control: form.control,
    name: ['supplierNif', 'number', 'atcud', 'vat'],
  });
  const isBreakdownKept = keptBreakdown(draft, vat.trim() === '' ? 0 : parseEuros(vat)) !== null;
  const duplicate = useDuplicateCheck({ supplierNif, number, atcud });
  // A supplier the account already has names itself: a QR carries only the NIF. That is the
  // plan's automatic capture: on Gratuito the person types the name, as for a new supplier.
  const canAutoComplete = useCan().can('scanner.autoComplete');
  const knownSupplier = useSupplierByNif(supplierNif, { isAllowed: canAutoComplete }).data;
  useEffect(() => {
    if (knownSupplier && form.getValues('supplierName').trim() === '') {
      form.setValue('supplierName', knownSupplier.name, { shouldValidate: true });
    }
  }, [knownSupplier, form]);

  // Before the first paint, so the form never shows the blank defaults. Field by field:
  // reset() would also forget the registered inputs until the next render.
  useLayoutEffect(() => {
    for (const name of Object.keys(read) as Array<keyof NewInvoiceFormValues>) {
      form.setValue(name, read[name]);
    }
    // A QR carries no supplier name: that is what the person types next. The page is not
    // scrolled to it, so the reading's warnings above stay in view.
    const name = formRef.current?.elements.namedItem('supplierName');
    if (draft.supplierName === '' && name instanceof HTMLInputElement) {
      name.focus({ preventScroll: true });
    }
  }, [draft, read, form]);

  const buyerNif =
    draft.buyerNif && draft.buyerNif !== FINAL_CONSUMER_NIF && isValidNif(draft.buyerNif)
      ? draft.buyerNif
      : null;

  const onSubmit = form.handleSubmit((typed) => {
    setSaveError(null);
    // What the reading adds to the typed fields; kept with an invoice saved offline (ADR 029).
    const extras = {
      source: draft.source,
      vatBreakdown: keptBreakdown(draft, typed.vatCents),
      ...(buyerNif ? { buyerNif } : {}),
      ...(draft.scanId ? { scanId: draft.scanId } : {}),
    };
    save(
      { body: { ...typed, ...extras }, values: form.getValues(), extras },
      {
        onSaved: (outcome) => {
          if (outcome === 'sent') toast.success(SCAN_MESSAGES.saved);
          void navigate({ to: '/' });
        },
        onRefused: setSaveError,
      },
    );
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <ReadingNotes draft={draft} />
      {duplicate && !saveError ? <DuplicateNotice existingId={duplicate} /> : null}
      <SupplierFields form={form} checks={checks} />
      <DocumentFields form={form} rules={rules} checks={checks} />
      <AmountFields form={form} rules={rules} checks={checks} />
      {draft.vatBreakdown ? (
        <VatBreakdownNote lines={draft.vatBreakdown} isKept={isBreakdownKept} />
      ) : null}
      <PaymentFields form={form} rules={rules} />
      {saveError ? <SaveErrorAlert error={saveError} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" size="lg" onClick={onRestart}>
          <ScanLine aria-hidden />
          {SCAN_MESSAGES.scanAgain}
        </Button>
        <Button type="submit" size="lg" disabled={isSaving}>
          {isSaving ? NEW_INVOICE_MESSAGES.saving : NEW_INVOICE_MESSAGES.save}
        </Button>
      </div>
    </form>
  );
}

/**
 * `/scanner` (spec invoice-work §2, issue 5): camera, photo or PDF, or the QR text; then
 * the review. Leaving the capture view (a reading, another page, a hidden tab) stops the
 * camera.
 */
export function ScannerPage() {
  const [draft, setDraft] = useState<ScanDraft | null>(null);
  const title = draft ? SCAN_MESSAGES.reviewTitle : SCAN_MESSAGES.pageTitle;
  // The review replaces the capture view (and back): start it from the top, where the
  // reading's notes are, not where the person had scrolled to reach the paste box.
  useLayoutEffect(() => {
    // Braces: recent browsers return a promise from scrollTo, and an effect must not.
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [draft]);

  return (
    <SignedInFrame title={title} hasBottomNav={!draft} help="digitalizar-codigo-qr">
      {draft ? (
        <div className="flex flex-col gap-4">
          <OfflineCaptureNote screen="form" />
          <ScanReview draft={draft} onRestart={() => setDraft(null)} />
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <OfflineCaptureNote screen="scanner" />
          <ScanCapture onRead={setDraft} />
        </div>
      )}
    </SignedInFrame>
  );
}
