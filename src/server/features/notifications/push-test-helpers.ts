// What a browser makes when it subscribes to Web Push (PushManager.subscribe): its own P-256 key
// pair and 16-byte auth secret, with the push service's endpoint. Tests keep the private half
// to decrypt what the app sends, as the browser would.
import { createECDH, randomBytes, type ECDH } from 'node:crypto';

export type BrowserSubscription = {
  /** PushSubscription.toJSON(), as the web sends it. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The browser's side: its ECDH key pair and auth secret. */
  ecdh: ECDH;
  authSecret: Buffer;
};

let count = 0;

export function browserSubscription(
  endpoint = `https://push.exemplo.pt/wpush/v2/${(count += 1)}-${randomBytes(12).toString('hex')}`,
): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    json: {
      endpoint,
      expirationTime: null,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: authSecret.toString('base64url'),
      },
    },
    ecdh,
    authSecret,
  };
}

export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
