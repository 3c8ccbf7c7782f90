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

// The dashboard (spec invoice-work §2, §8). Spec strings word for word; the rest is ours.
export const DASHBOARD_MESSAGES = {
  pageTitle: 'As minhas faturas',
  searchPlaceholderDesktop: 'Pesquisar por entidade, número da fatura...',
  searchPlaceholderMobile: 'Pesquisar',
  searchLabel: 'Pesquisar faturas',
  clearSearch: 'Limpar pesquisa',
  periodLabel: 'Período',
  refresh: 'Atualizar',
  refreshing: 'A atualizar dados...',
  refreshed: 'Dados atualizados com sucesso',
  refreshFailed: 'Erro ao atualizar',
  refreshFailedHint: 'Tente novamente em alguns instantes',
  loading: 'A carregar faturas...',
  loadError: 'Erro ao carregar as faturas: ',
  unknownError: 'Erro desconhecido',
  retry: 'Tentar novamente',
  empty: 'Nenhuma fatura encontrada',
  emptyHint: 'Registe a primeira fatura ou ajuste os filtros.',
  newInvoice: 'Nova fatura',
  loadMore: 'A carregar mais faturas...',
  statusFilters: 'Filtrar por estado',
  creditNote: 'Nota de crédito',
  originalInvoice: 'Fatura Original: #',
  details: 'Detalhes',
  openInvoice: 'Abrir fatura',
  noNotes: 'Sem observações',
  dueOn: 'Vencimento',
  issuedOn: 'Emissão',
  invoiceCount: (n: number) => (n === 1 ? '1 fatura' : `${n} faturas`),
  // Spec §4 "Urgent": a Pendente invoice due within the next 3 days.
  urgent: 'Urgente',
  urgentHint: 'Vence nos próximos 3 dias',
  urgentFilter: 'Urgentes',
  urgentFilterHint: 'Pendentes que vencem nos próximos 3 dias',
} as const;

// The invoice detail sheet (spec invoice-work §2, §4, §5 and §8). Toasts and the
// unsaved-changes dialog are the spec's words; labels and empty states are ours where the
// spec gives none.
export const INVOICE_SHEET_MESSAGES = {
  loading: 'A carregar a fatura...',
  loadFailed: 'Erro ao carregar a fatura',
  notFoundTitle: 'Fatura não encontrada',
  notFound: 'Esta fatura não existe ou foi eliminada.',
  loadFailedHint: 'Verifique a ligação e tente novamente.',
  retry: 'Tentar novamente',
  edit: 'Editar',
  close: 'Fechar',
  delete: 'Eliminar',
  deleting: 'A eliminar...',
  cancel: 'Cancelar',
  save: 'Guardar Fatura',
  saving: 'A guardar...',
  paid: 'Fatura paga com sucesso',
  paymentFailed: 'Erro ao atualizar estado de pagamento',
  updateFailed: 'Erro ao atualizar fatura',
  deleted: 'Fatura eliminada com sucesso',
  deleteFailed: 'Erro ao eliminar fatura',
  deleteTitle: 'Eliminar fatura',
  deleteQuestion: (number: string) =>
    `Tem a certeza de que quer eliminar a fatura ${number}? Esta ação não pode ser desfeita.`,
  unsavedTitle: 'Alterações por guardar',
  unsavedQuestion: 'Tem alterações que ainda não foram guardadas. Quer sair sem as guardar?',
  keepEditing: 'Continuar Editando',
  leaveWithoutSaving: 'Sair sem Guardar',
  noNotes: 'Sem observações',
  paymentMethodPrompt: 'Como foi paga?',
  invoiceTitle: (number: string) => `Fatura ${number}`,
} as const;

export const SHEET_LABELS = {
  total: 'Total',
  credit: 'Crédito',
  issueDate: 'Data de emissão',
  dueDate: 'Data de vencimento',
  payment: 'Pagamento',
  paidSwitch: 'Paga',
  paymentMethod: 'Método de pagamento',
  paymentStatus: 'Estado do pagamento',
  notes: 'Observações',
  tabs: 'Secções da fatura',
  details: 'Detalhes',
  images: 'Imagens',
  notesTab: 'Notas',
  invoiceData: 'Dados da Fatura',
  entities: 'Entidades',
  documentType: 'Tipo de documento',
  vat: 'IVA',
  atcud: 'ATCUD',
  originalInvoice: 'Fatura original',
  supplier: 'Fornecedor',
  supplierNif: 'NIF do fornecedor',
  buyerNif: 'NIF do adquirente',
  buyer: 'Adquirente',
  buyerName: 'Nome do adquirente',
  number: 'Número',
  recipient: 'Destinatário',
  recipientReadOnly: 'Os dados do destinatário vêm da fatura e não se alteram aqui.',
  noMethod: 'Sem método',
  methodOnlyWhenPaid: 'Disponível quando o estado é Paga',
  // Who recorded and who last changed the invoice (issue 18), when known.
  createdBy: (name: string) => `Criada por ${name}`,
  updatedBy: (name: string) => `Alterada por ${name}`,
  authorship: 'Registo da fatura',
} as const;

// The overdue lifecycle's pt-PT strings. The spec names the action and the daily check but
// gives no texts for them, so these are ours.
export const EXPIRY_MESSAGES = {
  action: 'Expirar faturas',
  failed: 'Erro ao expirar faturas',
  statusFailed: 'Erro ao carregar o estado da verificação diária',
  lastRun: 'Última verificação',
  nextRun: 'Próxima',
  neverRun: 'ainda não houve',
  runFailed: 'falhou',
  at: 'às',
} as const;

/** The toast after 'Expirar faturas': how many invoices became Vencida. */
export function expiredMessage(count: number): string {
  if (count === 0) return 'Nenhuma fatura por expirar';
  return count === 1 ? '1 fatura passou a vencida' : `${count} faturas passaram a vencidas`;
}

// The create-entity dialog of the sheet (spec invoice-work §2, §4, §5, §8). Toasts and the
// refusals are the spec's words; the labels are ours.
export const CREATE_ENTITY_MESSAGES = {
  action: 'Criar entidade',
  notRegistered: 'Este fornecedor ainda não está nas suas entidades.',
  title: 'Criar entidade',
  description: 'Registe o fornecedor desta fatura nas suas entidades, na categoria Outros.',
  name: 'Nome',
  nif: 'NIF',
  nifHint: 'Vem da fatura e não se altera aqui.',
  cancel: 'Cancelar',
  create: 'Criar',
  creating: 'A criar...',
  created: 'Destinatário criado com sucesso',
  failed: 'Erro ao criar destinatário',
  notAuthenticated: 'Usuário não autenticado',
} as const;
