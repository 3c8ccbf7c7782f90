import { expect, test } from 'vitest';
import { MAX_PHOTO_BYTES, photoProblem } from './photo-rules.ts';

test('a jpeg, png, webp or an iPhone heic/heif under 5 MB is accepted', () => {
  for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']) {
    expect(photoProblem({ type, size: 1000 })).toBeNull();
  }
  expect(photoProblem({ type: 'image/png', size: MAX_PHOTO_BYTES - 1 })).toBeNull();
});

test('a file that is not a supported image gets the spec message', () => {
  for (const type of ['application/pdf', 'text/plain', 'image/svg+xml', '']) {
    expect(photoProblem({ type, size: 10 })).toBe('Por favor, selecione uma imagem válida');
  }
});

test('an image of 5 MB or more gets the size message', () => {
  expect(photoProblem({ type: 'image/jpeg', size: MAX_PHOTO_BYTES })).toBe(
    'A imagem deve ter menos de 5MB',
  );
});
