// The profile API's pt-PT messages (spec accounts §3 "Profile"; the photo rules).
export const PROFILE_MESSAGES = {
  notFound: 'Perfil não encontrado.',
  photoTooLarge: 'A imagem deve ter menos de 5MB',
  photoInvalid: 'Por favor, selecione uma imagem válida',
} as const;
