// Every line the admin CLI prints, in pt-PT like the rest of the app (STYLE.md "Names").
import { PLAN_IDS, PLANS, type PlanId } from '#shared/plans.ts';

const planList = PLAN_IDS.map((id) => `${id} (${PLANS[id].name})`).join(', ');

export const ADMIN_MESSAGES = {
  noSecurityEvents: 'Nenhum evento de segurança nos últimos 7 dias.',
  unknownEmail: (email: string) => `Não existe nenhuma conta com o email ${email}.`,
  ambiguousEmail: (email: string, count: number) =>
    `Há ${count} contas com o email ${email} no perfil e nenhuma com ele como email de acesso: nada foi feito.`,
  noUser: (email: string) =>
    `A conta ${email} não tem utilizador de acesso (conta sem palavra-passe nem Google): não há email a verificar.`,
  unknownPlan: (plan: string) => `Plano desconhecido: '${plan}'. Planos: ${planList}.`,
  badDate: (value: string) =>
    `Data inválida: '${value}'. Use o formato AAAA-MM-DD, por exemplo 2026-12-31.`,
  pastDate: (value: string, today: string) =>
    `A data ${value} já passou (hoje é ${today} em Lisboa): indique um dia a partir de hoje.`,
  freeHasNoEnd: 'O plano Gratuito não tem data de fim: retire --until.',
  planGranted: (email: string, plan: PlanId, until: string | null) =>
    until === null
      ? `Plano ${PLANS[plan].name} atribuído a ${email}, sem data de fim.`
      : `Plano ${PLANS[plan].name} atribuído a ${email} até ${until} (hora de Lisboa).`,
  planFree: (email: string) =>
    `A conta ${email} passou para o plano Gratuito (limites do plano Gratuito já em vigor; nada foi apagado).`,
  stripeOverridden: (subscriptionId: string | null) =>
    `Atenção: esta conta tinha uma subscrição Stripe${subscriptionId ? ` (${subscriptionId})` : ''}. ` +
    'A alteração manual não a cancela no Stripe, e o próximo evento do Stripe pode repor o plano.',
  openPagesFollow: 'As páginas abertas desta conta atualizam-se sozinhas.',
  noPaidPlan: (email: string) => `A conta ${email} não tem nenhum plano pago (está no Gratuito).`,
  alreadyCanceled: (email: string, end: string | null) =>
    end === null
      ? `O plano da conta ${email} já estava cancelado.`
      : `O plano da conta ${email} já estava cancelado; os direitos terminam ${end} (hora de Lisboa).`,
  stripeCancel: (email: string) =>
    `A subscrição da conta ${email} é paga pelo Stripe: cancele-a no painel do Stripe ou no portal do cliente (o Stripe avisa o Papelada e a conta muda sozinha). Nada foi alterado.`,
  planCanceled: (email: string, plan: PlanId, end: string) =>
    `Plano ${PLANS[plan].name} da conta ${email} cancelado. Os direitos mantêm-se até ${end} (hora de Lisboa); depois a conta volta aos limites do Gratuito, sem nada apagado.`,
  emailVerified: (email: string) => `Email ${email} marcado como verificado.`,
  emailWasVerified: (email: string) => `O email ${email} já estava verificado.`,
  dirNotEmpty: (dir: string) => `A pasta ${dir} não está vazia: escolha uma pasta nova ou vazia.`,
  dirIsFile: (dir: string) => `${dir} é um ficheiro, não uma pasta.`,
  exported: (email: string, dir: string, rows: number, files: number, missing: number) =>
    `Conta ${email} exportada para ${dir}: ${rows} registos em account.json e ${files} ficheiros em files/.` +
    (missing > 0
      ? ` ${missing} ficheiros referidos nos registos já não existiam no armazenamento.`
      : ''),
  deletePreview: (
    email: string,
    name: string | null,
    counts: { invoices: number; suppliers: number; files: number },
  ) =>
    `Vai apagar a conta ${email}${name ? ` (${name})` : ''}: ${counts.invoices} faturas, ` +
    `${counts.suppliers} fornecedores, ${counts.files} ficheiros e tudo o resto da conta. ` +
    'Não é possível desfazer.',
  confirmPrompt: 'Escreva o email da conta para confirmar: ',
  confirmMismatch: 'O email escrito não corresponde: nada foi apagado.',
  confirmNeedsInput: 'Para apagar sem confirmação escrita, acrescente --yes. Nada foi apagado.',
  deleted: (email: string, rows: number, files: number) =>
    `Conta ${email} apagada: ${rows} registos e ${files} ficheiros.`,
  filesNotDeleted: (paths: string[]) =>
    `Não foi possível apagar ${paths.length} ficheiros do armazenamento (os registos já foram apagados):\n` +
    paths.map((p) => `  ${p}`).join('\n'),
  backupDone: (
    dir: string,
    done: { seconds: string; rows: number; tables: number; level: number; files: number },
    missing: number,
    dataDirFiles: string[],
  ) =>
    `Cópia de segurança feita em ${dir} (${done.seconds} s): ${done.rows} registos de ` +
    `${done.tables} tabelas (esquema no nível ${done.level}), ${done.files} ficheiros` +
    (dataDirFiles.length > 0 ? ` e ${dataDirFiles.join(', ')} de DATA_DIR.` : '.') +
    (missing > 0
      ? `\nAtenção: ${missing} ficheiros referidos nos registos já não existiam no armazenamento (apagados entretanto?).`
      : '') +
    '\nGuarde esta pasta em lugar seguro: tem os dados de todas as contas e os segredos do servidor.',
  restoreDone: (
    dir: string,
    createdAt: string,
    done: { seconds: string; rows: number; tables: number; files: number },
    levels: { from: number; to: number },
  ) =>
    `Cópia de segurança de ${createdAt} (${dir}) restaurada em ${done.seconds} s: ` +
    `${done.rows} registos de ${done.tables} tabelas e ${done.files} ficheiros. ` +
    (levels.from === levels.to
      ? `Esquema no nível ${levels.to}.`
      : `Esquema atualizado do nível ${levels.from} para o ${levels.to}.`),
  backupDirMissing: (dir: string) => `A pasta ${dir} não existe.`,
  notABackup: (dir: string) =>
    `A pasta ${dir} não tem manifest.json: não é uma cópia de segurança completa do Papelada (uma cópia interrompida não tem).`,
  backupNewerFormat: (version: number) =>
    `Esta cópia de segurança usa o formato ${version}, mais recente do que esta versão do Papelada conhece: atualize o Papelada antes de restaurar.`,
  backupNewerSchema: (level: number, codeLevel: number) =>
    `Esta cópia de segurança vem de uma versão mais recente do Papelada (esquema no nível ${level}; esta versão conhece até ao ${codeLevel}): atualize o Papelada antes de restaurar.`,
  backupDiverged: (at: number) =>
    `O esquema desta cópia de segurança não corresponde ao desta versão do Papelada (a migração ${at + 1} é outra): não é possível restaurá-la aqui.`,
  backupCorrupt: (file: string) =>
    `A cópia de segurança está danificada: ${file} não corresponde ao manifest.json. Nada foi restaurado na base de dados.`,
  backupSchemaMismatch: (detail: string) =>
    `As tabelas da cópia de segurança não correspondem às da base de dados ao mesmo nível de esquema (${detail}). Nada foi restaurado.`,
  restoreNotEmpty: (tables: string[]) =>
    `A base de dados de destino não está vazia (há registos em ${tables.slice(0, 5).join(', ')}${tables.length > 5 ? '…' : ''}): ` +
    'o restauro só escreve numa base de dados vazia. Indique uma DATA_DIR nova ou uma base de dados PostgreSQL nova (DATABASE_URL). Nada foi alterado.',
  restoreTargetAhead: (level: number, backupLevel: number) =>
    `A base de dados de destino já tem um esquema mais recente (nível ${level}) do que a cópia de segurança (nível ${backupLevel}): ` +
    'indique uma DATA_DIR nova ou uma base de dados PostgreSQL nova. Nada foi alterado.',
  restoreServerRunning: (dataDir: string) =>
    `Um servidor do Papelada (ou outro comando) está a usar ${dataDir}: o restauro só escreve numa base de dados vazia e parada. ` +
    'Pare-o, ou indique uma DATA_DIR nova. Nada foi alterado.',
  backupKeyElsewhere:
    'A chave de encriptação vem de ENCRYPTION_KEY e não está nesta cópia: guarde-a à parte, ' +
    'sem ela os NIF e emails encriptados da cópia não podem ser lidos.',
  rotateKeyStarted: (newId: string, oldId: string) =>
    `Nova chave de encriptação ${newId} guardada em encryption-key.json; a anterior (${oldId}) ` +
    'fica lá até todos os valores estarem re-encriptados.',
  rotateKeyResumed: (newId: string, oldId: string) =>
    `Rotação em curso retomada: da chave ${oldId} para a ${newId}.`,
  rotateKeyFromEnvironment: (newKey: string, newId: string, oldId: string) =>
    `A chave de encriptação vem de ENCRYPTION_KEY, que só o operador pode mudar. Nada foi alterado.\n` +
    `Chave nova gerada (${newId}; a atual é a ${oldId}):\n\n  ${newKey}\n\n` +
    '1. Em todos os servidores, e no ambiente deste comando, defina\n' +
    `     ENCRYPTION_KEY=${newKey}\n` +
    '     ENCRYPTION_KEY_PREVIOUS=<o valor atual de ENCRYPTION_KEY>\n' +
    '   e reinicie os servidores: passam a encriptar com a nova e ainda leem a antiga.\n' +
    '2. Corra de novo: npm run admin -- rotate-key (re-encripta tudo com a nova chave).\n' +
    '3. Quando terminar, retire ENCRYPTION_KEY_PREVIOUS e reinicie os servidores.',
  rotateKeyResealed: (done: { accounts: number; values: number; seconds: string }) =>
    `${done.values} valores re-encriptados em ${done.accounts} contas (${done.seconds} s).`,
  rotateKeyFileDone: (newId: string) =>
    `Rotação terminada: tudo está encriptado com a chave ${newId}, e a anterior foi retirada de encryption-key.json.`,
  rotateKeyEnvironmentDone: (newId: string) =>
    `Rotação terminada: tudo está encriptado com a chave ${newId}. Retire ENCRYPTION_KEY_PREVIOUS ` +
    'do ambiente dos servidores e reinicie-os.',
  rotateKeyLeftBehind: (count: number, oldId: string) =>
    `${count} valores continuam com a chave anterior ${oldId} (nenhuma chave os abre, ou foram escritos durante a rotação). ` +
    'A chave anterior fica guardada; corra rotate-key de novo.',
  rotateKeyUnknownKeys: (byKey: Array<[string, number]>) =>
    'Há valores encriptados com chaves que este servidor não tem, e que ficam ilegíveis ' +
    `('(encriptado)'): ${byKey.map(([id, n]) => `${n} com a chave ${id}`).join(', ')}. ` +
    'Se ainda tiver essa chave, defina-a como ENCRYPTION_KEY_PREVIOUS e corra rotate-key.',
  noAccounts: 'Ainda não existe nenhuma conta.',
  serverStopping: 'O servidor está a parar: tente de novo daqui a pouco.',
  busy: (dataDir: string) =>
    `A base de dados em ${dataDir} está a ser usada por outro comando de administração. Espere que termine e tente de novo.`,
  lockedByOther: (dataDir: string) =>
    `A base de dados em ${dataDir} está aberta por outro processo que não responde como servidor do Papelada. Pare-o e tente de novo.`,
  socketForbidden: (socketPath: string) =>
    `Sem permissão para usar ${socketPath}: corra o comando com o mesmo utilizador do servidor.`,
  noDatabase: (dir: string) =>
    `Não existe nenhuma base de dados em ${dir}. Inicie o servidor uma vez (npm start) ou indique DATA_DIR ou DATABASE_URL.`,
  cannotOpen: (detail: string) => `Não foi possível abrir a base de dados: ${detail}`,
  commandFailed: (detail: string) => `O comando falhou: ${detail}`,
  badRequest: 'Pedido de administração inválido.',
  usageError: (problem: string) => `${problem}\nVeja npm run admin -- help.`,
} as const;

export const STATUS_LABELS = {
  active: 'ativa',
  trialing: 'em período experimental',
  past_due: 'pagamento em atraso',
  canceled: 'cancelada',
} as const;
