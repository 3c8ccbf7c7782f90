import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { computeWebInputsHash, preservingNodeEnv } from './web-build.ts';

const roots: string[] = [];
function fakeRepo() {
  const root = mkdtempSync(path.join(tmpdir(), 'papelada-build-'));
  roots.push(root);
  mkdirSync(path.join(root, 'src', 'web', 'app'), { recursive: true });
  mkdirSync(path.join(root, 'src', 'shared'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'web', 'app', 'router.tsx'), 'export const a = 1;');
  writeFileSync(path.join(root, 'src', 'shared', 'money.ts'), 'export const b = 2;');
  writeFileSync(path.join(root, 'vite.config.ts'), 'export default {};');
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

test('the same sources give the same hash', () => {
  const root = fakeRepo();
  expect(computeWebInputsHash(root)).toBe(computeWebInputsHash(root));
});

test('a change in a web file, a shared file or the vite config makes the build stale', () => {
  const root = fakeRepo();
  const before = computeWebInputsHash(root);
  writeFileSync(path.join(root, 'src', 'web', 'app', 'router.tsx'), 'export const a = 2;');
  const afterWeb = computeWebInputsHash(root);
  expect(afterWeb).not.toBe(before);
  writeFileSync(path.join(root, 'src', 'shared', 'money.ts'), 'export const b = 3;');
  const afterShared = computeWebInputsHash(root);
  expect(afterShared).not.toBe(afterWeb);
  writeFileSync(path.join(root, 'vite.config.ts'), 'export default { x: 1 };');
  expect(computeWebInputsHash(root)).not.toBe(afterShared);
});

test('a new file makes the build stale', () => {
  const root = fakeRepo();
  const before = computeWebInputsHash(root);
  writeFileSync(path.join(root, 'src', 'web', 'new-page.tsx'), '');
  expect(computeWebInputsHash(root)).not.toBe(before);
});

test('renaming a file changes the hash even with the same content', () => {
  const root = fakeRepo();
  const before = computeWebInputsHash(root);
  rmSync(path.join(root, 'src', 'shared', 'money.ts'));
  writeFileSync(path.join(root, 'src', 'shared', 'cash.ts'), 'export const b = 2;');
  expect(computeWebInputsHash(root)).not.toBe(before);
});

test('NODE_ENV set by the build is put back for the server started next', async () => {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'development';
  try {
    await preservingNodeEnv(async () => {
      process.env.NODE_ENV = 'production'; // what vite's build() does
    });
    expect(process.env.NODE_ENV).toBe('development');
    delete process.env.NODE_ENV;
    await expect(
      preservingNodeEnv(async () => {
        process.env.NODE_ENV = 'production';
        throw new Error('build failed');
      }),
    ).rejects.toThrow('build failed');
    expect(process.env.NODE_ENV).toBeUndefined();
  } finally {
    process.env.NODE_ENV = before;
  }
});
