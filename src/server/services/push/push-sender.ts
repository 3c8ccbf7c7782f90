// The push service (DESIGN.md "services: push"): standard Web Push with our own VAPID keys
// (secrets.ts: from the environment or generated under DATA_DIR), no third-party service in
// between. `web-push` signs the VAPID JWT (ES256) and encrypts the payload to the browser's keys
// (aes128gcm, RFC 8291); the request itself goes out through fetch, bounded in time and never
// following a redirect. The answer says what to do with the subscription: a push service that
// answers 404 or 410 has dropped it for good (the browser unsubscribed, the app was removed).
import webpush from 'web-push';

export type VapidKeys = { publicKey: string; privateKey: string };

/** A stored subscription: where to send, and the browser's keys to encrypt to. */
export type PushTarget = { endpoint: string; p256dh: string; authSecret: string };

/** What the service worker shows (src/web/features/notifications/push-sw.ts). */
export type PushMessage = { title: string; body: string; url: string; tag: string };

export type PushResult =
  | { kind: 'sent' }
  /** 404 or 410: the subscription is gone for good; delete it. */
  | { kind: 'gone'; status: number }
  /** Anything else (5xx, 429, a timeout): the push is lost, the subscription kept. */
  | { kind: 'failed'; status: number | null; reason: string };

export type PushSender = {
  /** The VAPID public key the browser subscribes with (applicationServerKey). */
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<PushResult>;
};

export type PushSenderOptions = {
  vapid: VapidKeys;
  /** The VAPID `sub` claim: the app's https URL or a mailto: address (pushSubject). */
  subject: string;
  timeoutMs?: number;
  /** How long the push service keeps an undelivered message (the phone is off): a day. */
  ttlSeconds?: number;
};

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;

/**
 * The VAPID contact push services may write to: the public https address when there is one,
 * else the sender's mail address, else a local placeholder (development).
 */
export function pushSubject(appUrl: string | undefined, mailFrom: string | undefined): string {
  if (appUrl?.startsWith('https:')) return new URL(appUrl).origin;
  const address = mailFrom?.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? mailFrom?.trim();
  if (address && /^[^\s@<>]+@[^\s@<>]+$/.test(address)) return `mailto:${address}`;
  return 'mailto:papelada@localhost';
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const { vapid, subject } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const ttl = options.ttlSeconds ?? DEFAULT_TTL_SECONDS;

  return {
    publicKey: vapid.publicKey,
    async send(target, message) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.authSecret } },
        JSON.stringify(message),
        {
          vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: ttl,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        },
      );
      // fetch sets Content-Length itself from the body.
      const headers = Object.fromEntries(
        Object.entries(details.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      let status: number;
      try {
        const response = await fetch(details.endpoint, {
          method: 'POST',
          headers,
          body: details.body ? new Uint8Array(details.body) : null,
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        await response.body?.cancel();
      } catch (error) {
        return { kind: 'failed', status: null, reason: String(error) };
      }
      if (status >= 200 && status < 300) return { kind: 'sent' };
      if (status === 404 || status === 410) return { kind: 'gone', status };
      return { kind: 'failed', status, reason: `the push service answered ${status}` };
    },
  };
}

/** A sender with a fresh key pair of its own, for an app built without one (API tests). */
export function createEphemeralPushSender(): PushSender {
  return createPushSender({
    vapid: webpush.generateVAPIDKeys(),
    subject: pushSubject(undefined, undefined),
  });
}
