// The admin CLI's command line: each command, the plan names people type, and the usage errors.
import { expect, test } from 'vitest';
import { parseAdminArgs, parsePlanName } from './admin-args.ts';

const parse = (...argv: string[]) => parseAdminArgs(argv, '/srv/papelada');

test('no arguments, help, --help and -h ask for the usage', () => {
  for (const argv of [[], ['help'], ['--help'], ['-h']]) {
    expect(parseAdminArgs(argv, '/')).toEqual({ kind: 'help' });
  }
});

test('plans are accepted by id or by the name the app shows, in any case', () => {
  expect(parsePlanName('free')).toBe('free');
  expect(parsePlanName('Gratuito')).toBe('free');
  expect(parsePlanName('personal')).toBe('professional');
  expect(parsePlanName('PROFESSIONAL')).toBe('professional');
  expect(parsePlanName('Empresarial 500')).toBe('enterprise_500');
  expect(parsePlanName('empresarial-1000')).toBe('enterprise_1000');
  expect(parsePlanName('enterprise_1000')).toBe('enterprise_1000');
  expect(parsePlanName('ouro')).toBeNull();
  expect(parsePlanName('enterprise')).toBeNull();
});

test('each command becomes its request', () => {
  expect(parse('accounts')).toEqual({
    kind: 'command',
    request: { command: 'accounts', json: false },
    confirm: false,
  });
  expect(parse('accounts', '--json')).toMatchObject({ request: { json: true } });
  expect(parse('set-plan', 'ana@exemplo.pt', 'Personal', '--until', '2026-12-31')).toEqual({
    kind: 'command',
    request: {
      command: 'set-plan',
      email: 'ana@exemplo.pt',
      plan: 'professional',
      until: '2026-12-31',
    },
    confirm: false,
  });
  expect(parse('set-plan', '--until=2027-01-31', 'ana@exemplo.pt', 'enterprise_500')).toMatchObject(
    {
      request: { plan: 'enterprise_500', until: '2027-01-31' },
    },
  );
  expect(parse('cancel-plan', 'ana@exemplo.pt')).toMatchObject({
    request: { command: 'cancel-plan', email: 'ana@exemplo.pt' },
  });
  expect(parse('verify-email', 'ana@exemplo.pt')).toMatchObject({
    request: { command: 'verify-email', email: 'ana@exemplo.pt' },
  });
  // A relative folder is the operator's, resolved before the server (elsewhere) sees it.
  expect(parse('export-account', 'ana@exemplo.pt', 'copias/ana')).toMatchObject({
    request: { command: 'export-account', dir: '/srv/papelada/copias/ana' },
  });
  expect(parse('delete-account', 'ana@exemplo.pt')).toMatchObject({
    request: { command: 'delete-account' },
    confirm: true,
  });
  expect(parse('delete-account', 'ana@exemplo.pt', '--yes')).toMatchObject({ confirm: false });
});

test('a plan that does not exist is refused, naming the plans', () => {
  expect(parse('set-plan', 'ana@exemplo.pt', 'ouro')).toEqual({
    kind: 'refused',
    message:
      "Plano desconhecido: 'ouro'. Planos: free (Gratuito), professional (Personal), " +
      'enterprise_500 (Empresarial 500), enterprise_1000 (Empresarial 1000).',
  });
});

test('an impossible --until date is refused before any database is opened', () => {
  expect(parse('set-plan', 'ana@exemplo.pt', 'personal', '--until', '2026-02-30')).toEqual({
    kind: 'refused',
    message: "Data inválida: '2026-02-30'. Use o formato AAAA-MM-DD, por exemplo 2026-12-31.",
  });
});

test('usage errors say what was wrong and point to help', () => {
  const cases: Array<[string[], string]> = [
    [['apagar'], 'Comando desconhecido: apagar.'],
    [['set-plan', 'ana@exemplo.pt'], 'Falta <plano>: set-plan <email> <plano>.'],
    [['export-account'], 'Falta <email> <pasta>: export-account <email> <pasta>.'],
    [['cancel-plan', 'a@b.pt', 'c@d.pt'], 'Argumentos a mais para cancel-plan: c@d.pt.'],
    [['accounts', '--yes'], 'Opção desconhecida para accounts: --yes.'],
    [['set-plan', 'a@b.pt', 'free', '--until'], 'Falta o valor de --until.'],
    [['accounts', '--json=sim'], 'Opção desconhecida: --json=sim.'],
  ];
  for (const [argv, problem] of cases) {
    expect(parse(...argv)).toEqual({
      kind: 'usage-error',
      message: `${problem}\nVeja npm run admin -- help.`,
    });
  }
});

test('backup and restore take one folder, from the working directory; restore is never a request', () => {
  expect(parse('backup', 'copias/hoje')).toEqual({
    kind: 'command',
    request: { command: 'backup', dir: '/srv/papelada/copias/hoje' },
    confirm: false,
  });
  expect(parse('restore', '/mnt/copia')).toEqual({ kind: 'restore', dir: '/mnt/copia' });
  expect(parse('restore')).toEqual({
    kind: 'usage-error',
    message: 'Falta <pasta>: restore <pasta>.\nVeja npm run admin -- help.',
  });
});

test('security-events takes an optional --email and --json', () => {
  expect(parse('security-events')).toEqual({
    kind: 'command',
    request: { command: 'security-events', email: null, json: false },
    confirm: false,
  });
  expect(parse('security-events', '--email', 'ana@exemplo.pt', '--json')).toEqual({
    kind: 'command',
    request: { command: 'security-events', email: 'ana@exemplo.pt', json: true },
    confirm: false,
  });
  expect(parse('security-events', 'ana@exemplo.pt').kind).toBe('usage-error');
});
