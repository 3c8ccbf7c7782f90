// `npm run admin -- newsletter [--json]` (issue 20 point 5): the confirmed subscribers of the
// landing page's newsletter, and only them — never an address that did not open its link, or
// that left since.
import { expect, test, beforeAll, afterAll } from 'vitest';
import { postJson } from '#server/features/auth/test-helpers.ts';
import { parseAdminArgs } from './admin-args.ts';
import { createAdminTestContext, type AdminTestContext } from './admin-test-helpers.ts';

let admin: AdminTestContext;
beforeAll(async () => {
  admin = await createAdminTestContext();
});
afterAll(() => admin.close());

/** Subscribes through the API and returns the two links of the confirmation email. */
async function subscribe(email: string) {
  expect((await postJson(admin.t, '/api/newsletter/subscribe', { email })).status).toBe(202);
  const mails = await (await admin.t.client.api.dev.emails.$get()).json();
  const links = mails.find((mail) => mail.to === email)?.links ?? [];
  const token = (path: string) =>
    new URL(links.find((l) => l.includes(path)) ?? 'http://x/').searchParams.get('token') ?? '';
  return { confirm: token('/newsletter/confirmar'), leave: token('/newsletter/cancelar') };
}

test('with nobody confirmed yet, it says so', async () => {
  await subscribe('so.pendente@exemplo.pt');
  expect(await admin.run({ command: 'newsletter', json: false })).toEqual({
    exitCode: 0,
    stdout: 'Nenhuma subscrição confirmada da newsletter.\n',
    stderr: '',
  });
  expect((await admin.run({ command: 'newsletter', json: true })).stdout).toBe('[]\n');
});

test('it lists the confirmed addresses, oldest first, as a table or JSON', async () => {
  const ana = await subscribe('ana.news@exemplo.pt');
  const rui = await subscribe('rui.news@exemplo.pt');
  const ines = await subscribe('ines.news@exemplo.pt');
  for (const { confirm } of [ana, rui, ines]) {
    expect((await postJson(admin.t, '/api/newsletter/confirm', { token: confirm })).status).toBe(
      200,
    );
  }
  // Inês leaves; Bruno never confirms.
  await postJson(admin.t, '/api/newsletter/unsubscribe', { token: ines.leave });
  await subscribe('bruno.news@exemplo.pt');

  const table = await admin.run({ command: 'newsletter', json: false });
  expect(table.exitCode).toBe(0);
  const lines = table.stdout.split('\n');
  expect(lines[0]).toMatch(/^Email\s+Confirmada em$/);
  expect(lines[2]).toMatch(/^ana\.news@exemplo\.pt\s+\d\d\/\d\d\/\d{4}, \d\d:\d\d$/);
  expect(lines[3]).toMatch(/^rui\.news@exemplo\.pt\s+/);
  expect(table.stdout).toContain('2 subscrições confirmadas.');
  expect(table.stdout).not.toMatch(/ines|bruno|pendente/);

  const json = JSON.parse((await admin.run({ command: 'newsletter', json: true })).stdout) as {
    email: string;
    confirmedAt: string;
  }[];
  expect(json.map((s) => s.email)).toEqual(['ana.news@exemplo.pt', 'rui.news@exemplo.pt']);
  expect(Date.parse(json[0]?.confirmedAt ?? '')).not.toBeNaN();
});

test('the command line takes newsletter and --json, and nothing else', () => {
  expect(parseAdminArgs(['newsletter', '--json'], '/')).toEqual({
    kind: 'command',
    request: { command: 'newsletter', json: true },
    confirm: false,
  });
  expect(parseAdminArgs(['newsletter'], '/')).toMatchObject({ request: { json: false } });
  expect(parseAdminArgs(['newsletter', '--email', 'x@y.pt'], '/')).toMatchObject({
    kind: 'usage-error',
  });
});
