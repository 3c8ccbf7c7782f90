import { expect, test } from 'vitest';
import { CUSTOM_CATEGORY_ICONS, isBuiltInCategoryName, resolveCategory } from './categories.ts';
import { BUILT_IN_CATEGORIES } from './domain.ts';

const custom = [
  { name: 'Ginásio', icon: 'dumbbell', color: 'pink' },
  { name: 'Antiga', icon: 'skull', color: 'red' },
] as const;

test('the ten built-in categories resolve to their own icon and colour, without letter case', () => {
  expect(BUILT_IN_CATEGORIES).toHaveLength(10);
  expect(resolveCategory('Restaurantes e Cafeterias')).toEqual({
    name: 'Restaurantes e Cafeterias',
    icon: 'utensils',
    color: 'orange',
    kind: 'built-in',
  });
  expect(resolveCategory('  saúde e bem-estar ', custom)).toMatchObject({
    name: 'Saúde e Bem-estar',
    icon: 'heart-pulse',
    kind: 'built-in',
  });
});

test("a custom category resolves to the account's icon and colour", () => {
  expect(resolveCategory('GINÁSIO', custom)).toEqual({
    name: 'Ginásio',
    icon: 'dumbbell',
    color: 'pink',
    kind: 'custom',
  });
  // An icon we do not draw (an old row) shows the generic tag in the category's colour.
  expect(resolveCategory('Antiga', custom)).toEqual({
    name: 'Antiga',
    icon: 'tag',
    color: 'red',
    kind: 'custom',
  });
});

test("no category, 'Outros' or a category that no longer exists fall back to 'Outras Despesas Pessoais'", () => {
  for (const name of [null, undefined, '', '   ', 'Outros', 'Apagada']) {
    expect(resolveCategory(name, custom)).toEqual({
      name: 'Outras Despesas Pessoais',
      icon: 'ellipsis',
      color: 'slate',
      kind: 'default',
    });
  }
});

test('built-in names are recognised without letter case or surrounding spaces', () => {
  expect(isBuiltInCategoryName(' CASA E SERVIÇOS ')).toBe(true);
  expect(isBuiltInCategoryName('Casa')).toBe(false);
});

test('the custom icon set has about two dozen distinct icons, the built-ins drawable ones among them', () => {
  expect(new Set(CUSTOM_CATEGORY_ICONS).size).toBe(CUSTOM_CATEGORY_ICONS.length);
  expect(CUSTOM_CATEGORY_ICONS.length).toBeGreaterThanOrEqual(20);
  expect(CUSTOM_CATEGORY_ICONS.length).toBeLessThanOrEqual(26);
  const builtInIcons = BUILT_IN_CATEGORIES.map((c) => c.icon).filter((i) => i !== 'ellipsis');
  expect(CUSTOM_CATEGORY_ICONS).toEqual(expect.arrayContaining(builtInIcons));
});
