// The isolation cases of the account (isolation.test.ts): the public routes, the feed's secret,
// team management and choosing who acts, the profile, emails, signed file URLs, the live event
// stream, the subscription, the dev plan switch, the account's own data and its security events
// — B aimed at A's rows, secrets, PINs, codes and tokens, and B's own answers without A's.
import { expect } from 'vitest';
import { sseReader } from '#server/features/events/events-test-helpers.ts';
import { answers, read, sentValues, type Case, type Checks } from './isolation-checks.ts';
import { goalBody, NIFS, photoForm, PINS, type Browser } from './isolation-test-kit.ts';

export function accountCases(c: Checks): Record<string, Case> {
  const {
    world,
    untouched,
    markersIn,
    expectNoMarkers,
    readsText,
    readsOf,
    checkAnswer,
    changeOfA,
  } = c;
  const A = () => world().a;
  const B = () => world().b.browser;

  /** B's feed secret, made afresh (its old one revoked): the token is shown only when made. */
  async function freshFeedOfB(): Promise<string> {
    await B().call('DELETE', '/api/integrations/feed');
    return (await B().json<{ token: string }>('POST', '/api/integrations/feed', undefined, 201))
      .token;
  }
  const feedUrl = (token: string) => `/api/feed/${token}/faturas.csv`;
  /** A's feed as a spreadsheet reads it (outside `untouched`: a read is counted on A's secret). */
  const feedOfA = () => world().t.app.request(feedUrl(world().a.feedToken));

  /**
   * A changes one thing of each kind, and A's own stream hears each; then B changes its own
   * invoice, and the next (and first) thing B's stream hears is that.
   */
  async function bHearsOnlyItsOwnChanges(): Promise<void> {
    const open = async (browser: Browser) => {
      const stream = sseReader(await browser.request('GET', '/api/events'));
      expect((await stream.nextEvent()).event).toBe('ready');
      return stream;
    };
    const bStream = await open(B());
    const aStream = await open(A().browser);
    const send = (method: string, path: string, body: unknown) => () =>
      A().browser.json(method, path, body);
    const supplier = {
      name: 'Marcador-A-Fornecedor, Lda',
      nif: NIFS.aOnly,
      category: 'Marcador-A-Categoria',
      email: 'marcador-a.fornecedor@exemplo.pt',
      notifyByEmail: true,
      limit: { amountCents: 50_000, active: true, period: 'mensal', resetDay: 1 },
    };
    const changes: [string, () => Promise<unknown>][] = [
      [
        'invoices.changed',
        send('PATCH', `/api/invoices/${A().invoiceId}`, { notes: 'Marcador-A-nota 2' }),
      ],
      ['suppliers.changed', send('PATCH', `/api/suppliers/${A().supplierId}`, supplier)],
      [
        'categories.changed',
        send('PATCH', `/api/categories/${A().categoryId}`, {
          name: 'Marcador-A-Categoria',
          icon: 'tag',
          color: 'slate',
        }),
      ],
      ['sales.changed', changeOfA('sale')],
      [
        'savings.changed',
        send('PATCH', `/api/savings/goals/${A().goalId}`, {
          ...goalBody(),
          name: 'Marcador-A-Objetivo 2',
        }),
      ],
      ['team.changed', send('PATCH', `/api/team/sub-users/${A().subUserId}`, { role: 'manager' })],
      ['profile.changed', send('PATCH', '/api/profile', { invoiceViewMode: 'list' })],
      [
        'support.changed',
        () =>
          A().browser.json(
            'POST',
            '/api/support/messages',
            { body: 'Marcador-A: uma pergunta ao suporte.' },
            201,
          ),
      ],
    ];
    try {
      for (const [type, change] of changes) {
        await change();
        expect((await aStream.nextEvent()).event).toBe(type);
      }
      const own = () =>
        B().json('PATCH', `/api/invoices/${world().b.invoiceId}`, { notes: 'De B' });
      await untouched(own, { reread: true });
      const heard = await bStream.nextEvent();
      expect(heard.event).toBe('invoices.changed');
      expect(JSON.parse(heard.data)).toMatchObject({ ids: [world().b.invoiceId] });
      expectNoMarkers(heard.data, 'event');
    } finally {
      await bStream.cancel();
      await aStream.cancel();
    }
  }

  return {
    // ——— Public: no session, so no account of the caller's to confine ———
    'ALL /api/*': {
      public: 'the 404 of an unknown API path, whatever it names',
      check: async () => {
        const reply = await B().call('GET', `/api/faturas/${A().invoiceId}`);
        expect(reply.status).toBe(404);
        expectNoMarkers(reply.text, 'unknown path');
      },
    },
    'GET /api/health': { public: 'the health check: the driver and the version, no account data' },
    'GET /api/diagnostics/encryption': {
      public: 'the security diagnostic seals a random value of its own; no account data',
      check: async () => {
        const reply = await B().call('GET', '/api/diagnostics/encryption');
        expect(reply.status).toBe(200);
        expectNoMarkers(reply.text, 'security diagnostic');
      },
    },
    'POST /api/account/sign-up': {
      public: 'creating an account; an email already taken only gets its owner a notice',
    },
    'POST /api/demo/session': { public: "'Ver demo' signs into the demo account, never another" },
    'POST /api/billing/stripe/webhook': {
      public: 'Stripe’s signature is the proof; without Stripe (as here) there is no webhook',
      check: async () => {
        const body = { accountId: A().id };
        const reply = await untouched(() => B().call('POST', '/api/billing/stripe/webhook', body));
        expect(reply.status).toBe(404);
      },
    },
    'GET /api/feed/:token/faturas.csv': {
      public: 'spreadsheets fetch it without a session: the secret in its URL names the account',
      check: async () => {
        expect(markersIn(await (await feedOfA()).text())).not.toEqual([]);
        const token = await freshFeedOfB();
        const text = await untouched(async () => {
          const res = await world().t.app.request(feedUrl(token));
          expect(res.status).toBe(200);
          return res.text();
        });
        expect(text).toContain('FT BRUNO/1');
        expectNoMarkers(text, 'feed');
      },
    },
    'GET /api/dev/emails': {
      public:
        'the dev outbox: every account’s mail by design (DESIGN.md contract 4), in development and from this machine only',
    },
    'GET /api/integrations/feed': {
      check: async () => {
        const path = '/api/integrations/feed';
        expect(await A().browser.json('GET', path)).toMatchObject({
          feed: { issuedAt: expect.any(String) },
        });
        await B().call('DELETE', path);
        expect(await untouched(() => B().json('GET', path))).toEqual({ feed: null });
        await freshFeedOfB();
      },
    },
    'POST /api/integrations/feed': {
      check: async () => {
        await B().call('DELETE', '/api/integrations/feed');
        const reply = await untouched(() => B().call('POST', '/api/integrations/feed'), {
          reread: true,
        });
        expect(reply.status, reply.text).toBe(201);
        expectNoMarkers(reply.text, 'new feed secret');
      },
    },
    'POST /api/integrations/feed/rotate': {
      check: async () => {
        await freshFeedOfB();
        const rotate = () => B().call('POST', '/api/integrations/feed/rotate');
        const reply = await untouched(rotate, { reread: true });
        expect(reply.status, reply.text).toBe(200);
        expectNoMarkers(reply.text, 'new feed secret');
        expect((await feedOfA()).status).toBe(200);
      },
    },
    'DELETE /api/integrations/feed': {
      check: async () => {
        await freshFeedOfB();
        const revoke = () => B().call('DELETE', '/api/integrations/feed');
        expect((await untouched(revoke, { reread: true })).status).toBe(204);
        expect((await feedOfA()).status).toBe(200);
        await freshFeedOfB();
      },
    },
    // ——— Team management ———
    'GET /api/team': readsOf('text', () => '/api/team'),
    'PATCH /api/team': answers(200, null, () => ({ enabled: true })),
    'PUT /api/team/main-pin': {
      check: async () => {
        // A's PIN is no key to B's; B's own is.
        const route = 'PUT /api/team/main-pin';
        const change = (currentPin: string) => () => ({ pin: PINS.bMain, currentPin });
        await checkAnswer(route, answers(400, 'CURRENT_PIN_WRONG', change(PINS.aMain)).answers);
        await checkAnswer(route, answers(200, null, change(PINS.bMain)).answers);
      },
    },
    'POST /api/team/sub-users': {
      check: async () => {
        // The name of A's PIN profile is free in B's team.
        const body = { name: 'Marcador-A-Caixa', role: 'user', pin: '1111' };
        await untouched(
          async () => {
            const reply = await B().call('POST', '/api/team/sub-users', body);
            expect(reply.status, reply.text).toBe(201);
            expectNoMarkers(reply.text, 'new PIN profile', sentValues(body));
            const { subUser } = JSON.parse(reply.text) as { subUser: { id: string } };
            const rename = { name: 'Caixa de B 2' };
            await B().json('PATCH', `/api/team/sub-users/${subUser.id}`, rename);
          },
          { reread: true },
        );
      },
    },
    'PATCH /api/team/sub-users/:id': answers(404, 'SUB_USER_NOT_FOUND', () => ({
      name: 'De B',
      pin: '9999',
      isActive: false,
    })),
    'POST /api/team/invitations': {
      check: async () => {
        // A's member may be invited into B's team too.
        const team = await A().browser.json<{ members: { email: string }[] }>('GET', '/api/team');
        const body = { email: team.members[0]?.email, role: 'user' };
        await untouched(
          async () => {
            const reply = await B().call('POST', '/api/team/invitations', body);
            expect(reply.status, reply.text).toBe(201);
            expectNoMarkers(reply.text, 'invitation');
            const { invitation } = JSON.parse(reply.text) as { invitation: { id: string } };
            await B().json('DELETE', `/api/team/invitations/${invitation.id}`, undefined, 204);
          },
          { reread: true },
        );
      },
    },
    'DELETE /api/team/invitations/:id': answers(404, 'INVITATION_NOT_FOUND'),
    'PATCH /api/team/members/:userId': answers(404, 'MEMBER_NOT_FOUND', () => ({
      role: 'administrator',
    })),
    'DELETE /api/team/members/:userId': answers(404, 'MEMBER_NOT_FOUND'),

    // ——— Choosing who acts: always within the signed-in person's own account ———
    'GET /api/team-access': readsOf('text', () => '/api/team-access'),
    // Unknown profiles and other accounts' get the one refusal of this route (it has no 404).
    'POST /api/team-access/sub-user': answers(403, 'TEAM_ACCESS_DENIED', () => ({
      subUserId: A().subUserId,
      pin: PINS.aSubUser,
    })),
    // A's main PIN is checked against B's own: wrong.
    'POST /api/team-access/main': answers(401, 'WRONG_PIN', () => ({ pin: PINS.aMain })),
    'DELETE /api/team-access/session': {
      check: async () => {
        const second = await world().signInB();
        const end = () => second.json('DELETE', '/api/team-access/session');
        const reply = await untouched(end, { reread: true });
        expect(reply).toMatchObject({ acting: { kind: 'pending' } });
        expectNoMarkers(JSON.stringify(reply), 'ended team session');
      },
    },
    'GET /api/team-access/accounts': readsOf('text', () => '/api/team-access/accounts'),
    'POST /api/team-access/switch': answers(403, 'NOT_A_MEMBER', () => ({ accountId: A().id })),
    // The code goes to B's own email, never A's (the outbox is in A's fingerprint).
    'POST /api/team-access/recovery/send': answers(200, null),
    'POST /api/team-access/recovery/confirm': {
      check: async () => {
        const route = 'POST /api/team-access/recovery/confirm';
        const body = (newPin: string) => () => ({ code: A().recoveryCode, newPin });
        await checkAnswer(route, answers(400, 'RECOVERY_CODE_INVALID', body('0000')).answers);
        // The code was live: A, who received it, may use it (for the PIN A had).
        await A().browser.json('POST', '/api/team-access/recovery/confirm', body(PINS.aMain)());
      },
    },
    // An invitation is for the email it was sent to: another person's token is refused.
    'POST /api/team-access/invitations/accept': answers(403, 'INVITATION_OTHER_EMAIL', () => ({
      token: A().invitationToken,
    })),

    // ——— Profile, emails, files, live changes ———
    'GET /api/profile': readsOf('text', () => '/api/profile'),
    'PATCH /api/profile': answers(200, null, () => ({
      fullName: 'Bruno Alterado',
      invoiceViewMode: 'list',
    })),
    'PUT /api/profile/photo': {
      check: async () => {
        const form = await photoForm('#0aa');
        await checkAnswer('PUT /api/profile/photo', answers(200, null, () => form).answers);
      },
    },
    'DELETE /api/profile/photo': answers(200, null),
    'GET /api/emails': readsOf('text', () => '/api/emails'),
    'POST /api/emails/:id/resend': answers(404, 'NOT_FOUND'),
    'POST /api/files/sign': {
      check: async () => {
        const paths = [A().photoPath, A().avatarPath, world().b.photoPath];
        type Signed = { urls: Record<string, unknown> };
        const own = await A().browser.json<Signed>('POST', '/api/files/sign', { paths });
        expect(Object.keys(own.urls).sort()).toEqual([A().avatarPath, A().photoPath].sort());
        const reply = await untouched(() => B().json<Signed>('POST', '/api/files/sign', { paths }));
        expect(Object.keys(reply.urls)).toEqual([world().b.photoPath]);
      },
    },
    'GET /api/files/*': {
      check: async () => {
        const sign = async (browser: Browser, path: string) => {
          type Signed = { urls: Record<string, { url: string }> };
          const { urls } = await browser.json<Signed>('POST', '/api/files/sign', { paths: [path] });
          return new URL(urls[path]?.url ?? '', 'http://localhost');
        };
        const aUrl = await sign(A().browser, A().photoPath);
        const bUrl = await sign(B(), world().b.photoPath);
        expect((await A().browser.call('GET', `${aUrl.pathname}${aUrl.search}`)).status).toBe(200);
        expect((await B().call('GET', `${bUrl.pathname}${bUrl.search}`)).status).toBe(200);
        // A's signed URL, and B's signature on A's path.
        for (const url of [`${aUrl.pathname}${aUrl.search}`, `${aUrl.pathname}${bUrl.search}`]) {
          const reply = await untouched(() => B().call('GET', url));
          expect(reply.status, url).toBe(403);
          expect(JSON.parse(reply.text).error.code).toBe('INVALID_FILE_LINK');
        }
      },
    },
    'GET /api/events': { check: () => bHearsOnlyItsOwnChanges() },

    // ——— The subscription, the dev plan switch, the account's own data ———
    'GET /api/billing/subscription': readsText(
      read(() => '/api/billing/subscription', { change: changeOfA('invoice') }),
    ),
    // The built-in provider: plans are the operator's to grant, for anyone.
    'POST /api/billing/checkout': answers(409, 'BILLING_UNAVAILABLE', () => ({
      plan: 'professional',
    })),
    'POST /api/billing/validate-coupon': answers(200, null, () => ({ couponCode: 'ABC' })),
    'POST /api/billing/portal': answers(409, 'BILLING_UNAVAILABLE'),
    'POST /api/billing/change-plan': answers(409, 'BILLING_UNAVAILABLE', () => ({
      targetPlan: 'free',
    })),
    'POST /api/billing/update-subscription': answers(409, 'BILLING_UNAVAILABLE', () => ({
      newPlan: 'free',
    })),
    'GET /api/dev/plan': {
      check: async () => {
        const plan = (planId: string) => A().browser.json('POST', '/api/dev/plan', { planId });
        const readB = () => untouched(() => B().json('GET', '/api/dev/plan'));
        const before = await readB();
        await plan('enterprise_500');
        expect(await A().browser.json('GET', '/api/dev/plan')).toMatchObject({
          planId: 'enterprise_500',
        });
        expect(await readB()).toEqual(before);
        await plan('enterprise_1000');
      },
    },
    'POST /api/dev/plan': answers(200, null, () => ({ planId: 'enterprise_1000' })),
    'GET /api/account-data/export': readsOf('zip', () => '/api/account-data/export'),
    'DELETE /api/account-data': answers(400, 'EMAIL_MISMATCH', () => ({ email: A().email })),
    // The owner's security events: a failed sign-in with A's email is one of A's.
    'GET /api/security-events': readsOf('text', () => '/api/security-events'),
  };
}
