// GET /api/diagnostics/encryption (issue 20 point 8, spec route /encryption-diagnostic): what
// the public diagnostic page cannot see from the browser. A random value is sealed with the
// server's encryption at rest (ADR 028) and opened again, an altered copy must not open, and the
// request says whether the browser sent a session cookie — the page checks that its own script
// cannot read it (httpOnly). No key, key id or account data is ever in the answer.
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import type { EncryptionDiagnosticDto } from '#shared/encryption-diagnostic.ts';

/** Authenticated with the sealed value: a diagnostic sample opens nowhere else. */
const PURPOSE = 'diagnostics.encryption';

/** Better Auth's session cookie, with the __Secure- prefix it takes on HTTPS. */
const SESSION_COOKIE = /(^|\.)session_token$/;

/**
 * The sealed text with one character of its ciphertext changed: the third from the end, whose
 * six bits are all data (the last base64url character may carry unused bits).
 */
function altered(sealed: string): string {
  const at = sealed.length - 3;
  const swapped = sealed[at] === 'A' ? 'B' : 'A';
  return `${sealed.slice(0, at)}${swapped}${sealed.slice(at + 1)}`;
}

export function encryptionDiagnosticRoutes({ cipher }: { cipher: FieldCipher }) {
  return new Hono().get('/', (c) => {
    const sample = randomBytes(16).toString('hex');
    const started = performance.now();
    const sealed = cipher.seal(sample, PURPOSE);
    const opened = cipher.open(sealed, PURPOSE);
    const elapsedMs = performance.now() - started;
    const body: EncryptionDiagnosticDto = {
      encryption: {
        algorithm: 'AES-256-GCM',
        roundTrip: opened === sample,
        hidesValue: !sealed.includes(sample),
        detectsTampering: cipher.open(altered(sealed), PURPOSE) === null,
        elapsedMs: Math.round(elapsedMs * 1000) / 1000,
      },
      sessionCookieReceived: Object.keys(getCookie(c)).some((name) => SESSION_COOKIE.test(name)),
    };
    return c.json(body, 200);
  });
}
