// The team page's forms as data: which shared schema each one validates with, what a submit
// sends, and which field a refusal of the server belongs to. Kept apart from the components so
// the rules are tested without a browser.
import type { SubUserRole } from '#shared/permissions.ts';
import {
  createInvitationSchema,
  createSubUserSchema,
  mainPinSchema,
  updateSubUserSchema,
  type UpdateSubUser,
} from '#shared/schemas/team.ts';

/** Setting the main PIN; once one is set, the current one is asked too. */
export function mainPinFormSchema(isPinSet: boolean) {
  return isPinSet ? mainPinSchema.required({ currentPin: true }) : mainPinSchema;
}
export type MainPinFormValues = { pin: string; currentPin?: string | undefined };

export const subUserCreateFormSchema = createSubUserSchema;
export type SubUserCreateFormValues = { name: string; role: SubUserRole; pin: string };

export const invitationFormSchema = createInvitationSchema;
export type InvitationFormValues = { email: string; role: SubUserRole };

/** The edit form: the PIN field empty keeps the current PIN. */
export type SubUserEditFormValues = { name: string; role: SubUserRole; pin: string };

/**
 * What an edit sends: only what changed, validated by the server's own schema (its 'Nada para
 * alterar.' when nothing did, the PIN's and the name's rules otherwise).
 */
export function subUserChanges(
  original: { name: string; role: SubUserRole },
  values: SubUserEditFormValues,
) {
  const changes: UpdateSubUser = {};
  if (values.name.trim() !== original.name) changes.name = values.name;
  if (values.role !== original.role) changes.role = values.role;
  if (values.pin !== '') changes.pin = values.pin;
  return updateSubUserSchema.safeParse(changes);
}

type FieldName = 'name' | 'pin' | 'currentPin' | 'email';

/** The field a refusal of the server is about, so its message is said under that field. */
export function fieldOfServerError(code: string): FieldName | null {
  switch (code) {
    case 'NAME_TAKEN':
      return 'name';
    case 'CURRENT_PIN_WRONG':
      return 'currentPin';
    case 'ALREADY_MEMBER':
      return 'email';
    default:
      return null;
  }
}
