// Every pt-PT string of /nova-fatura in one place. Spec strings are copied word for word
// (invoice-work §5, §8 and the issue 4 contract); the labels and hints are ours.
export const NEW_INVOICE_MESSAGES = {
  pageTitle: 'Nova fatura',
  intro: 'Registe uma fatura de fornecedor à mão. Os campos com * são obrigatórios.',
  saved: 'Fatura guardada com sucesso',
  saveFailed: 'Erro ao guardar a fatura',
  saving: 'A guardar...',
  save: 'Guardar Fatura',
  cancel: 'Cancelar',
  nifCheckDigitWarning: 'O dígito de controlo deste NIF não confere. Confirme o número.',
  nifHint: '9 dígitos, sem o prefixo PT',
  amountHint: 'Em euros, por exemplo 1.234,56',
  dueDateHint: 'Por omissão, igual à data de emissão',
  methodOnlyWhenPaid: 'Disponível quando o estado é Paga',
  viewExisting: 'Ver a fatura registada',
  changePlan: 'Ver planos',
  chooseMethod: 'Escolha…',
} as const;

export const SECTION_TITLES = {
  supplier: 'Fornecedor',
  document: 'Documento',
  amounts: 'Datas e valores',
  payment: 'Pagamento',
  notes: 'Notas',
} as const;

export const FIELD_LABELS = {
  supplierNif: 'NIF do fornecedor',
  supplierName: 'Nome do fornecedor',
  documentType: 'Tipo de documento',
  number: 'Número da fatura',
  originalInvoiceRef: 'Fatura original',
  atcud: 'ATCUD',
  issueDate: 'Data de emissão',
  dueDate: 'Data de vencimento',
  total: 'Total (€)',
  vat: 'IVA (€)',
  paymentStatus: 'Estado do pagamento',
  paymentMethod: 'Método de pagamento',
  notes: 'Observações',
} as const;
