// The admin CLI's command line: `npm run admin -- <command> …` → one AdminRequest, or help,
// or what was wrong with it (exit 2; a plan that does not exist is a refusal, exit 1).
import path from 'node:path';
import { isValidCalendarDate } from '#shared/dates.ts';
import { PLAN_IDS, PLANS, type PlanId } from '#shared/plans.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import type { AdminRequest } from './admin-request.ts';

export const ADMIN_USAGE = `Administração do Papelada: npm run admin -- <comando>

Comandos:
  accounts [--json]
      Lista as contas: email, nome, plano em vigor, subscrição e fim, faturas deste mês
      (usadas/limite) e data de criação. --json dá o mesmo em JSON.
  set-plan <email> <plano> [--until AAAA-MM-DD]
      Atribui um plano já: free, professional, enterprise_500 ou enterprise_1000 (ou o nome
      mostrado na app: Gratuito, Personal, "Empresarial 500", "Empresarial 1000").
      Com --until, os direitos terminam no fim desse dia (hora de Lisboa).
  cancel-plan <email>
      Cancela o plano no fim do período: os direitos mantêm-se até lá e depois a conta volta
      aos limites do Gratuito. Nada é apagado.
  verify-email <email>
      Marca o email da conta como verificado (quando o email de confirmação não chega).
  export-account <email> <pasta>
      Exporta todos os registos da conta (account.json, sem palavras-passe) e os seus
      ficheiros (fotos, digitalizações, foto de perfil) para uma pasta nova ou vazia.
  delete-account <email> [--yes]
      Apaga a conta e tudo o que é dela, ficheiros incluídos, depois de escrever o email
      para confirmar (ou sem perguntar, com --yes).
  backup <pasta>
      Cópia de segurança de tudo, coerente num só instante: as tabelas da base de dados, os
      ficheiros guardados (fotos, digitalizações) e os segredos de DATA_DIR, numa pasta nova
      ou vazia. Pode correr com o servidor a funcionar.
  restore <pasta>
      Restaura uma cópia feita com backup numa base de dados vazia: uma DATA_DIR nova, ou a
      base de dados PostgreSQL nova de DATABASE_URL, com o servidor parado. Verifica cada
      ficheiro e o número de registos de cada tabela contra o manifest.json da cópia.
  rotate-key
      Re-encripta os NIF de pessoas e os emails dos fornecedores com uma chave nova, conta a
      conta (pode ser interrompido e retomado). Com a chave em DATA_DIR/encryption-key.json,
      a nova fica lá e a antiga é retirada no fim; com ENCRYPTION_KEY, mostra a chave nova e
      os passos para a pôr nos servidores.
  security-events [--email <email>] [--json]
      Lista os eventos de segurança dos últimos 7 dias, do mais recente para o mais antigo
      (acessos falhados e bloqueados, PINs errados, ficheiros recusados, texto suspeito,
      pedidos em rajada): de todas as contas, ou só da conta desse email.
  newsletter [--json]
      Lista os emails que confirmaram a subscrição da newsletter (pelo link do email de
      confirmação), da confirmação mais antiga para a mais recente.
  support [--json]
      Lista as mensagens do chat de ajuda à espera de resposta, da mais recente para a mais
      antiga: o id, o email da conta, a data, quem escreveu e o texto completo.
  support-reply <id> <texto>
      Responde à conversa da mensagem com esse id (bastam os 8 primeiros caracteres): a
      resposta aparece logo no painel da pessoa e segue por email para quem escreveu. Ponha o
      texto entre aspas; palavras soltas a seguir ao id também são juntadas numa resposta.
  help
      Mostra esta ajuda.

Usa a mesma base de dados que o servidor: DATABASE_URL quando definido, senão o PGlite em
DATA_DIR (./data por omissão). Com o servidor a correr sobre PGlite, é o próprio servidor que
executa o comando (através de DATA_DIR/admin.sock), e as páginas abertas atualizam-se logo.

Códigos de saída: 0 feito · 1 recusado (email desconhecido, plano ou data inválidos…) ·
2 utilização errada · 3 base de dados inacessível.
`;

export type ParsedArgs =
  | { kind: 'help' }
  | { kind: 'usage-error'; message: string }
  | { kind: 'refused'; message: string }
  /** `confirm`: delete-account asks for the typed email first (no --yes). */
  | { kind: 'command'; request: AdminRequest; confirm: boolean }
  /** Never sent to a server: the CLI opens the (empty) target itself. `dir` is absolute. */
  | { kind: 'restore'; dir: string };

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** A plan id, or its shown name in any case ('personal', 'Empresarial 500'). */
export function parsePlanName(value: string): PlanId | null {
  const folded = fold(value);
  return PLAN_IDS.find((id) => id === folded || fold(PLANS[id].name) === folded) ?? null;
}

type Split = { positional: string[]; flags: Map<string, string | true> };

/** `--flag`, `--flag value` (for flags that take one) and `--flag=value`. */
function split(args: string[], valued: ReadonlySet<string>): Split | string {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (valued.has(name)) {
      const value = inline ?? args[++i];
      if (value === undefined || value === '') return `Falta o valor de --${name}.`;
      flags.set(name, value);
    } else if (inline === undefined && name !== '') flags.set(name, true);
    else return `Opção desconhecida: ${arg}.`;
  }
  return { positional, flags };
}

const COMMANDS = {
  accounts: { args: [], flags: ['json'], valued: [] },
  'set-plan': { args: ['email', 'plano'], flags: [], valued: ['until'] },
  'cancel-plan': { args: ['email'], flags: [], valued: [] },
  'verify-email': { args: ['email'], flags: [], valued: [] },
  'export-account': { args: ['email', 'pasta'], flags: [], valued: [] },
  'delete-account': { args: ['email'], flags: ['yes'], valued: [] },
  backup: { args: ['pasta'], flags: [], valued: [] },
  'rotate-key': { args: [], flags: [], valued: [] },
  'security-events': { args: [], flags: ['json'], valued: ['email'] },
  newsletter: { args: [], flags: ['json'], valued: [] },
  support: { args: [], flags: ['json'], valued: [] },
  'support-reply': { args: ['id', 'texto'], flags: [], valued: [] },
  restore: { args: ['pasta'], flags: [], valued: [] },
} as const satisfies Record<
  string,
  { args: readonly string[]; flags: readonly string[]; valued: readonly string[] }
>;
type CommandName = keyof typeof COMMANDS;

const isCommand = (value: string): value is CommandName => Object.hasOwn(COMMANDS, value);

export function parseAdminArgs(argv: readonly string[], cwd: string): ParsedArgs {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    return { kind: 'help' };
  }
  const usageError = (problem: string) => ({
    kind: 'usage-error' as const,
    message: ADMIN_MESSAGES.usageError(problem),
  });
  if (!isCommand(name)) return usageError(`Comando desconhecido: ${name}.`);
  const spec: { args: readonly string[]; flags: readonly string[]; valued: readonly string[] } =
    COMMANDS[name];
  const parsed = split(rest, new Set(spec.valued));
  if (typeof parsed === 'string') return usageError(parsed);
  for (const flag of parsed.flags.keys()) {
    if (!spec.flags.includes(flag) && !spec.valued.includes(flag)) {
      return usageError(`Opção desconhecida para ${name}: --${flag}.`);
    }
  }
  const missing = spec.args.slice(parsed.positional.length);
  if (missing.length > 0) {
    return usageError(
      `Falta ${missing.map((a) => `<${a}>`).join(' ')}: ${name} ${spec.args.map((a) => `<${a}>`).join(' ')}.`,
    );
  }
  // support-reply's answer may come as words after the id, unquoted: they make one text.
  if (name !== 'support-reply' && parsed.positional.length > spec.args.length) {
    return usageError(
      `Argumentos a mais para ${name}: ${parsed.positional.slice(spec.args.length).join(' ')}.`,
    );
  }
  const [email = '', second = ''] = parsed.positional;
  const command = (request: AdminRequest, confirm = false): ParsedArgs => ({
    kind: 'command',
    request,
    confirm,
  });
  switch (name) {
    case 'accounts':
      return command({ command: 'accounts', json: parsed.flags.has('json') });
    case 'set-plan': {
      const plan = parsePlanName(second);
      if (!plan) return { kind: 'refused', message: ADMIN_MESSAGES.unknownPlan(second) };
      const until = parsed.flags.get('until');
      // Checked here too (the command checks it again, with the clock): no database for a typo.
      if (typeof until === 'string' && !isValidCalendarDate(until)) {
        return { kind: 'refused', message: ADMIN_MESSAGES.badDate(until) };
      }
      return command({
        command: 'set-plan',
        email,
        plan,
        until: typeof until === 'string' ? until : null,
      });
    }
    case 'cancel-plan':
    case 'verify-email':
      return command({ command: name, email });
    case 'export-account':
      // Absolute here: the server that may run it has another working directory.
      return command({ command: 'export-account', email, dir: path.resolve(cwd, second) });
    case 'delete-account':
      return command({ command: 'delete-account', email }, !parsed.flags.has('yes'));
    // The one positional argument is the folder, not an email.
    case 'backup':
      return command({ command: 'backup', dir: path.resolve(cwd, email) });
    case 'restore':
      return { kind: 'restore', dir: path.resolve(cwd, email) };
    case 'rotate-key':
      return command({ command: 'rotate-key' });
    case 'security-events': {
      const only = parsed.flags.get('email');
      return command({
        command: 'security-events',
        email: typeof only === 'string' ? only : null,
        json: parsed.flags.has('json'),
      });
    }
    case 'newsletter':
    case 'support':
      return command({ command: name, json: parsed.flags.has('json') });
    case 'support-reply':
      return command({ command: name, id: email, text: parsed.positional.slice(1).join(' ') });
  }
}
