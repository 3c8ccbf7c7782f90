// Invoice photos (issue 6 contract "Photos API"), mounted at /api/invoices beside the invoice
// routes: POST /:id/photos appends one uploaded image, DELETE /:id/photos?path= removes one.
// Behind the request scope (app.ts); each route declares its capability, and how many photos
// an invoice may have is the request scope's plan (1 / 5 / 10, spec §5).
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability, upgradeDetails } from '#server/features/auth/require-capability.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import type { Logger } from '#server/logger.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import { cheapestPlanWithMoreImages, getPlanFeatures, type PlanAccess } from '#shared/plans.ts';
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
  events: EventBus;
  storage: Storage;
  logger: Logger;
};

// The multipart envelope around a 10 MB file: boundaries and headers, with room to spare.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const invoiceNotFound = () => new AppError(404, 'INVOICE_NOT_FOUND', INVOICE_API_MESSAGES.notFound);
const photoNotFound = () => new AppError(404, 'PHOTO_NOT_FOUND', INVOICE_PHOTO_MESSAGES.notFound);

/** 403 PHOTO_LIMIT, pointing to the cheapest plan with more photos per invoice, if any. */
function photoLimit(plan: PlanAccess, limit: number): AppError {
  const upgrade = cheapestPlanWithMoreImages(plan);
  return new AppError(
    403,
    'PHOTO_LIMIT',
    photoLimitMessage(limit),
    undefined,
    upgrade ? upgradeDetails(upgrade) : undefined,
  );
}
const invalidType = () =>
  new AppError(400, 'PHOTO_INVALID_TYPE', INVOICE_PHOTO_MESSAGES.invalidType);
const tooLarge = () => new AppError(413, PHOTO_TOO_LARGE.code, PHOTO_TOO_LARGE.message);

/** A malformed id cannot name an invoice: answer as for an unknown one. */
function invoiceIdOf(raw: string): string {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw invoiceNotFound();
  return parsed.data;
}

export function invoicePhotoRoutes({ db, events, storage, logger }: InvoicePhotoDeps) {
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

  return new Hono<ScopeEnv>()
    .post(
      '/:id/photos',
      requireCapability('invoices.view', 'invoices.edit'),
      bodyLimit({
        maxSize: MAX_INVOICE_PHOTO_BYTES + MULTIPART_OVERHEAD_BYTES,
        onError: () => {
          throw tooLarge();
        },
      }),
      async (c) => {
        const { scope } = c.var;
        const accountId = scope.accountId;
        const invoiceId = invoiceIdOf(c.req.param('id'));
        const { imagesPerInvoice } = getPlanFeatures(scope.plan);
        // Refused before the upload is decoded; the append below checks again under the lock.
        const count = await countInvoicePhotos(db, { accountId, invoiceId });
        if (count === null) throw invoiceNotFound();
        if (count >= imagesPerInvoice) throw photoLimit(scope.plan, imagesPerInvoice);

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
          throw result.kind === 'notFound'
            ? invoiceNotFound()
            : photoLimit(scope.plan, imagesPerInvoice);
        }
        announce(accountId, invoiceId);
        return c.json({ imagePaths: result.imagePaths }, 201);
      },
    )
    .delete(
      '/:id/photos',
      requireCapability('invoices.view', 'invoices.edit'),
      validate('query', removeInvoicePhotoQuerySchema),
      async (c) => {
        const accountId = c.var.scope.accountId;
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
