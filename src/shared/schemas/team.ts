// Teams (issue 18, ADR 024): the request shapes of the team routes, validated by the server and
// by the forms that send them. Messages and limits: #shared/team.ts.
import { z } from 'zod';
import { SUB_USER_ROLES } from '#shared/permissions.ts';
import { PIN_PATTERN, RECOVERY_CODE_LENGTH, TEAM_MESSAGES } from '#shared/team.ts';
import { emailSchema } from './auth.ts';
import { singleLineText } from './text.ts';

export const pinSchema = z
  .string({ error: TEAM_MESSAGES.pinFormat })
  .regex(PIN_PATTERN, { error: TEAM_MESSAGES.pinFormat });

export const roleSchema = z.enum(SUB_USER_ROLES, { error: TEAM_MESSAGES.roleInvalid });

const subUserName = singleLineText({ error: TEAM_MESSAGES.nameRequired })
  .min(1, { error: TEAM_MESSAGES.nameRequired })
  .max(60, { error: TEAM_MESSAGES.nameTooLong });

// ——— Choosing a profile (no capability: the pending state's only way forward) ———
export const subUserLoginSchema = z.object(
  {
    subUserId: z.uuid({ error: TEAM_MESSAGES.chooseSubUser }),
    pin: z
      .string({ error: TEAM_MESSAGES.chooseSubUser })
      .min(1, { error: TEAM_MESSAGES.chooseSubUser })
      .regex(PIN_PATTERN, { error: TEAM_MESSAGES.pinFormat }),
  },
  { error: TEAM_MESSAGES.chooseSubUser },
);
export const mainLoginSchema = z.object(
  {
    pin: z
      .string({ error: TEAM_MESSAGES.mainPinRequired })
      .min(1, { error: TEAM_MESSAGES.mainPinRequired })
      .regex(PIN_PATTERN, { error: TEAM_MESSAGES.pinFormat }),
  },
  { error: TEAM_MESSAGES.mainPinRequired },
);
export const recoveryConfirmSchema = z.object(
  {
    code: z
      .string({ error: TEAM_MESSAGES.recoveryFields })
      .trim()
      .min(1, { error: TEAM_MESSAGES.recoveryFields })
      .max(RECOVERY_CODE_LENGTH, { error: TEAM_MESSAGES.recoveryCodeInvalid }),
    newPin: z
      .string({ error: TEAM_MESSAGES.recoveryFields })
      .min(1, { error: TEAM_MESSAGES.recoveryFields })
      .regex(PIN_PATTERN, { error: TEAM_MESSAGES.pinFormat }),
  },
  { error: TEAM_MESSAGES.recoveryFields },
);
export const switchAccountSchema = z.object({
  accountId: singleLineText({ error: TEAM_MESSAGES.notAMemberOf })
    .min(1, { error: TEAM_MESSAGES.notAMemberOf })
    .max(100, { error: TEAM_MESSAGES.notAMemberOf }),
});
export const acceptInvitationSchema = z.object({
  token: singleLineText({ error: TEAM_MESSAGES.inviteInvalid })
    .min(1, { error: TEAM_MESSAGES.inviteInvalid })
    .max(200, { error: TEAM_MESSAGES.inviteInvalid }),
});

// ——— Managing the team (team.manage; the main PIN: the main user only) ———
export const teamSettingsSchema = z.object({
  enabled: z.boolean({ error: 'Indique se a gestão de equipa fica ligada ou desligada.' }),
});
export const mainPinSchema = z.object({
  pin: pinSchema,
  /** Required when a main PIN is already set. */
  currentPin: pinSchema.optional(),
});
export const createSubUserSchema = z.object({
  name: subUserName,
  role: roleSchema,
  pin: pinSchema,
});
export const updateSubUserSchema = z
  .object({
    name: subUserName.optional(),
    role: roleSchema.optional(),
    pin: pinSchema.optional(),
    isActive: z.boolean({ error: 'Indique se o sub-utilizador fica ativo.' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Nada para alterar.',
  });
export const createInvitationSchema = z.object({ email: emailSchema, role: roleSchema });
export const updateMemberSchema = z.object({ role: roleSchema });

export type SubUserLogin = z.output<typeof subUserLoginSchema>;
export type CreateSubUser = z.output<typeof createSubUserSchema>;
export type UpdateSubUser = z.output<typeof updateSubUserSchema>;
