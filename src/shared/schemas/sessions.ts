// The signed-in sessions of /configuracoes: ending one names it by its id.
import { z } from 'zod';

export const SESSIONS_MESSAGES = {
  notFound: 'Sessão não encontrada. Pode já ter terminado.',
  currentSession: 'Esta é a sessão que está a usar: para a terminar, use «Sair».',
} as const;

/** Better Auth's session ids: letters, digits, '-' and '_'. Anything else is no session. */
export const sessionIdParamSchema = z.object({
  id: z
    .string()
    .min(1, SESSIONS_MESSAGES.notFound)
    .max(128, SESSIONS_MESSAGES.notFound)
    .regex(/^[A-Za-z0-9_-]+$/, SESSIONS_MESSAGES.notFound),
});
