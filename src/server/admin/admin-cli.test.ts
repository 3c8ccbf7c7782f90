// The real CLI as an operator runs it (`npm run admin -- …`), on the PGlite of a DATA_DIR with
// no server: its output and exit codes (0 done, 1 refused, 2 usage, 3 no database).
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb } from '#server/db/client.ts';
import { migrateDb } from '#server/db/migrate.ts';
import { authUsers } from '#server/db/schema/index.ts';
import { createAccountForUser } from '#server/features/auth/account.queries.ts';
import { runAdminCli } from './admin-cli-test-helpers.ts';
import { openAdminSocket } from './admin-socket.ts';

const EMAIL = 'operadora@exemplo.pt';
// Named only: createDb makes the first, and the second never exists.
const runId = `${process.pid}-${Date.now()}`;
const dataDir = path.join(tmpdir(), `papelada-cli-${runId}`);
const emptyDir = path.join(tmpdir(), `papelada-cli-empty-${runId}`);
const onData = { env: { DATA_DIR: dataDir } };

// PGlite only: the PostgreSQL pass of CI (TEST_DATABASE_URL) has nothing to add here.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the CLI on a PGlite data folder', () => {
  beforeAll(async () => {
    const handle = await createDb({ dataDir });
    try {
      await migrateDb(handle);
      await handle.db.insert(authUsers).values({ id: 'conta-cli', name: 'Olga', email: EMAIL });
      await createAccountForUser(handle.db, {
        userId: 'conta-cli',
        email: EMAIL,
        name: 'Olga Sousa',
      });
    } finally {
      await handle.close();
    }
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(emptyDir, { recursive: true, force: true });
  });

  test('help, usage errors, a bad plan and a missing database exit 0, 2, 1 and 3', async () => {
    const [help, none, unknown, missing, badPlan, badDate, noDb, badUrl] = await Promise.all([
      runAdminCli(['help']),
      runAdminCli([]),
      runAdminCli(['apagar-tudo'], onData),
      runAdminCli(['set-plan', EMAIL], onData),
      runAdminCli(['set-plan', EMAIL, 'ouro'], onData),
      runAdminCli(['set-plan', EMAIL, 'personal', '--until', '2099-13-01'], onData),
      runAdminCli(['accounts'], { env: { DATA_DIR: emptyDir } }),
      runAdminCli(['accounts'], { env: { DATABASE_URL: 'postgres://papelada@127.0.0.1:1/nada' } }),
    ]);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('set-plan <email> <plano> [--until AAAA-MM-DD]');
    expect(none).toEqual(help);
    expect(unknown).toEqual({
      code: 2,
      stdout: '',
      stderr: 'Comando desconhecido: apagar-tudo.\nVeja npm run admin -- help.\n',
    });
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('Falta <plano>') });
    expect(badPlan).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("Plano desconhecido: 'ouro'"),
    });
    expect(badDate).toEqual({
      code: 1,
      stdout: '',
      stderr: "Data inválida: '2099-13-01'. Use o formato AAAA-MM-DD, por exemplo 2026-12-31.\n",
    });
    expect(noDb).toEqual({
      code: 3,
      stdout: '',
      stderr: `Não existe nenhuma base de dados em ${path.join(emptyDir, 'pglite')}. Inicie o servidor uma vez (npm start) ou indique DATA_DIR ou DATABASE_URL.\n`,
    });
    expect(badUrl.code).toBe(3);
    expect(badUrl.stderr).toMatch(/^Não foi possível abrir a base de dados: /);
  }, 240_000);

  test('without a server the CLI opens the PGlite itself, and lets it go after', async () => {
    const listed = await runAdminCli(['accounts'], onData);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${EMAIL} +Olga Sousa +Gratuito +— +— +0/15 `, 'm'));

    const unknown = await runAdminCli(['set-plan', 'x@y.pt', 'personal'], onData);
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Não existe nenhuma conta com o email x@y.pt.\n',
    });
    const granted = await runAdminCli(
      ['set-plan', EMAIL, 'Empresarial 500', '--until', '2099-06-30'],
      onData,
    );
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    expect(granted.stdout).toContain(
      `Plano Empresarial 500 atribuído a ${EMAIL} até ao fim do dia 30/06/2099 (hora de Lisboa).`,
    );
    const json = await runAdminCli(['accounts', '--json'], onData);
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({ email: EMAIL, plan: 'enterprise_500', monthlyInvoiceLimit: 500 }),
    ]);
    expect(existsSync(path.join(dataDir, 'admin.sock'))).toBe(false);
  }, 240_000);

  test('while another process holds the database, the CLI says so and exits 3', async () => {
    const hold = await openAdminSocket({ dataDir, role: 'cli' });
    try {
      const run = await runAdminCli(['accounts'], onData);
      expect(run).toEqual({
        code: 3,
        stdout: '',
        stderr: `A base de dados em ${dataDir} está a ser usada por outro comando de administração. Espere que termine e tente de novo.\n`,
      });
    } finally {
      await hold.close();
    }
  }, 60_000);

  test('delete-account asks for the email typed back, and deletes only then', async () => {
    const wrong = await runAdminCli(['delete-account', EMAIL], {
      ...onData,
      input: 'outra@exemplo.pt\n',
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain(`Vai apagar a conta ${EMAIL} (Olga Sousa): 0 faturas`);
    expect(wrong.stdout).toContain('Escreva o email da conta para confirmar: ');
    expect(wrong.stderr).toBe('O email escrito não corresponde: nada foi apagado.\n');
    const noInput = await runAdminCli(['delete-account', EMAIL], onData);
    expect(noInput.code).toBe(1);
    expect(noInput.stderr).toContain('acrescente --yes');

    const typed = await runAdminCli(['delete-account', EMAIL], { ...onData, input: `${EMAIL}\n` });
    expect(typed.code).toBe(0);
    expect(typed.stdout).toMatch(
      new RegExp(`Conta ${EMAIL} apagada: \\d+ registos e 0 ficheiros\\.`),
    );
    const handle = await createDb({ dataDir });
    try {
      expect(await handle.db.select().from(authUsers)).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 240_000);
});
