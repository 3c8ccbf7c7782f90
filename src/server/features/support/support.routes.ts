// /api/support (issue 20 point 7): the help chat of the signed-in person, behind the request
// scope (app.ts). Every actor who may use the app may write to support — a PIN profile or a
// member too, each in a conversation of its own (the actor's key) — so no capability gates it
// (route-gates.test.ts says why). The operator answers with `npm run admin -- support-reply`.
//   GET  /messages           { items: SupportMessageDto[] }: the conversation, oldest first
//   POST /messages { body }  201 { message }: stored, emailed to SUPPORT_EMAIL (Reply-To the
//                            person), heard by the account's open tabs ('support.changed');
//                            10 per 10 minutes per account (429 RATE_LIMITED)
import { Hono, type Context } from 'hono';
import type { Database } from '#server/db/client.ts';
import type { RequestScope, ScopeEnv } from '#server/features/auth/request-scope.ts';
import { countAttempt, minutesLeft, type RateLimitRule } from '#server/features/auth/rate-limit.ts';
import { forbiddenError } from '#server/features/auth/require-capability.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import type { Logger } from '#server/logger.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import { supportMessageSchema } from '#shared/schemas/support.ts';
import { mailToSupport, type SupportMail } from './support-mail.ts';
import { SUPPORT_API_MESSAGES as M } from './support.messages.ts';
import {
  accountEmailOf,
  addUserMessage,
  listConversation,
  toSupportMessageDto,
  type Conversation,
} from './support.queries.ts';

export type SupportDeps = SupportMail & { db: Database; events: EventBus; logger: Logger };

const MINUTE = 60_000;
/** A person asking for help writes a few messages, not dozens: 10 per 10 minutes per account. */
export const SUPPORT_MESSAGE_RULE: RateLimitRule = {
  max: 10,
  windowMs: 10 * MINUTE,
  blockMs: 10 * MINUTE,
};

/** The conversation of whoever acts; none while no profile acts (the scope refuses that first). */
export function conversationOf(scope: RequestScope): Conversation {
  if (scope.actorKey === null) throw forbiddenError();
  return { accountId: scope.accountId, conversationKey: scope.actorKey };
}

export function supportRoutes({ db, events, logger, ...mail }: SupportDeps) {
  async function emailSupport(c: Context<ScopeEnv>, id: string, body: string) {
    const { scope, user } = c.var;
    const queued = await mailToSupport(mail, {
      accountId: scope.accountId,
      accountEmail: await accountEmailOf(db, scope.accountId),
      authorName: scope.actorName,
      writerEmail: user.email,
      id,
      body,
    });
    void queued?.delivered.then((result) => {
      if (!result.ok) logger.warn({ accountId: scope.accountId }, 'support email not sent');
    });
  }

  return new Hono<ScopeEnv>()
    .get('/messages', async (c) => {
      const rows = await listConversation(db, conversationOf(c.var.scope));
      return c.json({ items: rows.map(toSupportMessageDto) }, 200);
    })
    .post('/messages', validate('json', supportMessageSchema), async (c) => {
      const { scope } = c.var;
      const conversation = conversationOf(scope);
      const limit = await countAttempt(db, `support:${scope.accountId}`, SUPPORT_MESSAGE_RULE);
      if (limit.retryAfterMs !== null) {
        throw new AppError(429, 'RATE_LIMITED', M.tooMany(minutesLeft(limit.retryAfterMs)));
      }
      const { body } = c.req.valid('json');
      const row = await addUserMessage(db, {
        ...conversation,
        userId: scope.userId,
        authorName: scope.actorName,
        body,
      });
      await emailSupport(c, row.id, body);
      publishInBackground(events, scope.accountId, { type: 'support.changed' });
      return c.json({ message: toSupportMessageDto(row) }, 201);
    });
}
