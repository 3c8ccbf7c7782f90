import { useMemo, useRef } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { todayInLisbon } from '#shared/dates.ts';
import type { CreateInvoiceData } from '#shared/schemas/invoice.ts';
import { newInvoiceResolver } from '../new-invoice-resolver.ts';
import {
  defaultStatusFor,
  newInvoiceDefaults,
  type NewInvoiceFormValues,
} from '../new-invoice-values.ts';

export type NewInvoiceForm = UseFormReturn<NewInvoiceFormValues, unknown, CreateInvoiceData>;

/**
 * The form plus its default rules: the status follows the document type (FR and FS are
 * paid on the spot) and the due date follows the issue date — each only until the person
 * picks that field themselves, so a deliberate choice is never overwritten.
 */
export function useNewInvoiceForm(initialValues?: NewInvoiceFormValues) {
  const form = useForm<NewInvoiceFormValues, unknown, CreateInvoiceData>({
    resolver: newInvoiceResolver,
    defaultValues: initialValues ?? newInvoiceDefaults(todayInLisbon()),
    mode: 'onTouched',
  });
  const isStatusChosen = useRef(false);
  const isDueDateChosen = useRef(false);
  const { getValues, setValue, getFieldState } = form;

  const rules = useMemo(() => {
    // Re-check a field that already shows a message, so a fixed value clears it at once.
    const options = (name: keyof NewInvoiceFormValues) => ({
      shouldValidate: getFieldState(name).isTouched,
    });
    const forgetMethodUnlessPaid = () => {
      if (getValues('paymentStatus') !== 'Paga')
        setValue('paymentMethod', '', options('paymentMethod'));
    };
    return {
      documentType: {
        onChange: () => {
          if (isStatusChosen.current) return;
          setValue('paymentStatus', defaultStatusFor(getValues('documentType')));
          forgetMethodUnlessPaid();
        },
      },
      paymentStatus: {
        onChange: () => {
          isStatusChosen.current = true;
          forgetMethodUnlessPaid();
        },
      },
      issueDate: {
        onChange: () => {
          if (!isDueDateChosen.current)
            setValue('dueDate', getValues('issueDate'), options('dueDate'));
        },
      },
      dueDate: {
        onChange: () => {
          isDueDateChosen.current = true;
        },
      },
    };
  }, [getValues, setValue, getFieldState]);

  return { form, rules };
}

export type NewInvoiceRules = ReturnType<typeof useNewInvoiceForm>['rules'];
