// The e-Fatura import's words (pt-PT), in one place. The server's refusals (a file that is not
// the portal's CSV, a line's reason, the monthly limit) arrive already in pt-PT.
import { EFATURA_ACTION_LABEL } from './action-label.ts';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('pt-PT')} ${count === 1 ? one : many}`;

export const EFATURA_MESSAGES = {
  pageTitle: 'Importar do e-Fatura',
  action: EFATURA_ACTION_LABEL,
  intro:
    'Traga para o Papelada as faturas que já estão no Portal das Finanças. No e-Fatura, consulte as faturas em que é adquirente, escolha o período e exporte a lista em CSV; depois escolha esse ficheiro aqui.',
  dropTitle: 'Arraste para aqui o ficheiro CSV do e-Fatura',
  dropOr: 'ou',
  chooseFile: 'Escolher ficheiro',
  fileHint: 'Ficheiro .csv exportado do e-Fatura, até 4 MB.',
  otherFile: 'Escolher outro ficheiro',
  markPaid: 'Guardar todas como pagas',
  markPaidHint:
    'As faturas-recibo e as faturas simplificadas ficam sempre pagas. As restantes vencem na data de emissão.',
  reading: 'A ler o ficheiro…',
  importing: 'A importar as faturas…',
  previewFailed: 'Não foi possível ler o ficheiro. Tente novamente.',
  commitFailed: 'Não foi possível importar as faturas. Tente novamente.',
  fileRefused: 'Este ficheiro não pode ser importado',
  notCsv: 'Escolha um ficheiro .csv exportado do e-Fatura.',
  period: (from: string, to: string) => `Faturas emitidas de ${from} a ${to}.`,
  toCreate: 'A criar',
  created: 'Criadas',
  skipped: 'Ignoradas',
  openInvoice: 'Ver fatura',
  refused: 'Recusadas',
  rowsLabel: 'Linhas do ficheiro',
  emptyTab: 'Nenhuma linha nesta lista.',
  showMore: (count: number) => `Mostrar mais ${count.toLocaleString('pt-PT')}`,
  line: (line: number) => `Linha ${line}`,
  newSupplier: 'Novo fornecedor',
  creditNote: 'Nota de crédito',
  usage: (current: number, limit: number) =>
    `Este mês já registou ${current.toLocaleString('pt-PT')} de ${limit.toLocaleString('pt-PT')} faturas do seu plano.`,
  limitHint:
    'As faturas acima do limite do plano ficam por importar. Pode importar o mesmo ficheiro mais tarde: as que já estiverem no Papelada são ignoradas.',
  confirm: (count: number) => `Importar ${plural(count, 'fatura', 'faturas')}`,
  nothingToImport: 'Nada para importar',
  cancel: 'Cancelar',
  doneTitle: 'Importação concluída',
  doneSummary: (created: number, skipped: number, refused: number) =>
    `${plural(created, 'fatura criada', 'faturas criadas')}, ${plural(skipped, 'já estava', 'já estavam')} no Papelada, ${plural(refused, 'recusada', 'recusadas')}.`,
  doneToast: (created: number) =>
    `${plural(created, 'fatura importada', 'faturas importadas')} do e-Fatura`,
  seeInvoices: 'Ver faturas',
  importAnother: 'Importar outro ficheiro',
  missingTitle: 'No Papelada, mas não no e-Fatura',
  missingText:
    'Estas faturas do mesmo período estão no Papelada mas não na lista do e-Fatura. Peça a cada fornecedor que as comunique à AT, para contarem nas suas deduções.',
  missingNone: 'Todas as faturas do período no Papelada estão na lista do e-Fatura.',
  missingMore: (count: number) => `E mais ${plural(count, 'fatura', 'faturas')} não mostradas.`,
} as const;
