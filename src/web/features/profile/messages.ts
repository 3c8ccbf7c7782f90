// Every pt-PT string of /meu-perfil in one place. Spec strings are copied word for word
// (invoice-work §5 "simple uploader", accounts §9 loading text); the rest are ours.
export const PROFILE_MESSAGES = {
  pageTitle: 'O meu perfil',
  loading: 'A carregar dados...',
  loadFailed: 'Erro ao carregar o perfil',
  retry: 'Tentar novamente',
  saved: 'Perfil atualizado com sucesso',
  saveFailed: 'Erro ao atualizar o perfil',
  invalidImage: 'Por favor, selecione uma imagem válida',
  imageTooLarge: 'A imagem deve ter menos de 5MB',
  uploadFailed: 'Erro ao fazer upload da imagem',
  photoSaved: 'Fotografia atualizada',
  photoRemoved: 'Fotografia removida',
  photoRemoveFailed: 'Erro ao remover a fotografia',
  preferenceSaved: 'Preferência guardada',
} as const;

export const ACCOUNT_TYPE_LABELS = { particular: 'Particular', empresa: 'Empresa' } as const;
export const VIEW_MODE_LABELS = { grid: 'Grelha', list: 'Lista' } as const;
