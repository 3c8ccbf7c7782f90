// Web Push and reminders in the browser (issue 20 points 3 and 4), on a phone: the opt-in slides
// down 10 s after the first signed-in page, asks the browser's permission and registers this
// device with the server (with the server's VAPID key); 'Agora não' is remembered; in
// /configuracoes the 'Lembretes' choices are saved and the device is listed and removed.
// Headless Chromium has no push service to subscribe at (no network here), so the browser's
// side of PushManager.subscribe is played by an init script: a subscription with real P-256
// keys, as Chrome would hand out.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { openPage, PHONE, useBrowser, type ProbedPage } from './browser.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const PHONE_CONTEXT: BrowserContextOptions = {
  viewport: PHONE,
  hasTouch: true,
  isMobile: true,
  userAgent: ANDROID_CHROME,
  serviceWorkers: 'allow',
};

type FakeSubscription = { endpoint: string; p256dh: string; auth: string };

function fakeSubscription(): FakeSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.exemplo.pt/wpush/e2e-${randomUUID()}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/** The browser's permission and push service, played in the page (see the top). */
async function playPushService(probe: ProbedPage, subscription: FakeSubscription) {
  await probe.page.context().addInitScript((sub: FakeSubscription) => {
    const w = window as unknown as Record<string, unknown>;
    let permission: NotificationPermission = 'default';
    Object.defineProperty(Notification, 'permission', { get: () => permission });
    Notification.requestPermission = async () => (permission = 'granted');
    const made = {
      endpoint: sub.endpoint,
      expirationTime: null,
      toJSON: () => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        keys: { p256dh: sub.p256dh, auth: sub.auth },
      }),
      unsubscribe: async () => true,
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      w.__applicationServerKey =
        key instanceof Uint8Array ? Array.from(key) : key instanceof ArrayBuffer ? [] : key;
      w.__subscribed = true;
      return made as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () =>
      (w.__subscribed ? made : null) as unknown as PushSubscription;
  }, subscription);
}

const prompt = (page: Page) => page.getByTestId('push-prompt');

/**
 * The app's service worker, registered and active: subscribing goes through it. The browser
 * tests' build is not a production one (Vite under Vitest), where the app registers /sw.js
 * itself (features/pwa), so the test registers the same file.
 */
async function startServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    if (!(await navigator.serviceWorker.getRegistration())) {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    }
  });
}

async function serviceWorkerActive(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => Boolean((await navigator.serviceWorker.getRegistration())?.active),
    null,
    { timeout: 60_000, polling: 250 },
  );
}

async function signedInPhone() {
  const probe = await openPage(getBrowser(), PHONE_CONTEXT);
  const subscription = fakeSubscription();
  await playPushService(probe, subscription);
  await signUpAndSignIn(probe.page, baseUrl);
  return { probe, page: probe.page, subscription };
}

test('the opt-in slides down 10 s after the first page and registers this device', async () => {
  const { probe, page, subscription } = await signedInPhone();
  await page.goto(`${baseUrl}/`);
  const shownAt = Date.now();
  await page.getByRole('navigation').first().waitFor();
  await startServiceWorker(page);
  // Not before 10 s.
  await page.waitForTimeout(7_000);
  expect(await prompt(page).count()).toBe(0);
  await prompt(page).waitFor({ timeout: 10_000 });
  const elapsed = Date.now() - shownAt;
  expect(elapsed).toBeGreaterThanOrEqual(9_500);
  expect(elapsed).toBeLessThan(15_000);
  await expect.poll(() => prompt(page).getAttribute('data-entered')).toBe('true');
  await page.getByText('Receber lembretes neste dispositivo?').waitFor();
  await saveScreenshot(page, 'push-prompt-phone');

  await serviceWorkerActive(page);
  await prompt(page).getByRole('button', { name: 'Ativar notificações' }).click();
  await page.getByText('Notificações ativadas neste dispositivo.').waitFor();
  expect(await prompt(page).count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('papelada.push-prompt'))).toBe('accepted');

  // Subscribed with the server's VAPID key, and registered with the server.
  const { publicKey } = (await (
    await page.request.get(`${baseUrl}/api/notifications/push/public-key`)
  ).json()) as { publicKey: string };
  const usedKey = await page.evaluate(
    () => (window as unknown as { __applicationServerKey: number[] }).__applicationServerKey,
  );
  expect(Buffer.from(usedKey).toString('base64url')).toBe(publicKey);
  const devices = (await (
    await page.request.get(`${baseUrl}/api/notifications/push/subscriptions`)
  ).json()) as { items: { id: string; label: string }[] };
  expect(devices.items).toEqual([expect.objectContaining({ label: 'Chrome em Android' })]);
  expect(JSON.stringify(devices)).not.toContain(subscription.endpoint);

  // /configuracoes lists it as this device.
  await page.goto(`${baseUrl}/configuracoes`);
  const list = page.getByRole('list', { name: 'Dispositivos com notificações' });
  await list.getByText('Chrome em Android').waitFor();
  await list.getByText('Este dispositivo').waitFor();
  probe.expectClean();
  await probe.close();
}, 120_000);

test('‘Agora não’ closes the opt-in, and it does not come back on this device', async () => {
  const { probe, page } = await signedInPhone();
  await page.goto(`${baseUrl}/`);
  await prompt(page).waitFor({ timeout: 15_000 });
  await prompt(page).getByRole('button', { name: 'Agora não' }).first().click();
  expect(await prompt(page).count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('papelada.push-prompt'))).toBe('dismissed');

  await page.reload();
  await page.getByRole('navigation').first().waitFor();
  await page.waitForTimeout(11_500);
  expect(await prompt(page).count()).toBe(0);
  const devices = await page.request.get(`${baseUrl}/api/notifications/push/subscriptions`);
  expect(await devices.json()).toEqual({ items: [] });
  probe.expectClean();
  await probe.close();
}, 90_000);

test('/configuracoes: reminders by kind and channel, quiet hours, and the devices with remove', async () => {
  const probe = await openPage(getBrowser(), PHONE_CONTEXT);
  const { page } = probe;
  // The opt-in answered before: it stays out of this test's way.
  await page
    .context()
    .addInitScript(() => localStorage.setItem('papelada.push-prompt', 'dismissed'));
  await signUpAndSignIn(page, baseUrl);
  const device = fakeSubscription();
  const subscribed = await page.request.post(`${baseUrl}/api/notifications/push/subscriptions`, {
    headers: { ...apiHeaders(baseUrl), 'user-agent': ANDROID_CHROME },
    data: {
      endpoint: device.endpoint,
      expirationTime: null,
      keys: { p256dh: device.p256dh, auth: device.auth },
    },
  });
  expect(subscribed.status()).toBe(201);

  await page.goto(`${baseUrl}/configuracoes`);
  const section = page.getByRole('region', { name: 'Lembretes' });
  await section.getByRole('checkbox', { name: 'Faturas vencidas: Email' }).waitFor();
  const overdueEmail = section.getByRole('checkbox', { name: 'Faturas vencidas: Email' });
  const dueSoonPush = section.getByRole('checkbox', { name: 'Faturas a vencer: Notificação' });
  expect(await overdueEmail.isChecked()).toBe(false);
  expect(await dueSoonPush.isChecked()).toBe(true);
  await overdueEmail.check();
  await dueSoonPush.uncheck();
  await section.getByLabel('Resumo semanal por email, às segundas-feiras').check();
  await section.getByLabel('Das', { exact: true }).fill('23:00');
  await section.getByLabel('às', { exact: true }).fill('07:30');
  await section.getByRole('button', { name: 'Guardar lembretes' }).click();
  await page.getByText('Lembretes guardados').waitFor();
  const devices = page.getByRole('list', { name: 'Dispositivos com notificações' });
  await devices.getByText('Chrome em Android').waitFor();
  await saveScreenshot(page, 'settings-reminders-phone');

  const saved = (await (
    await page.request.get(`${baseUrl}/api/notifications/reminders`)
  ).json()) as { preferences: Record<string, unknown> };
  expect(saved.preferences).toEqual({
    invoiceDueSoon: { push: false, email: false },
    invoiceOverdue: { push: true, email: true },
    supplierLimit: { push: true, email: false },
    weeklyDigest: { email: true },
    quietHours: { enabled: true, start: '23:00', end: '07:30' },
  });
  await page.reload();
  await section.getByRole('checkbox', { name: 'Faturas vencidas: Email' }).waitFor();
  expect(await overdueEmail.isChecked()).toBe(true);
  expect(await section.getByLabel('Das', { exact: true }).inputValue()).toBe('23:00');

  await devices.getByRole('button', { name: 'Remover Chrome em Android' }).click();
  await page.getByText('Dispositivo removido').waitFor();
  await page.getByText('Ainda não ativou as notificações em nenhum dispositivo.').waitFor();
  await saveScreenshot(page, 'settings-devices-removed-phone');
  probe.expectClean();
  await probe.close();
}, 90_000);
