import type { FieldErrors, Resolver } from 'react-hook-form';
import { createInvoiceSchema, type CreateInvoiceData } from '#shared/schemas/invoice.ts';
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
  const errors: FieldErrors<NewInvoiceFormValues> = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    if (name === undefined) continue;
    const field = FORM_FIELD[name] ?? (isFormField(name) ? name : undefined);
    if (field === undefined || errors[field]) continue;
    errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
