// Every pt-PT string of the categories page (spec invoice-work §5 "Custom category"; the toasts
// follow §8's pattern of '… com sucesso' / 'Erro ao …' with the server's message).
import type { CustomCategoryIcon } from '#shared/categories.ts';
import { CATEGORIES_API_MESSAGES } from './api-messages.ts';

export const CATEGORIES_MESSAGES = {
  ...CATEGORIES_API_MESSAGES,
  pageTitle: 'Categorias',
  premiumTitle: 'Categorias personalizadas',
  intro: 'Organize os seus fornecedores por categorias. Crie as suas, com um ícone e uma cor.',
  customTitle: 'As minhas categorias',
  builtInTitle: 'Categorias predefinidas',
  builtInNote: 'Estão sempre disponíveis e não podem ser alteradas.',
  newCategory: 'Nova categoria',
  editCategory: 'Editar categoria',
  empty: 'Ainda não criou nenhuma categoria.',
  emptyHint: 'Crie uma para agrupar fornecedores que as predefinidas não cobrem.',
  loading: 'A carregar categorias...',
  retry: 'Tentar novamente',
  edit: 'Editar',
  delete: 'Eliminar',
  cancel: 'Cancelar',
  create: 'Criar categoria',
  save: 'Guardar alterações',
  saving: 'A guardar...',
  deleting: 'A eliminar...',
  nameLabel: 'Nome',
  namePlaceholder: 'Ex.: Ginásio',
  iconLegend: 'Ícone',
  colorLegend: 'Cor',
  preview: 'Pré-visualização',
  created: 'Categoria criada com sucesso',
  updated: 'Categoria atualizada com sucesso',
  deleted: 'Categoria eliminada com sucesso',
  deleteTitle: 'Eliminar categoria',
} as const;

export function editLabel(name: string): string {
  return `Editar a categoria ${name}`;
}

export function deleteLabel(name: string): string {
  return `Eliminar a categoria ${name}`;
}

export function deleteQuestion(name: string): string {
  return `Tem a certeza de que pretende eliminar a categoria «${name}»? Os fornecedores desta categoria ficam sem categoria.`;
}

export function nameLength(length: number, max: number): string {
  return `${length}/${max} caracteres`;
}

/** Names of the icons for screen readers and tooltips. */
export const ICON_LABELS: Record<CustomCategoryIcon, string> = {
  tag: 'Etiqueta',
  'shopping-cart': 'Carrinho de compras',
  'shopping-bag': 'Saco de compras',
  utensils: 'Talheres',
  coffee: 'Café',
  car: 'Carro',
  fuel: 'Combustível',
  plane: 'Avião',
  house: 'Casa',
  zap: 'Eletricidade',
  droplet: 'Água',
  wifi: 'Internet',
  phone: 'Telefone',
  'heart-pulse': 'Saúde',
  pill: 'Medicamentos',
  'graduation-cap': 'Educação',
  book: 'Livros',
  film: 'Cinema',
  dumbbell: 'Ginásio',
  shirt: 'Roupa',
  gift: 'Presentes',
  'paw-print': 'Animais',
  briefcase: 'Trabalho',
  wrench: 'Reparações',
  'piggy-bank': 'Poupança',
  landmark: 'Banco',
};
