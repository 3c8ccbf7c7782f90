// The categories API's pt-PT messages (spec invoice-work §5 "Custom category"); the field
// messages live with the shared schema (#shared/schemas/category.ts).
export const CATEGORY_API_MESSAGES = {
  notFound: 'Categoria não encontrada',
  exists: 'Já existe uma categoria com este nome',
} as const;
