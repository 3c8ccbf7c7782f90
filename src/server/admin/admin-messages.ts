// Every line the admin CLI prints, in pt-PT like the rest of the app (STYLE.md "Names").
import { PLAN_IDS, PLANS, type PlanId } from '#shared/plans.ts';

const planList = PLAN_IDS.map((id) => `${id} (${PLANS[id].name})`).join(', ');

export const ADMIN_MESSAGES = {
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
