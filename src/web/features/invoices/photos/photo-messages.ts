// Every pt-PT string of the invoice photos (spec invoice-work §2, §5, §8). The spec's strings
// are copied word for word; the labels are ours where the spec gives none. The capture flow's
// refusals are the server's own words (#shared/schemas/invoice-photos.ts, which a test holds
// these to); they are not imported from there because that module brings zod into the
// dashboard's first load.

export const PHOTO_MESSAGES = {
  // §5 "Images, general picker" (the chooser's 'Carregar do dispositivo'): title + description.
  invalidFormat: 'Formato inválido',
  invalidFormatHint: 'Por favor, selecione uma imagem.',
  fileTooLarge: 'Arquivo muito grande',
  fileTooLargeHint: 'O tamanho máximo permitido é 5MB.',
  // §5 "Images, capture tab" (the chooser's 'Tirar fotografia').
  onlyImages: 'Por favor, selecione apenas imagens',
  imageTooLarge: 'A imagem deve ter menos de 10MB',
  // §8 "Image delete fails", "Image upload fails", "Batch save".
  deleteFailed: 'Erro ao eliminar imagem',
  uploadFailed: 'Erro ao fazer upload da imagem',
  batchFailed: 'Erro ao guardar as imagens. Tente novamente.',
  // §8 "Image display": first the failure, then, after a retry with a fresh URL, the end.
  displayFailed: 'Erro ao carregar imagem',
  displayUnavailable: 'Não foi possível carregar a imagem',
  // §8 "Storing image" (the card's quick add).
  storeFailed: 'Erro ao guardar a imagem',
  stored: 'Imagem guardada com segurança',
  // §8 "Camera".
  cameraUnavailable: 'Sem acesso à câmara. Verifique as permissões.',
  // Ours.
  newBadge: 'Nova',
  viewPhoto: 'Ver fotografia',
  addPhoto: 'Adicionar fotografia',
  chooserTitle: 'Adicionar fotografia',
  chooserDescription: 'Carregue uma imagem da fatura ou tire uma fotografia.',
  uploadFromDevice: 'Carregar do dispositivo',
  uploadHint: 'JPEG, PNG ou WebP, até 5MB',
  takePhoto: 'Tirar fotografia',
  takePhotoHint: 'Use a câmara do dispositivo',
  cameraTitle: 'Tirar fotografia',
  cameraStarting: 'A ligar a câmara...',
  capture: 'Capturar',
  previewTitle: 'Pré-visualização',
  save: 'Guardar',
  saving: 'A guardar...',
  cancel: 'Cancelar',
  back: 'Voltar',
  imagesTitle: 'Imagens da fatura',
  noImages: 'Sem imagens',
  removePhoto: 'Remover imagem',
  deleteTitle: 'Eliminar imagem?',
  deleteQuestion: 'A imagem será eliminada quando guardar a fatura.',
  delete: 'Eliminar',
  previous: 'Imagem anterior',
  next: 'Imagem seguinte',
  galleryTitle: 'Imagens da fatura',
} as const;

/** §5 "capture tab": the plan's photos per invoice (the server's 403 PHOTO_LIMIT says the same). */
export const photoLimitMessage = (limit: number) => `Máximo ${limit} fotografias por fatura`;
/** Spec §9: at most 6 thumbnails, then '+N mais'. */
export const moreLabel = (count: number) => `+${count} mais`;
/** Spec §8 "Batch save": which new photo (1-based, in the order added) failed, and why. */
export const imageUploadFailed = (position: number, message: string) =>
  `Erro ao carregar imagem ${position}: ${message}`;
/** Spec §8 "Batch save": the invoice's own fields were refused. */
export const invoiceUpdateFailed = (message: string) => `Erro ao atualizar fatura: ${message}`;
export const photoAlt = (position: number) => `Imagem ${position} da fatura`;
export const photoPosition = (position: number, count: number) => `${position} de ${count}`;
export const photoCount = (count: number) => (count === 1 ? '1 imagem' : `${count} imagens`);
/** How many of the plan's photos the invoice holds, e.g. '1 de 5'. */
export const photoUsage = (count: number, limit: number) => `${count} de ${limit}`;
