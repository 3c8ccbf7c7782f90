// Every pt-PT string of /meu-perfil's data sections in one place. The spec gives none for them;
// the confirmation's field message is the shared schema's (#shared/schemas/account-data.ts).
export const ACCOUNT_DATA_MESSAGES = {
  downloadTitle: 'Os seus dados',
  downloadDescription:
    'Descarregue tudo o que a Papelada guarda sobre a sua conta: um ficheiro JSON com todos os registos (faturas, fornecedores, categorias, vendas, definições) e as fotografias das faturas, num só ZIP.',
  downloadAction: 'Descarregar os meus dados (ZIP)',
  downloadStarted: 'A preparar o ZIP com os seus dados…',
  downloadStartedHint: 'Com muitas fotografias pode demorar alguns minutos.',
  deleteTitle: 'Eliminar conta',
  deleteDescription:
    'Apaga a conta e tudo o que contém — faturas, fotografias, fornecedores e definições. Uma subscrição paga é cancelada. Não é possível desfazer.',
  deleteAction: 'Eliminar conta',
  dialogTitle: 'Eliminar a conta definitivamente?',
  dialogDescription:
    'Todos os dados da conta são apagados de imediato e não podem ser recuperados. Se quiser guardá-los, descarregue primeiro os seus dados.',
  emailLabel: 'Escreva o email da conta para confirmar',
  emailHint: (email: string) => `O email da conta é ${email}.`,
  cancel: 'Cancelar',
  confirm: 'Eliminar conta e todos os dados',
  confirming: 'A eliminar...',
  deleteFailed: 'Não foi possível eliminar a conta. Tente novamente.',
  deleted: 'A sua conta foi eliminada',
  deletedDescription: 'Todos os seus dados e fotografias foram apagados.',
  holderOnlyTitle: 'Dados da conta',
  holderOnly:
    'Só o titular da conta (o utilizador principal) pode descarregar ou eliminar os dados da conta.',
} as const;
