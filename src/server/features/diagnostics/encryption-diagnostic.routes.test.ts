// The public security diagnostic's server side (issue 20 point 8): a real round trip of the
// encryption at rest, a tampered copy refused, the session cookie noticed, nothing else told.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import type { EncryptionDiagnosticDto } from '#shared/encryption-diagnostic.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function diagnose(cookie?: string) {
  const res = await t.app.request('/api/diagnostics/encryption', {
    headers: cookie ? { cookie } : {},
  });
  expect(res.status).toBe(200);
  return { body: (await res.json()) as EncryptionDiagnosticDto, res };
}

test('without a session: the round trip passes, a tampered value does not open, no cookie seen', async () => {
  const { body, res } = await diagnose();
  expect(body.encryption).toMatchObject({
    algorithm: 'AES-256-GCM',
    roundTrip: true,
    hidesValue: true,
    detectsTampering: true,
  });
  expect(body.sessionCookieReceived).toBe(false);
  // The security headers the page reports are on this answer too.
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-security-policy')).toBeTruthy();
  // Nothing of the key: only the fields above.
  expect(JSON.stringify(body)).not.toMatch(/key/i);
});

test('signed in: the session cookie is noticed', async () => {
  const cookie = await signUpVerified(t, `diag.${randomBytes(3).toString('hex')}@exemplo.pt`);
  const { body } = await diagnose(cookie);
  expect(body.sessionCookieReceived).toBe(true);
});

test('a server whose encryption is broken says so instead of passing', async () => {
  // A cipher that "opens" anything to the same text: the checks must fail, not pass blindly.
  const real = t.cipher;
  const broken: FieldCipher = {
    ...real,
    seal: (plain) => `v1.x.${plain}`,
    open: (sealed) => sealed.slice(5),
    hash: real.hash.bind(real),
    keyIdIn: real.keyIdIn.bind(real),
    useKeys: real.useKeys.bind(real),
  };
  const other = await createTestApp({ cipher: broken });
  try {
    const res = await other.app.request('/api/diagnostics/encryption');
    const body = (await res.json()) as EncryptionDiagnosticDto;
    expect(body.encryption.hidesValue).toBe(false);
    expect(body.encryption.detectsTampering).toBe(false);
  } finally {
    await other.close();
  }
});
