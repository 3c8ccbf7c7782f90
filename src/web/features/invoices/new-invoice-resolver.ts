import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  createInvoiceSchema,
  INVOICE_MESSAGES,
  type CreateInvoiceData,
} from '#shared/schemas/invoice.ts';
import {
  newInvoiceDefaults,
  toCreateInvoiceInput,
  type NewInvoiceFormValues,
} from './new-invoice-values.ts';

// The schema speaks in cents; the form's amount fields hold the typed euro texts.
const FORM_FIELD: Partial<Record<PropertyKey, keyof NewInvoiceFormValues>> = {
  totalCents: 'total',
  vatCents: 'vat',
};

const FORM_FIELDS: ReadonlySet<PropertyKey> = new Set(Object.keys(newInvoiceDefaults('')));

function isFormField(name: PropertyKey): name is keyof NewInvoiceFormValues {
  return FORM_FIELDS.has(name);
}

// zod skips an object's refinements while a field has a type issue (a blank or wrong
// total, say), so the schema's cross-field rules would appear only after that is fixed. These two are
// repeated here (with the schema's messages) to show every problem in one go.
function crossFieldErrors(values: NewInvoiceFormValues): FieldErrors<NewInvoiceFormValues> {
  const errors: FieldErrors<NewInvoiceFormValues> = {};
  if (values.documentType === 'NC' && values.originalInvoiceRef.trim() === '') {
    errors.originalInvoiceRef = { type: 'custom', message: INVOICE_MESSAGES.originalRefRequired };
  }
  if (values.paymentStatus === 'Paga' && values.paymentMethod === '') {
    errors.paymentMethod = { type: 'custom', message: INVOICE_MESSAGES.methodRequired };
  }
  return errors;
}

/**
 * Validates the form with the server's own schema (createInvoiceSchema) and hands
 * `onSubmit` the schema's output, the exact API body. Each field gets its first message.
 * (zodResolver cannot be used as is: the form's amount fields are not the schema's.)
 */
export const newInvoiceResolver: Resolver<
  NewInvoiceFormValues,
  unknown,
  CreateInvoiceData
> = async (values) => {
  const result = await createInvoiceSchema.safeParseAsync(toCreateInvoiceInput(values));
  if (result.success) return { values: result.data, errors: {} };
  const errors = crossFieldErrors(values);
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    if (name === undefined) continue;
    const field = FORM_FIELD[name] ?? (isFormField(name) ? name : undefined);
    if (field === undefined || errors[field]) continue;
    errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
