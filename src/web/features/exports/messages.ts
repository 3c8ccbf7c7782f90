// The exports' words (pt-PT), in one place.
export const EXPORT_MESSAGES = {
  action: 'Exportar',
  menuLabel: 'Exportar faturas',
  xlsx: 'Excel (.xlsx)',
  xlsxHint: 'Folha de cálculo com totais por fornecedor e por categoria',
  csv: 'CSV',
  csvHint: 'Separado por ponto e vírgula, para o Excel em português',
  preparing: 'A preparar a exportação…',
  progress: (count: number) =>
    `A exportar ${count.toLocaleString('pt-PT')} ${count === 1 ? 'fatura' : 'faturas'}…`,
  done: (fileName: string) => `Exportação concluída: ${fileName}`,
  failed: 'Não foi possível exportar as faturas.',
  interrupted: 'A exportação foi interrompida. Verifique a ligação e tente novamente.',
  retry: 'Tentar novamente',
  cancel: 'Cancelar',
  close: 'Fechar',
  premium: 'Premium',
  seePlans: 'Ver planos',
} as const;
