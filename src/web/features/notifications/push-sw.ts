// The service worker's side of Web Push (issue 20 point 3): a push from the server (encrypted
// by it, decrypted by the browser) becomes a notification; a tap on it focuses an open tab of
// the app on the reminder's page, or opens one. The service worker (features/pwa) calls
// installPushHandlers(self) once; the payload is the server's PushMessage
// (src/server/services/push/push-sender.ts): { title, body, url, tag }.

export type PushMessage = { title: string; body: string; url: string; tag: string };

/** What a push whose payload cannot be read shows: still a notification (userVisibleOnly). */
export const FALLBACK_PUSH_MESSAGE: PushMessage = {
  title: 'Papelada',
  body: 'Tem um lembrete novo no Papelada.',
  url: '/',
  tag: 'papelada',
};

const MAX_TITLE = 120;
const MAX_BODY = 500;

/** The payload as the server sends it; anything else is the fallback. */
export function parsePushMessage(data: unknown): PushMessage {
  if (typeof data !== 'object' || data === null) return FALLBACK_PUSH_MESSAGE;
  const value = data as Partial<Record<keyof PushMessage, unknown>>;
  const text = (field: unknown, max: number) =>
    typeof field === 'string' && field.trim() !== '' ? field.slice(0, max) : null;
  const title = text(value.title, MAX_TITLE);
  const body = text(value.body, MAX_BODY);
  if (!title || !body) return FALLBACK_PUSH_MESSAGE;
  return {
    title,
    body,
    url: typeof value.url === 'string' ? value.url : '/',
    tag: text(value.tag, 64) ?? FALLBACK_PUSH_MESSAGE.tag,
  };
}

/** Where a tap leads: a path of the app's own origin, never another site. */
export function notificationTarget(url: unknown, origin: string): string {
  if (typeof url !== 'string') return `${origin}/`;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

// The parts of a service worker's scope used here (the project's TypeScript lib is the DOM one).
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type PushEvent = ExtendableEvent & { data: { json(): unknown } | null };
type NotificationClickEvent = ExtendableEvent & {
  notification: { data: unknown; close(): void };
};
type WindowClientLike = {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
};
export type PushWorkerScope = {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: NotificationOptions): Promise<void>;
  };
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: NotificationClickEvent) => void,
  ): void;
};

function readPayload(event: PushEvent): PushMessage {
  try {
    return parsePushMessage(event.data?.json());
  } catch {
    return FALLBACK_PUSH_MESSAGE;
  }
}

async function openOrFocus(scope: PushWorkerScope, url: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url.startsWith(scope.location.origin));
  if (open) {
    await open.focus();
    await open.navigate(url).catch(() => undefined);
    return;
  }
  await scope.clients.openWindow(url);
}

export function installPushHandlers(scope: PushWorkerScope): void {
  scope.addEventListener('push', (event) => {
    const message = readPayload(event);
    event.waitUntil(
      scope.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        lang: 'pt-PT',
        data: { url: message.url },
      }),
    );
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const url = notificationTarget(data?.url, scope.location.origin);
    event.waitUntil(openOrFocus(scope, url));
  });
}
