import { expect, test } from 'vitest';
import { savePhotoBatch, type BatchSteps } from './photo-batch.ts';
import {
  addNewPhoto,
  hasPhotoChanges,
  photoEditsFrom,
  removePhotoEntry,
  type PhotoEdits,
} from './photo-edits.ts';

type FakeInvoice = { id: string; imagePaths: string[] };

const photo = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

/**
 * A server in memory that appends and removes like the photos API and logs each call in order;
 * `refuse` names the steps that answer with an error instead.
 */
function fakeServer(stored: string[], refuse: Record<string, string> = {}) {
  let paths = [...stored];
  const calls: string[] = [];
  const steps: BatchSteps<FakeInvoice> = {
    async updateInvoice() {
      calls.push('update');
      if (refuse.update) throw new Error(refuse.update);
      return { id: 'inv', imagePaths: [...paths] };
    },
    async uploadPhoto(file) {
      calls.push(`upload ${file.name}`);
      if (refuse[file.name]) throw new Error(refuse[file.name]);
      paths = [...paths, `acc/inv-${file.name}`];
      return [...paths];
    },
    async removePhoto(path) {
      calls.push(`remove ${path}`);
      if (refuse[path]) throw new Error(refuse[path]);
      paths = paths.filter((p) => p !== path);
      return [...paths];
    },
  };
  return { steps, calls, stored: () => paths };
}

function editsWith(stored: string[], added: string[], removed: string[]): PhotoEdits {
  let edits = photoEditsFrom(stored);
  for (const path of removed) edits = removePhotoEntry(edits, path);
  for (const name of added) edits = addNewPhoto(edits, photo(name), `new-${name}`);
  return edits;
}

test('new photos are held as Nova; removing one is immediate, removing a saved one waits', () => {
  const saved = photoEditsFrom(['acc/a.jpg']);
  expect(hasPhotoChanges(saved)).toBe(false);
  const added = addNewPhoto(saved, photo('b.jpg'), 'n1');
  expect(hasPhotoChanges(added)).toBe(true);
  expect(added.entries.map((e) => e.id)).toEqual(['acc/a.jpg', 'n1']);

  const unsavedGone = removePhotoEntry(added, 'n1');
  expect(unsavedGone).toEqual(saved);
  expect(hasPhotoChanges(unsavedGone)).toBe(false);

  const savedGone = removePhotoEntry(saved, 'acc/a.jpg');
  expect(savedGone).toEqual({ entries: [], removed: ['acc/a.jpg'] });
  expect(hasPhotoChanges(savedGone)).toBe(true);
});

test('the batch saves the fields, then uploads the new photos in order, then removes', async () => {
  const server = fakeServer(['acc/a.jpg', 'acc/b.jpg']);
  const outcome = await savePhotoBatch(
    editsWith(['acc/a.jpg', 'acc/b.jpg'], ['1.jpg', '2.jpg'], ['acc/a.jpg']),
    server.steps,
    5,
  );
  expect(server.calls).toEqual(['update', 'upload 1.jpg', 'upload 2.jpg', 'remove acc/a.jpg']);
  expect(outcome).toEqual({
    isComplete: true,
    invoice: { id: 'inv', imagePaths: ['acc/b.jpg', 'acc/inv-1.jpg', 'acc/inv-2.jpg'] },
  });
});

test('a replaced photo at the plan limit is removed first to make room', async () => {
  const server = fakeServer(['acc/a.jpg']);
  const outcome = await savePhotoBatch(
    editsWith(['acc/a.jpg'], ['1.jpg'], ['acc/a.jpg']),
    server.steps,
    1,
  );
  expect(server.calls).toEqual(['update', 'remove acc/a.jpg', 'upload 1.jpg']);
  expect(outcome.isComplete).toBe(true);
  expect(server.stored()).toEqual(['acc/inv-1.jpg']);
});

test('refused invoice fields stop the batch before any photo', async () => {
  const server = fakeServer(['acc/a.jpg'], { update: 'Data de vencimento é obrigatória' });
  const edits = editsWith(['acc/a.jpg'], ['1.jpg'], ['acc/a.jpg']);
  const outcome = await savePhotoBatch(edits, server.steps);
  expect(server.calls).toEqual(['update']);
  expect(outcome).toEqual({
    isComplete: false,
    invoice: null,
    problem: { title: 'Erro ao atualizar fatura: Data de vencimento é obrigatória' },
    remaining: edits,
  });
});

test('a failed upload names the photo, stops, and keeps what was not saved in the form', async () => {
  const server = fakeServer(['acc/a.jpg'], { '2.jpg': 'A imagem deve ter menos de 10MB' });
  const outcome = await savePhotoBatch(
    editsWith(['acc/a.jpg'], ['1.jpg', '2.jpg', '3.jpg'], ['acc/a.jpg']),
    server.steps,
    10,
  );
  expect(server.calls).toEqual(['update', 'upload 1.jpg', 'upload 2.jpg']);
  if (outcome.isComplete) throw new Error('the batch should have stopped');
  expect(outcome.problem).toEqual({
    title: 'Erro ao carregar imagem 2: A imagem deve ter menos de 10MB',
    description: 'Erro ao guardar as imagens. Tente novamente.',
  });
  expect(outcome.invoice?.imagePaths).toEqual(['acc/a.jpg', 'acc/inv-1.jpg']);
  // The first photo is saved now; the failed one and the next are still 'Nova'; the removal waits.
  expect(outcome.remaining.entries.map((e) => e.path ?? e.file.name)).toEqual([
    'acc/inv-1.jpg',
    '2.jpg',
    '3.jpg',
  ]);
  expect(outcome.remaining.removed).toEqual(['acc/a.jpg']);
});

test('a failed removal says so and keeps it pending', async () => {
  const server = fakeServer(['acc/a.jpg', 'acc/b.jpg'], {
    'acc/b.jpg': 'Fotografia não encontrada',
  });
  const outcome = await savePhotoBatch(
    editsWith(['acc/a.jpg', 'acc/b.jpg'], [], ['acc/a.jpg', 'acc/b.jpg']),
    server.steps,
  );
  expect(server.calls).toEqual(['update', 'remove acc/a.jpg', 'remove acc/b.jpg']);
  if (outcome.isComplete) throw new Error('the batch should have stopped');
  expect(outcome.problem).toEqual({
    title: 'Erro ao eliminar imagem',
    description: 'Fotografia não encontrada',
  });
  expect(outcome.remaining).toEqual({ entries: [], removed: ['acc/b.jpg'] });
});

test('an error without a message falls back to the batch text', async () => {
  const server = fakeServer([]);
  const outcome = await savePhotoBatch(editsWith([], ['1.jpg'], []), {
    ...server.steps,
    uploadPhoto: () => Promise.reject(new Error('')),
  });
  if (outcome.isComplete) throw new Error('the batch should have stopped');
  expect(outcome.problem.title).toBe(
    'Erro ao carregar imagem 1: Erro ao guardar as imagens. Tente novamente.',
  );
});

test('a removal of a photo that is already gone is skipped', async () => {
  const server = fakeServer(['acc/b.jpg']);
  const outcome = await savePhotoBatch(
    { entries: [{ id: 'acc/b.jpg', path: 'acc/b.jpg' }], removed: ['acc/gone.jpg'] },
    server.steps,
  );
  expect(server.calls).toEqual(['update']);
  expect(outcome.isComplete).toBe(true);
});
