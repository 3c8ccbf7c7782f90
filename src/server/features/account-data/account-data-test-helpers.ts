// The account-data tests' set-up: an account with every kind of stored file, and the requests
// as the web sends them.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { profiles, scans } from '#server/db/schema/index.ts';
import {
  invoicePhotoPath,
  photoThumbnailPath,
  scanPath,
} from '#server/services/storage/storage-path.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { TEST_CSRF_TOKEN, TEST_ORIGIN } from '#tests/setup/test-app.ts';

export type SeededAccount = { invoiceIds: string[]; files: string[] };

/**
 * `invoices` invoices of the account, each with a photo and its thumbnail, a supplier, a kept
 * scan and a profile photo, all stored: each file's bytes name the account (`label`).
 */
export async function seedAccount(
  db: Database,
  storage: Storage,
  { accountId, label, invoices }: { accountId: string; label: string; invoices: number },
): Promise<SeededAccount> {
  await insertSupplier(db, accountId);
  const ids = Array.from({ length: invoices }, () => randomUUID());
  const photos = ids.map((id) => invoicePhotoPath(accountId, id, 'jpg'));
  await insertInvoices(
    db,
    accountId,
    ids.map((id, i) => ({ id, imagePaths: [photos[i] ?? ''] })),
  );
  const scanId = randomUUID();
  await db.insert(scans).values({ accountId, id: scanId });
  const avatar = `${accountId}/avatar-1700000000000-0a1b2c3d4e5f.webp`;
  await db.update(profiles).set({ photoPath: avatar }).where(eq(profiles.accountId, accountId));
  const stored: Array<[string, string, string]> = [
    [scanPath(accountId, scanId), 'image/jpeg', `digitalização de ${label}`],
    [avatar, 'image/webp', `avatar de ${label}`],
  ];
  photos.forEach((photo, i) => {
    stored.push([photo, 'image/jpeg', `foto ${i} de ${label}`]);
    stored.push([photoThumbnailPath(photo), 'image/webp', `miniatura ${i} de ${label}`]);
  });
  for (const [file, type, text] of stored) await storage.put(file, Buffer.from(text), type);
  return { invoiceIds: ids, files: stored.map(([file]) => file).sort() };
}

/** A request as the web app sends it: same origin, CSRF token, the session's cookie. */
export function webRequest(cookie: string, method: 'GET' | 'DELETE', body?: unknown): RequestInit {
  return {
    method,
    headers: {
      cookie,
      origin: TEST_ORIGIN,
      'x-csrf-token': TEST_CSRF_TOKEN,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}
