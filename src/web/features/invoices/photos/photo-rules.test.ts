import { expect, test } from 'vitest';
import {
  capturedPhotoProblem,
  cardThumbnails,
  MAX_CAPTURED_PHOTO_BYTES,
  MAX_PICKED_PHOTO_BYTES,
  photoLimitProblem,
  pickedPhotoProblem,
} from './photo-rules.ts';
import {
  INVOICE_PHOTO_MESSAGES,
  MAX_INVOICE_PHOTO_BYTES,
  photoLimitMessage as serverPhotoLimitMessage,
} from '#shared/schemas/invoice-photos.ts';
import { moreLabel, PHOTO_MESSAGES, photoLimitMessage } from './photo-messages.ts';

const MB = 1024 * 1024;

test('the general picker takes any image up to 5MB', () => {
  expect(pickedPhotoProblem({ type: 'image/jpeg', size: 1 })).toBeNull();
  expect(pickedPhotoProblem({ type: 'image/png', size: MAX_PICKED_PHOTO_BYTES })).toBeNull();
});

test('the general picker refuses a file that is not an image', () => {
  expect(pickedPhotoProblem({ type: 'application/pdf', size: 1000 })).toEqual({
    title: 'Formato inválido',
    description: 'Por favor, selecione uma imagem.',
  });
  expect(pickedPhotoProblem({ type: '', size: 1000 })?.title).toBe('Formato inválido');
});

test('the general picker refuses an image over 5MB', () => {
  expect(pickedPhotoProblem({ type: 'image/jpeg', size: 5 * MB + 1 })).toEqual({
    title: 'Arquivo muito grande',
    description: 'O tamanho máximo permitido é 5MB.',
  });
});

test('the capture tab takes images under 10MB, with its own messages', () => {
  expect(capturedPhotoProblem({ type: 'image/jpeg', size: 9 * MB })).toBeNull();
  expect(capturedPhotoProblem({ type: 'image/jpeg', size: MAX_CAPTURED_PHOTO_BYTES })).toEqual({
    title: 'A imagem deve ter menos de 10MB',
  });
  expect(capturedPhotoProblem({ type: 'text/plain', size: 10 })).toEqual({
    title: 'Por favor, selecione apenas imagens',
  });
});

test('a photo more than the plan allows is refused with the plan limit', () => {
  expect(photoLimitProblem(0, 1)).toBeNull();
  expect(photoLimitProblem(1, 1)).toBe('Máximo 1 fotografias por fatura');
  expect(photoLimitProblem(4, 5)).toBeNull();
  expect(photoLimitProblem(5, 5)).toBe('Máximo 5 fotografias por fatura');
  expect(photoLimitProblem(12, 10)).toBe('Máximo 10 fotografias por fatura');
});

test('the card shows up to 6 thumbnails and counts the rest as +N mais', () => {
  expect(cardThumbnails(0)).toEqual({ shown: 0, overflow: 0 });
  expect(cardThumbnails(3)).toEqual({ shown: 3, overflow: 0 });
  expect(cardThumbnails(6)).toEqual({ shown: 6, overflow: 0 });
  expect(cardThumbnails(7)).toEqual({ shown: 6, overflow: 1 });
  expect(cardThumbnails(10)).toEqual({ shown: 6, overflow: 4 });
  expect(moreLabel(4)).toBe('+4 mais');
});

test('the capture flow refuses with the words and limit of the server', () => {
  expect(PHOTO_MESSAGES.onlyImages).toBe(INVOICE_PHOTO_MESSAGES.invalidType);
  expect(PHOTO_MESSAGES.imageTooLarge).toBe(INVOICE_PHOTO_MESSAGES.tooLarge);
  expect(MAX_CAPTURED_PHOTO_BYTES).toBe(MAX_INVOICE_PHOTO_BYTES);
  for (const limit of [1, 5, 10])
    expect(photoLimitMessage(limit)).toBe(serverPhotoLimitMessage(limit));
});
