// The help chat (issue 20 point 7): what a signed-in person writes to support, what the operator
// answers with `npm run admin -- support-reply`, and the conversation as the panel reads it.
// The form, POST /api/support/messages and the admin command share these rules.
import { z } from 'zod';
import { multiLineText } from './text.ts';

/** Long enough for a question with its details; a longer text is refused, not cut. */
export const SUPPORT_MESSAGE_MAX = 2000;

export const SUPPORT_MESSAGE_ERRORS = {
  required: 'Escreva a sua mensagem antes de enviar.',
  tooLong: `A mensagem deve ter no máximo ${SUPPORT_MESSAGE_MAX} caracteres.`,
} as const;

/** A message of several lines: trimmed, NFC-normalised, no control characters but tab and newline. */
export const supportMessageBodySchema = multiLineText({ error: SUPPORT_MESSAGE_ERRORS.required })
  .min(1, SUPPORT_MESSAGE_ERRORS.required)
  .max(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_ERRORS.tooLong);

export const supportMessageSchema = z.object({ body: supportMessageBodySchema });
export type SupportMessageInput = z.input<typeof supportMessageSchema>;

export const SUPPORT_DIRECTIONS = ['user', 'support'] as const;
/** 'user': written by the person in the app; 'support': the operator's answer. */
export type SupportDirection = (typeof SUPPORT_DIRECTIONS)[number];

/** One message of the conversation as the API sends it. */
export type SupportMessageDto = {
  id: string;
  direction: SupportDirection;
  body: string;
  /** Who wrote it, as shown in the app (the acting profile's name); null for support. */
  authorName: string | null;
  /** ISO 8601. */
  createdAt: string;
};

/** The panel's link: `/ajuda-tutoriais?suporte=1` opens the conversation over the help centre. */
export const SUPPORT_CHAT_PATH = '/ajuda-tutoriais?suporte=1';
