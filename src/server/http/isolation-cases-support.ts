// The isolation cases of the help chat (isolation.test.ts): B reads its own conversation with
// support and never A's, and B's messages land in B's. A writes to support the first time a case
// needs it (A's request, before any comparison); its text and the message's id are markers from
// then on.
import { expect } from 'vitest';
import { read, sentValues, type Case, type Checks } from './isolation-checks.ts';

const MESSAGES = '/api/support/messages';

export function supportCases(c: Checks): Record<string, Case> {
  const { world, untouched, expectNoMarkers, readsText } = c;
  const A = () => world().a.browser;
  const B = () => world().b.browser;

  let messageOfA: Promise<void> | undefined;
  function aMessage() {
    messageOfA ??= (async () => {
      const body = 'Marcador-A-Suporte: a minha pergunta privada.';
      const { message } = await A().json<{ message: { id: string } }>(
        'POST',
        MESSAGES,
        { body },
        201,
      );
      world().markers.add(body);
      world().markers.add(message.id);
    })();
    return messageOfA;
  }

  return {
    'GET /api/support/messages': {
      check: async () => {
        await aMessage();
        await readsText(read(() => MESSAGES)).check();
      },
    },
    // B's message is B's: A's conversation (and everything else of A's) stays as it was, and
    // B's answer and B's conversation carry nothing of A's.
    'POST /api/support/messages': {
      check: async () => {
        await aMessage();
        const body = { body: 'Uma pergunta de B ao suporte.' };
        const reply = await untouched(() => B().call('POST', MESSAGES, body), { reread: true });
        expect(reply.status, reply.text).toBe(201);
        expectNoMarkers(reply.text, `POST ${MESSAGES}`, sentValues(body));
        const own = await B().call('GET', MESSAGES);
        expect(own.text).toContain('Uma pergunta de B ao suporte.');
        expectNoMarkers(own.text, `GET ${MESSAGES} after B wrote`);
      },
    },
  };
}
