import { expect, test } from 'vitest';
import { browserSubscription } from '#server/features/notifications/push-test-helpers.ts';
import { startPushService } from '#server/features/notifications/push-service-test-kit.ts';
import { createEphemeralPushSender, pushSubject } from './push-sender.ts';

test('the VAPID contact: the public https address, else the sender’s mail, else a local one', () => {
  expect(pushSubject('https://papelada.exemplo.pt/app', undefined)).toBe(
    'https://papelada.exemplo.pt',
  );
  expect(pushSubject('http://localhost:3000', 'Papelada <faturas@exemplo.pt>')).toBe(
    'mailto:faturas@exemplo.pt',
  );
  expect(pushSubject(undefined, 'faturas@exemplo.pt')).toBe('mailto:faturas@exemplo.pt');
  expect(pushSubject(undefined, undefined)).toBe('mailto:papelada@localhost');
});

test('the push service’s answer decides: accepted, gone for good (404, 410), or lost', async () => {
  const service = await startPushService();
  const sender = createEphemeralPushSender();
  const message = { title: 'T', body: 'B', url: '/', tag: 't' };
  const send = async (status: number) => {
    const { json } = browserSubscription(service.endpoint(`s${status}`));
    service.answer(json.endpoint, status);
    const target = {
      endpoint: json.endpoint,
      p256dh: json.keys.p256dh,
      authSecret: json.keys.auth,
    };
    return sender.send(target, message);
  };
  try {
    expect(await send(201)).toEqual({ kind: 'sent' });
    expect(await send(410)).toEqual({ kind: 'gone', status: 410 });
    expect(await send(404)).toEqual({ kind: 'gone', status: 404 });
    expect(await send(503)).toMatchObject({ kind: 'failed', status: 503 });
    const nowhere = { endpoint: 'http://127.0.0.1:1/x', p256dh: 'x', authSecret: 'y' };
    const { json } = browserSubscription();
    expect(
      await sender.send(
        { ...nowhere, p256dh: json.keys.p256dh, authSecret: json.keys.auth },
        message,
      ),
    ).toMatchObject({ kind: 'failed', status: null });
  } finally {
    await service.close();
  }
});
