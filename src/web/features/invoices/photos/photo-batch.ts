// 'Guardar Fatura' with photo changes (spec invoice-work §4 "Photos", §8 "Batch save"): the
// invoice's fields first, then each new photo in the order added, then the removals. The first
// failure stops the batch; what was not saved stays in the form to try again.
import type { PhotoProblem } from './photo-rules.ts';
import { imageUploadFailed, invoiceUpdateFailed, PHOTO_MESSAGES } from './photo-messages.ts';
import {
  isNewPhoto,
  remainingPhotoEdits,
  type NewPhotoEntry,
  type PhotoEdits,
} from './photo-edits.ts';

export type BatchSteps<I extends { imagePaths: string[] }> = {
  updateInvoice(): Promise<I>;
  /** Appends one photo; answers the invoice's photo list after it. */
  uploadPhoto(file: File): Promise<string[]>;
  /** Deletes one stored photo; answers the invoice's photo list after it. */
  removePhoto(path: string): Promise<string[]>;
};

export type BatchOutcome<I> =
  | { isComplete: true; invoice: I }
  | {
      isComplete: false;
      /** The invoice as far as it was saved; null when its fields were refused. */
      invoice: I | null;
      problem: PhotoProblem;
      /** The form's photos from here: what is stored, and what is still to do. */
      remaining: PhotoEdits;
    };

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : PHOTO_MESSAGES.batchFailed;

/**
 * Runs the batch. `limit` is the plan's photos per invoice: when the new photos would not fit
 * beside the stored ones until the removals are applied (a free invoice's photo replaced), just
 * enough removals go before the uploads to make room — the server refuses a photo over the limit.
 */
export async function savePhotoBatch<I extends { imagePaths: string[] }>(
  edits: PhotoEdits,
  steps: BatchSteps<I>,
  limit = Number.POSITIVE_INFINITY,
): Promise<BatchOutcome<I>> {
  let invoice: I;
  try {
    invoice = await steps.updateInvoice();
  } catch (error) {
    return {
      isComplete: false,
      invoice: null,
      problem: { title: invoiceUpdateFailed(messageOf(error)) },
      remaining: edits,
    };
  }
  let imagePaths = invoice.imagePaths;
  const unsaved: NewPhotoEntry[] = edits.entries.filter(isNewPhoto);
  const toRemove = edits.removed.filter((path) => imagePaths.includes(path));
  const current = () => ({ ...invoice, imagePaths });

  async function removeNext(): Promise<BatchOutcome<I> | null> {
    const path = toRemove[0];
    if (path === undefined) return null;
    try {
      imagePaths = await steps.removePhoto(path);
      toRemove.shift();
      return null;
    } catch (error) {
      return {
        isComplete: false,
        invoice: current(),
        problem: { title: PHOTO_MESSAGES.deleteFailed, description: messageOf(error) },
        remaining: remainingPhotoEdits(imagePaths, unsaved, toRemove),
      };
    }
  }

  const roomNeeded = imagePaths.length + unsaved.length - limit;
  for (let made = 0; made < roomNeeded && toRemove.length > 0; made += 1) {
    const failed = await removeNext();
    if (failed) return failed;
  }
  for (let position = 1; unsaved[0]; position += 1) {
    try {
      imagePaths = await steps.uploadPhoto(unsaved[0].file);
      unsaved.shift();
    } catch (error) {
      return {
        isComplete: false,
        invoice: current(),
        problem: {
          title: imageUploadFailed(position, messageOf(error)),
          description: PHOTO_MESSAGES.batchFailed,
        },
        remaining: remainingPhotoEdits(imagePaths, unsaved, toRemove),
      };
    }
  }
  while (toRemove.length > 0) {
    const failed = await removeNext();
    if (failed) return failed;
  }
  return { isComplete: true, invoice: current() };
}
