import { describe, expect, test } from 'vitest';
import type { EncryptionDiagnosticDto } from '#shared/encryption-diagnostic.ts';
import { browserChecks, serverChecks } from './security-checks.ts';

const goodAnswer: EncryptionDiagnosticDto = {
  encryption: {
    algorithm: 'AES-256-GCM',
    roundTrip: true,
    hidesValue: true,
    detectsTampering: true,
    elapsedMs: 0.05,
  },
  sessionCookieReceived: true,
};
const allHeaders = new Headers({
  'content-security-policy': "default-src 'self'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000',
});
const outcomes = (checks: { id: string; outcome: string }[]) =>
  Object.fromEntries(checks.map((c) => [c.id, c.outcome]));

describe('browser checks', () => {
  test('a secure context with Web Crypto passes; plain HTTP or no Web Crypto fails', () => {
    const base = {
      isSecureContext: true,
      protocol: 'https:',
      webCryptoRoundTrip: true,
      readableCookies: '',
    };
    expect(outcomes(browserChecks(base))).toEqual({
      'secure-context': 'pass',
      'web-crypto': 'pass',
    });
    expect(
      outcomes(
        browserChecks({
          ...base,
          isSecureContext: false,
          protocol: 'http:',
          webCryptoRoundTrip: null,
        }),
      ),
    ).toEqual({ 'secure-context': 'fail', 'web-crypto': 'fail' });
  });
});

describe('server checks', () => {
  test('everything in place on HTTPS: every line passes', () => {
    const checks = serverChecks(goodAnswer, allHeaders, {
      protocol: 'https:',
      readableCookies: 'tema=claro',
    });
    expect(checks.every((c) => c.outcome === 'pass')).toBe(true);
  });

  test('a session cookie that scripts can read fails; without a session the line is skipped', () => {
    const readable = serverChecks(goodAnswer, allHeaders, {
      protocol: 'https:',
      readableCookies: 'a=1; __Secure-better-auth.session_token=abc',
    });
    expect(outcomes(readable)['session-cookie']).toBe('fail');
    const signedOut = serverChecks({ ...goodAnswer, sessionCookieReceived: false }, allHeaders, {
      protocol: 'https:',
      readableCookies: '',
    });
    expect(outcomes(signedOut)['session-cookie']).toBe('skip');
  });

  test('a missing header fails, except HSTS on plain HTTP, which does not apply', () => {
    const headers = new Headers(allHeaders);
    headers.delete('x-frame-options');
    headers.delete('strict-transport-security');
    const result = outcomes(
      serverChecks(goodAnswer, headers, { protocol: 'http:', readableCookies: '' }),
    );
    expect(result['header-x-frame-options']).toBe('fail');
    expect(result['header-strict-transport-security']).toBe('skip');
    const onHttps = outcomes(
      serverChecks(goodAnswer, headers, { protocol: 'https:', readableCookies: '' }),
    );
    expect(onHttps['header-strict-transport-security']).toBe('fail');
  });

  test('any failed part of the server round trip fails the encryption line', () => {
    for (const broken of ['roundTrip', 'hidesValue', 'detectsTampering'] as const) {
      const answer = { ...goodAnswer, encryption: { ...goodAnswer.encryption, [broken]: false } };
      const result = outcomes(
        serverChecks(answer, allHeaders, { protocol: 'https:', readableCookies: '' }),
      );
      expect(result['encryption-at-rest']).toBe('fail');
    }
  });
});
