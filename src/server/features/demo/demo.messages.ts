// The demo's pt-PT messages (ADR 021).
import { DEMO_MESSAGES } from '#shared/demo.ts';

export const DEMO_API_MESSAGES = {
  readOnly: DEMO_MESSAGES.readOnly,
  tooMany: 'Demasiadas tentativas. Tente novamente em alguns minutos',
} as const;
