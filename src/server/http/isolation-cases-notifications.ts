// The isolation cases of Web Push devices and reminder preferences (isolation.test.ts): B aimed
// at A's device and choices, and B's own answers without A's. A subscribes a device of its own
// the first time a case needs it (A's request, before any comparison); its id and endpoint are
// markers from then on.
import { expect } from 'vitest';
import { browserSubscription } from '#server/features/notifications/push-test-helpers.ts';
import { DEFAULT_REMINDER_PREFERENCES } from '#shared/reminders.ts';
import { answers, read, sentValues, type Case, type Checks } from './isolation-checks.ts';

const DEVICES = '/api/notifications/push/subscriptions';
const REMINDERS = '/api/notifications/reminders';

export function notificationCases(c: Checks): Record<string, Case> {
  const { world, untouched, expectNoMarkers, readsText, checkAnswer } = c;
  const A = () => world().a.browser;
  const B = () => world().b.browser;

  let deviceOfA: Promise<{ id: string; endpoint: string }> | undefined;
  function aDevice() {
    deviceOfA ??= (async () => {
      const { json } = browserSubscription();
      const { subscription } = await A().json<{ subscription: { id: string } }>(
        'POST',
        DEVICES,
        json,
        201,
      );
      world().markers.add(subscription.id);
      world().markers.add(json.endpoint);
      return { id: subscription.id, endpoint: json.endpoint };
    })();
    return deviceOfA;
  }

  let digest = false;
  /** A turns its weekly digest on or off: A's own answer changes. */
  async function changeRemindersOfA() {
    digest = !digest;
    await A().json('PUT', REMINDERS, {
      ...DEFAULT_REMINDER_PREFERENCES,
      weeklyDigest: { email: digest },
    });
  }

  return {
    // The server's VAPID public key: the same for every account, nothing of A's.
    'GET /api/notifications/push/public-key': {
      check: async () => {
        const path = '/api/notifications/push/public-key';
        const own = await A().json('GET', path);
        const reply = await untouched(() => B().json('GET', path));
        expect(reply).toEqual(own);
        expectNoMarkers(JSON.stringify(reply), path);
      },
    },
    'GET /api/notifications/push/subscriptions': {
      check: async () => {
        await aDevice();
        await readsText(read(() => DEVICES)).check();
      },
    },
    // A's endpoint (which B could only guess) with B's own browser keys: a row of B's, and A's
    // device stays A's (the takeover needs the browser's very keys).
    'POST /api/notifications/push/subscriptions': {
      check: async () => {
        const { endpoint } = await aDevice();
        const body = browserSubscription(endpoint).json;
        const reply = await untouched(() => B().call('POST', DEVICES, body), { reread: true });
        expect(reply.status, reply.text).toBe(201);
        expectNoMarkers(reply.text, `POST ${DEVICES}`, sentValues(body));
      },
    },
    'DELETE /api/notifications/push/subscriptions/:id': {
      check: async () => {
        const { id } = await aDevice();
        const route = 'DELETE /api/notifications/push/subscriptions/:id';
        await checkAnswer(
          route,
          answers(404, 'PUSH_SUBSCRIPTION_NOT_FOUND').answers,
          `${DEVICES}/${id}`,
        );
      },
    },
    'GET /api/notifications/reminders': readsText(
      read(() => REMINDERS, { change: changeRemindersOfA }),
    ),
    'PUT /api/notifications/reminders': answers(200, null, () => ({
      ...DEFAULT_REMINDER_PREFERENCES,
      invoiceOverdue: { push: true, email: true },
    })),
  };
}
