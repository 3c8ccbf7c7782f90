// /api/notifications (issue 20 points 3 and 4): Web Push devices and reminder preferences of
// the signed-in person in the account acted in, behind the request scope (app.ts). Part of
// /configuracoes (settings.manage). A person's devices and choices are theirs: every query is
// scoped by the account and the user.
//   GET    /push/public-key          { publicKey }: the VAPID key the browser subscribes with
//   GET    /push/subscriptions       { items: [{ id, label, createdAt, lastUsedAt }] }
//   POST   /push/subscriptions       201 { subscription }: PushSubscription.toJSON()
//   DELETE /push/subscriptions/:id   204; 404 PUSH_SUBSCRIPTION_NOT_FOUND
//   GET    /reminders                { preferences }
//   PUT    /reminders                { preferences }: the whole set
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import type { PushSender } from '#server/services/push/push-sender.ts';
import {
  pushSubscriptionSchema,
  reminderPreferencesSchema,
} from '#shared/schemas/notifications.ts';
import { deviceLabel } from './device-label.ts';
import { NOTIFICATIONS_MESSAGES } from './notifications.messages.ts';
import {
  deletePushSubscription,
  listPushDevices,
  savePushSubscription,
} from './push-subscriptions.queries.ts';
import { getReminderPreferences, saveReminderPreferences } from './reminder-preferences.queries.ts';

export type NotificationsDeps = { db: Database; push: Pick<PushSender, 'publicKey'> };

// Subscription ids are uuids; anything else cannot name a row, so it is simply not found.
const subscriptionIdSchema = z.uuid();

const notFound = () =>
  new AppError(404, 'PUSH_SUBSCRIPTION_NOT_FOUND', NOTIFICATIONS_MESSAGES.deviceNotFound);

export function notificationsRoutes({ db, push }: NotificationsDeps) {
  const settings = requireCapability('settings.manage');
  const person = (c: { var: ScopeEnv['Variables'] }) => ({
    accountId: c.var.scope.accountId,
    userId: c.var.scope.userId,
  });

  return new Hono<ScopeEnv>()
    .get('/push/public-key', settings, (c) => c.json({ publicKey: push.publicKey }, 200))
    .get('/push/subscriptions', settings, async (c) => {
      const items = await listPushDevices(db, person(c));
      return c.json({ items }, 200);
    })
    .post('/push/subscriptions', settings, validate('json', pushSubscriptionSchema), async (c) => {
      const { endpoint, keys } = c.req.valid('json');
      const subscription = await savePushSubscription(db, {
        ...person(c),
        endpoint,
        p256dh: keys.p256dh,
        authSecret: keys.auth,
        label: deviceLabel(c.req.header('user-agent')),
      });
      return c.json({ subscription }, 201);
    })
    .delete('/push/subscriptions/:id', settings, async (c) => {
      const id = subscriptionIdSchema.safeParse(c.req.param('id'));
      if (!id.success) throw notFound();
      if (!(await deletePushSubscription(db, { ...person(c), id: id.data }))) throw notFound();
      return c.body(null, 204);
    })
    .get('/reminders', settings, async (c) => {
      const preferences = await getReminderPreferences(db, person(c));
      return c.json({ preferences }, 200);
    })
    .put('/reminders', settings, validate('json', reminderPreferencesSchema), async (c) => {
      const preferences = await saveReminderPreferences(db, {
        ...person(c),
        preferences: c.req.valid('json'),
      });
      return c.json({ preferences }, 200);
    });
}
