// The storage service (DESIGN.md "services: storage"): local disk under DATA_DIR by default;
// the S3-compatible adapter (s3-storage.ts) implements the same type. Objects live under
// `<root>/objects/<path>` and their content type under `<root>/types/<path>`.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createUrlSigner } from './signed-url.ts';
import { assertSafeStoragePath } from './storage-path.ts';

export type StoredObject = { bytes: Buffer; contentType: string };

export type Storage = {
  put(path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when nothing is stored at `path`. */
  get(path: string): Promise<StoredObject | null>;
  /** Deleting a missing object is not an error. */
  delete(path: string): Promise<void>;
  signedUrl(path: string, expiresInSeconds?: number): string;
  verifySignature(path: string, expires: string | undefined, sig: string | undefined): boolean;
};

export type CreateStorageOptions = { root: string; secret: string };

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}

export function createStorage({ root, secret }: CreateStorageOptions): Storage {
  const base = path.resolve(root);
  const signer = createUrlSigner(secret);

  // Belt and braces: the path was checked segment by segment, and the resolved file must
  // still sit inside its directory.
  function locate(kind: 'objects' | 'types', logicalPath: string): string {
    const dir = path.join(base, kind);
    const file = path.resolve(dir, assertSafeStoragePath(logicalPath));
    if (!file.startsWith(dir + path.sep)) throw new Error('storage path escapes the root');
    return file;
  }

  async function writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(partial, data);
    await rename(partial, file);
  }

  return {
    async put(logicalPath, bytes, contentType) {
      await writeAtomically(locate('types', logicalPath), contentType);
      await writeAtomically(locate('objects', logicalPath), bytes);
    },
    async get(logicalPath) {
      try {
        const [bytes, contentType] = await Promise.all([
          readFile(locate('objects', logicalPath)),
          readFile(locate('types', logicalPath), 'utf8'),
        ]);
        return { bytes, contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(logicalPath) {
      await rm(locate('objects', logicalPath), { force: true });
      await rm(locate('types', logicalPath), { force: true });
    },
    signedUrl: (logicalPath, expiresInSeconds) =>
      signer.sign(assertSafeStoragePath(logicalPath), expiresInSeconds),
    verifySignature: (logicalPath, expires, sig) => signer.verify(logicalPath, expires, sig),
  };
}
