// Invoice photos (issue 6 contract "Photos API"), mounted at /api/invoices beside the invoice
// routes: POST /:id/photos appends one uploaded image, DELETE /:id/photos?path= removes one.
// The guards sit on each route, not on a `use('*')`: mounted at /invoices, a catch-all here
// would run for every invoice route as well. app.ts mounts this router before the invoice
// router, whose own `use` guard then never runs a second time for these two routes.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { requireAccount, type AccountEnv } from '#server/features/auth/require-account.ts';
import { requirePermission } from '#server/features/auth/require-permission.ts';
import { getAccountPlanFeatures } from '#server/features/plans/plan-access.queries.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import type { Logger } from '#server/logger.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import {
  INVOICE_PHOTO_MESSAGES,
  MAX_INVOICE_PHOTO_BYTES,
  photoLimitMessage,
  removeInvoicePhotoQuerySchema,
} from '#shared/schemas/invoice-photos.ts';
import { deleteInvoicePhotoFiles, storeInvoicePhoto } from './invoice-photo-files.ts';
import { isPhotoRefusal, PHOTO_TOO_LARGE, prepareInvoicePhoto } from './invoice-photo-image.ts';
import {
  appendInvoicePhoto,
  countInvoicePhotos,
  removeInvoicePhoto,
} from './invoice-photos.queries.ts';
import { INVOICE_API_MESSAGES } from './invoices.messages.ts';

export type InvoicePhotoDeps = {
  db: Database;
  auth: Auth;
  events: EventBus;
  storage: Storage;
  logger: Logger;
};

// The multipart envelope around a 10 MB file: boundaries and headers, with room to spare.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const invoiceNotFound = () => new AppError(404, 'INVOICE_NOT_FOUND', INVOICE_API_MESSAGES.notFound);
const photoNotFound = () => new AppError(404, 'PHOTO_NOT_FOUND', INVOICE_PHOTO_MESSAGES.notFound);
const photoLimit = (limit: number) => new AppError(403, 'PHOTO_LIMIT', photoLimitMessage(limit));
const invalidType = () =>
  new AppError(400, 'PHOTO_INVALID_TYPE', INVOICE_PHOTO_MESSAGES.invalidType);
const tooLarge = () => new AppError(413, PHOTO_TOO_LARGE.code, PHOTO_TOO_LARGE.message);

/** A malformed id cannot name an invoice: answer as for an unknown one. */
function invoiceIdOf(raw: string): string {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw invoiceNotFound();
  return parsed.data;
}

export function invoicePhotoRoutes({ db, auth, events, storage, logger }: InvoicePhotoDeps) {
  const announce = (accountId: string, invoiceId: string) =>
    publishInBackground(events, accountId, {
      type: 'invoices.changed',
      action: 'updated',
      ids: [invoiceId],
    });

  /** Files no row names any more are waste, not an error the user should see. */
  const discard = (accountId: string, paths: string[]) =>
    deleteInvoicePhotoFiles(storage, { accountId, paths }).catch((err: unknown) => {
      logger.warn({ err, accountId, paths }, 'invoice photo files not deleted');
    });

  return new Hono<AccountEnv>()
    .post(
      '/:id/photos',
      requireAccount(auth),
      requirePermission('canEditFacturas'),
      bodyLimit({
        maxSize: MAX_INVOICE_PHOTO_BYTES + MULTIPART_OVERHEAD_BYTES,
        onError: () => {
          throw tooLarge();
        },
      }),
      async (c) => {
        const accountId = c.var.accountId;
        const invoiceId = invoiceIdOf(c.req.param('id'));
        const { imagesPerInvoice } = await getAccountPlanFeatures(db, accountId);
        // Refused before the upload is decoded; the append below checks again under the lock.
        const count = await countInvoicePhotos(db, { accountId, invoiceId });
        if (count === null) throw invoiceNotFound();
        if (count >= imagesPerInvoice) throw photoLimit(imagesPerInvoice);

        const body = await c.req.parseBody().catch(() => {
          throw invalidType();
        });
        const file = body.file;
        if (!(file instanceof File)) throw invalidType();
        if (file.size > MAX_INVOICE_PHOTO_BYTES) throw tooLarge();
        const prepared = await prepareInvoicePhoto(new Uint8Array(await file.arrayBuffer()), {
          fileName: file.name,
        });
        if (isPhotoRefusal(prepared)) {
          throw new AppError(prepared.status, prepared.code, prepared.message);
        }

        // Stored before the row names it, so a listed photo is never missing.
        const photoPath = await storeInvoicePhoto(storage, { accountId, invoiceId, ...prepared });
        const result = await appendInvoicePhoto(db, {
          accountId,
          invoiceId,
          photoPath,
          limit: imagesPerInvoice,
        });
        if (result.kind !== 'appended') {
          await discard(accountId, [photoPath]);
          throw result.kind === 'notFound' ? invoiceNotFound() : photoLimit(imagesPerInvoice);
        }
        announce(accountId, invoiceId);
        return c.json({ imagePaths: result.imagePaths }, 201);
      },
    )
    .delete(
      '/:id/photos',
      requireAccount(auth),
      requirePermission('canEditFacturas'),
      validate('query', removeInvoicePhotoQuerySchema),
      async (c) => {
        const accountId = c.var.accountId;
        const invoiceId = invoiceIdOf(c.req.param('id'));
        const photoPath = c.req.valid('query').path;
        const result = await removeInvoicePhoto(db, { accountId, invoiceId, photoPath });
        if (result.kind === 'notFound') throw invoiceNotFound();
        if (result.kind === 'photoNotFound') throw photoNotFound();
        await discard(accountId, [photoPath]);
        announce(accountId, invoiceId);
        return c.json({ imagePaths: result.imagePaths }, 200);
      },
    );
}
