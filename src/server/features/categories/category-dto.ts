// Categories as the API sends them (contracts "Categories API"). The web imports these types.
import { BUILT_IN_CATEGORIES, type CategoryColor } from '#shared/domain.ts';
import type { CustomCategory } from '#server/db/schema/index.ts';

export type BuiltInCategoryDto = { name: string; icon: string; color: CategoryColor };

export type CustomCategoryDto = {
  id: string;
  name: string;
  icon: string;
  color: CategoryColor;
  type: 'custom';
  createdAt: string;
  updatedAt: string;
};

export type CategoriesDto = { builtIn: BuiltInCategoryDto[]; custom: CustomCategoryDto[] };

export const BUILT_IN_CATEGORY_DTOS: BuiltInCategoryDto[] = BUILT_IN_CATEGORIES.map(
  ({ name, icon, color }) => ({ name, icon, color }),
);

export function toCustomCategoryDto(row: CustomCategory): CustomCategoryDto {
  return {
    id: row.id,
    name: row.name,
    icon: row.iconName,
    color: row.color,
    type: 'custom',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
