// The request failures' fallback texts, apart from the page's strings (messages.ts spreads them
// in): the dashboard loads the categories too, and should not carry the page's words with them.
export const CATEGORIES_API_MESSAGES = {
  loadFailed: 'Erro ao carregar as categorias',
  createFailed: 'Erro ao criar categoria',
  updateFailed: 'Erro ao atualizar categoria',
  deleteFailed: 'Erro ao eliminar categoria',
} as const;
