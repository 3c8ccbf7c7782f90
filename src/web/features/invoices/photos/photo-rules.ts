// Pure rules of the invoice photos on the client (spec invoice-work §5, §9). The server judges
// the bytes again; these only spare the user an upload that would be refused.
import { MAX_UPLOAD_BYTES } from '#shared/upload-check.ts';
import { PHOTO_MESSAGES, photoLimitMessage } from './photo-messages.ts';

/** §5 "general picker": at most 5 MB. */
export const MAX_PICKED_PHOTO_BYTES = 5 * 1024 * 1024;
/** §5 "capture tab": under 10 MB, the server's own cap. */
export const MAX_CAPTURED_PHOTO_BYTES = MAX_UPLOAD_BYTES;
/** §5: camera capture is JPEG at quality 0.8. */
export const CAMERA_JPEG_QUALITY = 0.8;
/** §9: the card shows at most 6 thumbnails, then '+N mais'. */
export const MAX_CARD_THUMBNAILS = 6;

type PickedFile = { type: string; size: number };
export type PhotoProblem = { title: string; description?: string };

const isImage = (file: PickedFile) => file.type.startsWith('image/');

/** 'Carregar do dispositivo' (the general picker): an image, at most 5 MB. */
export function pickedPhotoProblem(file: PickedFile): PhotoProblem | null {
  if (!isImage(file)) {
    return { title: PHOTO_MESSAGES.invalidFormat, description: PHOTO_MESSAGES.invalidFormatHint };
  }
  if (file.size > MAX_PICKED_PHOTO_BYTES) {
    return { title: PHOTO_MESSAGES.fileTooLarge, description: PHOTO_MESSAGES.fileTooLargeHint };
  }
  return null;
}

/** 'Tirar fotografia' (the capture tab, also its phone fallback): an image under 10 MB. */
export function capturedPhotoProblem(file: PickedFile): PhotoProblem | null {
  if (!isImage(file)) return { title: PHOTO_MESSAGES.onlyImages };
  if (file.size >= MAX_CAPTURED_PHOTO_BYTES) return { title: PHOTO_MESSAGES.imageTooLarge };
  return null;
}

/** 'Máximo n fotografias por fatura' once the invoice holds the plan's n; null while under. */
export function photoLimitProblem(count: number, limit: number): string | null {
  return count >= limit ? photoLimitMessage(limit) : null;
}

/** How many thumbnails the card shows and how many more '+N mais' counts (0: no label). */
export function cardThumbnails(count: number, max = MAX_CARD_THUMBNAILS) {
  const shown = Math.min(Math.max(count, 0), max);
  return { shown, overflow: Math.max(count - shown, 0) };
}
