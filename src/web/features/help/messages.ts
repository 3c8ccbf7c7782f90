// The help centre's own words (pt-PT), in one place; the articles are in articles/.
export const HELP_MESSAGES = {
  pageTitle: 'Ajuda e tutoriais',
  intro:
    'Guias curtos sobre o que o Papelada faz, com imagens dos ecrãs. Pesquise uma palavra ou escolha um tema.',
  searchLabel: 'Pesquisar na ajuda',
  searchPlaceholder: 'Ex.: IVA, PIN, faturas vencidas',
  clearSearch: 'Limpar pesquisa',
  topicsTitle: 'Temas',
  resultCount: (count: number) =>
    count === 1 ? '1 artigo encontrado' : `${count} artigos encontrados`,
  noResults: (query: string) => `Nenhum artigo encontrado para «${query.trim()}».`,
  noResultsHint:
    'Experimente outra palavra, mais curta ou sem acentos, ou escolha um dos temas abaixo.',
  showAllTopics: 'Ver todos os temas',
  back: 'Ajuda e tutoriais',
  related: 'Também lhe pode interessar',
  notFoundTitle: 'Artigo não encontrado',
  notFound: 'Este artigo de ajuda não existe. Pode ter mudado de endereço.',
  screenshotNote: 'Imagem do ecrã num telemóvel; os dados são de exemplo.',
} as const;
