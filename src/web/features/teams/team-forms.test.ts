import { expect, test } from 'vitest';
import { TEAM_MESSAGES } from '#shared/team.ts';
import {
  fieldOfServerError,
  invitationFormSchema,
  mainPinFormSchema,
  subUserChanges,
  subUserCreateFormSchema,
} from './team-forms.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

test('the first main PIN needs only the PIN, of 4 to 6 digits', () => {
  const schema = mainPinFormSchema(false);
  expect(schema.safeParse({ pin: '1234' }).success).toBe(true);
  expect(schema.safeParse({ pin: '123456' }).success).toBe(true);
  for (const pin of ['123', '1234567', '12a4', '']) {
    expect(messagesOf(schema.safeParse({ pin })), pin).toEqual([TEAM_MESSAGES.pinFormat]);
  }
});

test('changing the main PIN asks for the current one too', () => {
  const schema = mainPinFormSchema(true);
  expect(schema.safeParse({ pin: '4321', currentPin: '1234' }).success).toBe(true);
  expect(schema.safeParse({ pin: '4321' }).success).toBe(false);
  expect(messagesOf(schema.safeParse({ pin: '4321', currentPin: '' }))).toEqual([
    TEAM_MESSAGES.pinFormat,
  ]);
});

test('a new sub-user needs a name, a role and a PIN, with the spec’s messages', () => {
  expect(
    subUserCreateFormSchema.safeParse({ name: 'Rita', role: 'manager', pin: '2468' }).success,
  ).toBe(true);
  expect(
    messagesOf(subUserCreateFormSchema.safeParse({ name: '  ', role: 'user', pin: '2468' })),
  ).toEqual([TEAM_MESSAGES.nameRequired]);
  expect(
    messagesOf(
      subUserCreateFormSchema.safeParse({ name: 'x'.repeat(61), role: 'user', pin: '2468' }),
    ),
  ).toEqual([TEAM_MESSAGES.nameTooLong]);
  expect(
    messagesOf(subUserCreateFormSchema.safeParse({ name: 'Rita', role: 'owner', pin: '12' })),
  ).toEqual([TEAM_MESSAGES.roleInvalid, TEAM_MESSAGES.pinFormat]);
});

test('an edit sends only what changed, and an empty PIN keeps the current one', () => {
  const original = { name: 'Rita', role: 'user' as const };
  const renamed = subUserChanges(original, { name: 'Rita Sousa', role: 'user', pin: '' });
  expect(renamed.success && renamed.data).toEqual({ name: 'Rita Sousa' });
  const promoted = subUserChanges(original, { name: 'Rita ', role: 'manager', pin: '9753' });
  expect(promoted.success && promoted.data).toEqual({ role: 'manager', pin: '9753' });
});

test('an edit that changes nothing, or gives a malformed PIN, is refused before it is sent', () => {
  const original = { name: 'Rita', role: 'user' as const };
  expect(messagesOf(subUserChanges(original, { name: 'Rita', role: 'user', pin: '' }))).toEqual([
    'Nada para alterar.',
  ]);
  const badPin = subUserChanges(original, { name: 'Rita', role: 'user', pin: '12' });
  expect(badPin.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
    ['pin', TEAM_MESSAGES.pinFormat],
  ]);
});

test('an invitation needs a valid email and a role', () => {
  expect(invitationFormSchema.safeParse({ email: 'rui@exemplo.pt', role: 'user' }).success).toBe(
    true,
  );
  expect(invitationFormSchema.safeParse({ email: 'rui@', role: 'user' }).success).toBe(false);
});

test('the server’s refusals land under the field they are about', () => {
  expect(fieldOfServerError('NAME_TAKEN')).toBe('name');
  expect(fieldOfServerError('CURRENT_PIN_WRONG')).toBe('currentPin');
  expect(fieldOfServerError('ALREADY_MEMBER')).toBe('email');
  expect(fieldOfServerError('VALIDATION')).toBeNull();
  expect(fieldOfServerError('MAIN_PIN_NOT_SET')).toBeNull();
});
