// From a validated PATCH body to the columns to write: text sanitised (spec accounts §5),
// and the account-type rule of the shared schema checked against the merged result, so a
// partial update can never leave a company without its name and NIF.
import type { z } from 'zod';
import { AUTH_MESSAGES } from '#shared/schemas/auth.ts';
import type { updateProfileSchema } from '#shared/schemas/profile.ts';
import { sanitizePhone, sanitizeText } from '#shared/sanitize.ts';
import type { Profile } from '#server/db/schema/index.ts';
import { AppError } from '#server/http/errors.ts';
import type { ProfileChanges } from './profile.queries.ts';

export type UpdateProfileData = z.output<typeof updateProfileSchema>;

const MAX_NAME_LENGTH = 120;

const cleanName = (value: string | null) =>
  value ? sanitizeText(value, MAX_NAME_LENGTH) || null : null;

export function profileChangesFrom(input: UpdateProfileData): ProfileChanges {
  const changes: ProfileChanges = {};
  if (input.fullName !== undefined) changes.fullName = cleanName(input.fullName);
  if (input.companyName !== undefined) changes.companyName = cleanName(input.companyName);
  if (input.personalNif !== undefined) changes.personalNif = input.personalNif;
  if (input.companyNif !== undefined) changes.companyNif = input.companyNif;
  if (input.phone !== undefined)
    changes.phone = input.phone ? sanitizePhone(input.phone) || null : null;
  if (input.accountType !== undefined) changes.accountType = input.accountType;
  if (input.invoiceViewMode !== undefined) changes.invoiceViewMode = input.invoiceViewMode;
  if (input.pushNotifications !== undefined) changes.pushNotifications = input.pushNotifications;
  return changes;
}

/** Throws the schema's own 400 VALIDATION when the merged profile breaks the type rule. */
export function assertAccountTypeRule(current: Profile, changes: ProfileChanges): void {
  const next = { ...current, ...changes };
  if (next.accountType === 'empresa' && (!next.companyName || !next.companyNif)) {
    const message = AUTH_MESSAGES.companyRequired;
    throw new AppError(400, 'VALIDATION', message, [{ path: 'companyName', message }]);
  }
  if (next.accountType === 'particular' && !next.fullName) {
    const message = AUTH_MESSAGES.fullNameRequired;
    throw new AppError(400, 'VALIDATION', message, [{ path: 'fullName', message }]);
  }
}
