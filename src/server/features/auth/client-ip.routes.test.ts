// Issue 12.2: the per-IP sign-in limit keys on the client's address, which X-Forwarded-For
// may name only through a proxy the operator declared (TRUST_PROXY).
import { afterAll, expect, test } from 'vitest';
import {
  createTestApp,
  peerEnv,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';
import { LOGIN_IP_RULE } from './rate-limit.ts';

// APP_URL set and no TRUST_PROXY: the configuration in which the header used to be believed.
const direct = await createTestApp({ appUrl: TEST_ORIGIN });
const proxied = await createTestApp({ appUrl: TEST_ORIGIN, trustProxy: { hops: 1 } });
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

let sequence = 0;

/** A failed sign-in for a fresh email, from `peer`, with the given X-Forwarded-For. */
function wrongSignIn(t: TestApp, peer: string, forwardedFor: string) {
  sequence += 1;
  return t.app.request(
    '/api/auth/sign-in/email',
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: TEST_ORIGIN,
        'x-csrf-token': TEST_CSRF_TOKEN,
        'x-forwarded-for': forwardedFor,
      },
      body: JSON.stringify({ email: `spray${sequence}@exemplo.pt`, password: 'errada123' }),
    },
    peerEnv(peer),
  );
}

test('rotating X-Forwarded-For does not escape the per-IP sign-in limit without TRUST_PROXY', async () => {
  const attacker = '198.51.100.23';
  for (let i = 1; i <= LOGIN_IP_RULE.max; i++) {
    expect((await wrongSignIn(direct, attacker, `203.0.113.${i}`)).status).toBe(401);
  }
  const refused = await wrongSignIn(direct, attacker, '203.0.113.250');
  expect(refused.status).toBe(429);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
    'TOO_MANY_REQUESTS',
  );
  // Another machine is not held back by it.
  expect((await wrongSignIn(direct, '198.51.100.24', '203.0.113.250')).status).toBe(401);
});

test('behind a declared proxy, each client its proxy names is limited on its own', async () => {
  const proxy = '10.0.0.1';
  for (let i = 1; i <= LOGIN_IP_RULE.max; i++) {
    expect((await wrongSignIn(proxied, proxy, '6.6.6.6, 192.0.2.7')).status).toBe(401);
  }
  // The client the proxy saw is blocked, whatever it writes in front of the header…
  expect((await wrongSignIn(proxied, proxy, '1.2.3.4, 192.0.2.7')).status).toBe(429);
  // …and the others behind the same proxy are not.
  expect((await wrongSignIn(proxied, proxy, '192.0.2.8')).status).toBe(401);
});
