// The isolation cases of /configuracoes' email settings and signed-in sessions, and of the
// landing page's newsletter (isolation.test.ts): B aimed at A's settings and A's sessions, and
// B's own answers without A's. A writes its email settings the first time a case needs them
// (A's request, before any comparison); those values and A's session ids are markers from then.
import { expect } from 'vitest';
import { answers, read, sentValues, type Case, type Checks } from './isolation-checks.ts';

const EMAIL_CONFIG = '/api/email-config';
const SESSIONS = '/api/sessions';

export function settingsCases(c: Checks): Record<string, Case> {
  const { world, untouched, expectNoMarkers, readsText, checkAnswer } = c;
  const A = () => world().a.browser;
  const B = () => world().b.browser;

  let configOfA: Promise<void> | undefined;
  function aConfig() {
    configOfA ??= (async () => {
      const settings = {
        senderName: 'Marcador-A-Remetente',
        replyTo: 'marcador-a.respostas@exemplo.pt',
        bccSelf: true,
        paymentTemplate: 'Marcador-A-Modelo da fatura {numero}.',
      };
      await A().json('PUT', EMAIL_CONFIG, settings);
      for (const value of [settings.senderName, settings.replyTo, 'Marcador-A-Modelo'])
        world().markers.add(value);
    })();
    return configOfA;
  }

  let sessionsOfA: Promise<string[]> | undefined;
  function aSessions() {
    sessionsOfA ??= (async () => {
      const { sessions } = await A().json<{ sessions: { id: string }[] }>('GET', SESSIONS);
      for (const { id } of sessions) world().markers.add(id);
      return sessions.map(({ id }) => id);
    })();
    return sessionsOfA;
  }

  const badToken = { token: 'AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB' };
  /** A link's token that is nobody's: refused, whoever sends it. */
  const refusesMadeUpToken = (path: string) => async () => {
    const reply = await B().call('POST', path, badToken);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text).error.code).toBe('NEWSLETTER_LINK_INVALID');
  };

  return {
    // ——— The account's email settings ———
    'GET /api/email-config': {
      check: async () => {
        await aConfig();
        await readsText(read(() => EMAIL_CONFIG)).check();
      },
    },
    'PUT /api/email-config': {
      check: async () => {
        await aConfig();
        const body = {
          senderName: 'Remetente de B',
          replyTo: 'respostas.b@exemplo.pt',
          bccSelf: false,
          paymentTemplate: 'Modelo de B {numero}',
        };
        await checkAnswer('PUT /api/email-config', answers(200, null, () => body).answers);
      },
    },

    // ——— The signed-in person's sessions ———
    'GET /api/sessions': {
      check: async () => {
        await aSessions();
        await readsText(read(() => SESSIONS)).check();
      },
    },
    // A's session, by its id: not B's to end (nor to learn of).
    'DELETE /api/sessions/:id': {
      check: async () => {
        const [id] = await aSessions();
        await checkAnswer(
          'DELETE /api/sessions/:id',
          answers(404, 'SESSION_NOT_FOUND').answers,
          `${SESSIONS}/${id}`,
        );
      },
    },
    // B ends its own other sessions; A's stay (and A's reads with them).
    'POST /api/sessions/revoke-others': {
      check: async () => {
        await aSessions();
        const second = await world().signInB();
        const reply = await untouched(() => B().call('POST', `${SESSIONS}/revoke-others`), {
          reread: true,
        });
        expect(reply.status, reply.text).toBe(200);
        expectNoMarkers(reply.text, 'revoke-others');
        expect((await second.call('GET', '/api/profile')).status).toBe(401);
      },
    },

    // ——— The newsletter: public, no account of anyone's ———
    'POST /api/newsletter/subscribe': {
      public:
        'anyone may subscribe any address: it only gets a confirmation link, and the answer is the same for every address',
      check: async () => {
        const body = { email: world().a.email };
        const forA = await B().call('POST', '/api/newsletter/subscribe', body);
        const forNobody = await B().call('POST', '/api/newsletter/subscribe', {
          email: 'ninguem.newsletter@exemplo.pt',
        });
        expect(forA.status).toBe(202);
        expect(forA.text).toBe(forNobody.text);
        expectNoMarkers(forA.text, 'newsletter subscribe', sentValues(body));
      },
    },
    'POST /api/newsletter/confirm': {
      public: 'the emailed confirmation token is the proof; it names no account',
      check: refusesMadeUpToken('/api/newsletter/confirm'),
    },
    'POST /api/newsletter/unsubscribe': {
      public: 'the signed unsubscribe token is the proof; it names no account',
      check: refusesMadeUpToken('/api/newsletter/unsubscribe'),
    },
    'POST /api/newsletter/one-click': {
      public: 'mail providers POST it without a session: the signed token in its URL is the proof',
      check: async () => {
        const path = `/api/newsletter/one-click?token=${encodeURIComponent(badToken.token)}`;
        const reply = await B().call('POST', path);
        expect(reply.status).toBe(400);
      },
    },
  };
}
