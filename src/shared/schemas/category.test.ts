import { expect, test } from 'vitest';
import { categoryFormSchema, categoryInputSchema, emptyCategoryForm } from './category.ts';

const messages = (input: unknown) => {
  const result = categoryInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

test('a valid category is trimmed and kept', () => {
  expect(
    categoryInputSchema.parse({ name: '  Ginásio ', icon: 'dumbbell', color: 'pink' }),
  ).toEqual({ name: 'Ginásio', icon: 'dumbbell', color: 'pink' });
});

test('the name is 1 to 50 characters after trimming', () => {
  const valid = { icon: 'tag', color: 'slate' };
  expect(messages({ ...valid, name: '' })).toEqual(['Nome da categoria é obrigatório']);
  expect(messages({ ...valid, name: '  ' })).toEqual(['Nome da categoria é obrigatório']);
  expect(messages({ ...valid, name: 'a'.repeat(50) })).toEqual([]);
  expect(messages({ ...valid, name: ` ${'a'.repeat(50)} ` })).toEqual([]);
  expect(messages({ ...valid, name: 'a'.repeat(51) })).toEqual([
    'Nome deve ter no máximo 50 caracteres',
  ]);
});

test('nothing chosen, or something outside the sets, is one message per field', () => {
  expect(messages({ name: '', icon: '', color: '' })).toEqual([
    'Nome da categoria é obrigatório',
    'Ícone é obrigatório',
    'Cor é obrigatória',
  ]);
  expect(messages({})).toEqual([
    'Nome da categoria é obrigatório',
    'Ícone é obrigatório',
    'Cor é obrigatória',
  ]);
  expect(messages({ name: 'x', icon: 'ellipsis', color: 'green' })).toEqual([
    'Ícone é obrigatório',
    'Cor é obrigatória',
  ]);
});

test('the form edits text and submits the API body, with the same messages', () => {
  expect(categoryFormSchema.parse({ name: ' Bar ', icon: 'coffee', color: 'orange' })).toEqual({
    name: 'Bar',
    icon: 'coffee',
    color: 'orange',
  });
  const result = categoryFormSchema.safeParse(emptyCategoryForm);
  expect(
    result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]),
  ).toEqual([
    ['name', 'Nome da categoria é obrigatório'],
    ['icon', 'Ícone é obrigatório'],
    ['color', 'Cor é obrigatória'],
  ]);
});
