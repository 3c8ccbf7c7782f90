// zValidator with the one error shape: a request that fails the shared zod schema is
// answered 400 { error: { code: 'VALIDATION', message, issues } }, where `message` is
// the first issue's pt-PT message (the schemas carry the spec's wording) so a form can
// show it as is.
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError, MESSAGES, zodIssues } from './errors.ts';

export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = zodIssues(result.error);
      throw new AppError(400, 'VALIDATION', issues[0]?.message ?? MESSAGES.validation, issues);
    }
  });
}
