// This browser's Web Push subscription (issue 20 point 3), shared by the opt-in prompt
// (features/notifications) and the devices list of /configuracoes (features/settings): ask the
// person for permission, subscribe through the service worker with the server's VAPID key,
// register the subscription with the server, and remember which device row is this browser's.
// Unsubscribing this browser when its row is removed. No secret here: the server keeps the
// keys the browser gave it; this only remembers the row's id.
import { api } from './api-client.ts';
import { ApiError, callApi } from './call-api.ts';

const DEVICE_KEY = 'papelada.push-device';

export const PUSH_DEVICE_MESSAGES = {
  unsupported: 'Este navegador não permite notificações.',
  denied:
    'As notificações estão bloqueadas neste navegador. Pode permiti-las nas definições do site.',
  failed: 'Não foi possível ativar as notificações neste dispositivo.',
} as const;

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The browser can show notifications sent while the app is closed. */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    'serviceWorker' in navigator
  );
}

/** The id of this browser's row in 'Dispositivos com notificações', if it subscribed here. */
export function currentPushDeviceId(): string | null {
  return storage()?.getItem(DEVICE_KEY) ?? null;
}

/** The VAPID key as the bytes PushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The service worker (registered by features/pwa after the page loads); a dev server has none. */
function workerReady(timeoutMs = 15_000): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no service worker')), timeoutMs);
    void navigator.serviceWorker.ready.then((registration) => {
      clearTimeout(timer);
      resolve(registration);
    });
  });
}

export type SubscribeOutcome =
  { kind: 'subscribed'; deviceId: string } | { kind: 'denied' | 'unsupported' };

/**
 * Asks for permission (only from a click: browsers refuse it otherwise), subscribes this
 * browser and registers it with the server. Throws an ApiError when the server refuses.
 */
export async function subscribeThisDevice(): Promise<SubscribeOutcome> {
  if (!isPushSupported()) return { kind: 'unsupported' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { kind: 'denied' };
  const { publicKey } = await callApi(
    () => api.api.notifications.push['public-key'].$get(),
    PUSH_DEVICE_MESSAGES.failed,
  );
  let subscription: PushSubscription;
  try {
    const registration = await workerReady();
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    });
  } catch {
    throw new ApiError(0, 'PUSH_SUBSCRIBE_FAILED', PUSH_DEVICE_MESSAGES.failed);
  }
  const json = subscription.toJSON();
  const { subscription: device } = await callApi(
    () =>
      api.api.notifications.push.subscriptions.$post({
        json: {
          endpoint: json.endpoint ?? '',
          expirationTime: json.expirationTime ?? null,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        },
      }),
    PUSH_DEVICE_MESSAGES.failed,
  );
  storage()?.setItem(DEVICE_KEY, device.id);
  return { kind: 'subscribed', deviceId: device.id };
}

/** The device row `deviceId` was removed: if it was this browser's, it unsubscribes too. */
export async function forgetPushDevice(deviceId: string): Promise<void> {
  if (currentPushDeviceId() !== deviceId) return;
  storage()?.removeItem(DEVICE_KEY);
  if (!isPushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe().catch(() => false);
}
