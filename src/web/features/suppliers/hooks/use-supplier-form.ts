import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import {
  supplierFormSchema,
  type SupplierData,
  type SupplierFormValues,
} from '#shared/schemas/supplier.ts';

export type SupplierForm = UseFormReturn<SupplierFormValues, unknown, SupplierData>;

/**
 * The supplier form, validated by the shared schema (the API's own rules, each message on the
 * field it concerns); `handleSubmit` hands over the parsed API body.
 */
export function useSupplierForm(initialValues: SupplierFormValues): SupplierForm {
  return useForm<SupplierFormValues, unknown, SupplierData>({
    resolver: zodResolver(supplierFormSchema),
    defaultValues: initialValues,
    mode: 'onTouched',
  });
}
