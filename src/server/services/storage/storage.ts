// The storage service (DESIGN.md "services: storage"): local disk under DATA_DIR by default;
// the S3-compatible adapter (s3-storage.ts) implements the same type. Objects live under
// `<root>/objects/<path>` and their content type under `<root>/types/<path>`.
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
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

  // Written synchronously, on purpose. An asynchronous file operation waits for a turn of the
  // server's event loop to hear that it finished, and a write is five of them (the directory,
  // open, write, close, rename), twice (the object and its type): on a busy server — PGlite
  // runs every statement on that thread, and itself writes its files synchronously there — a
  // turn took a second or two, and a scan spent 9 to 15 s of a load run in this put alone
  // (docs/benchmarks.md, "Load mix"). Writing a photo of at most a few MB to the page cache
  // takes well under a millisecond per MB. This is the local disk under DATA_DIR, a single
  // server's store; several servers share S3 (s3-storage.ts), whose puts stay asynchronous.
  function writeAtomically(file: string, data: Uint8Array | string): void {
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      writeFileSync(partial, data);
    } catch (error) {
      if (!isMissing(error)) throw error;
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(partial, data);
    }
    renameSync(partial, file);
  }

  return {
    // The type first: a put cut short leaves a type without its object, which `get` answers
    // as missing, as it does a path never written.
    async put(logicalPath, bytes, contentType) {
      writeAtomically(locate('types', logicalPath), contentType);
      writeAtomically(locate('objects', logicalPath), bytes);
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
