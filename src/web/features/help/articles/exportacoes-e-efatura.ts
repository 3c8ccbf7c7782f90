import { PLANS } from '#shared/plans.ts';
import type { HelpArticle } from '../help-content.ts';
import { HELP_TOPICS } from '../help-topics.ts';

const enterprise = `${PLANS.enterprise_500.name} e ${PLANS.enterprise_1000.name}`;

export const exportacoesEEfatura: HelpArticle = {
  slug: 'exportacoes-e-efatura',
  title: HELP_TOPICS['exportacoes-e-efatura'],
  summary:
    'Traga as faturas do Portal das Finanças com o ficheiro CSV do e-Fatura, e leve as suas faturas para Excel, CSV ou uma folha de cálculo que se atualiza sozinha.',
  keywords: [
    'exportar',
    'exportação',
    'importar',
    'Excel',
    'xlsx',
    'CSV',
    'folha de cálculo',
    'Portal das Finanças',
    'AT',
    'Google Sheets',
    'contabilidade',
    'descarregar',
  ],
  blocks: [
    { kind: 'heading', text: 'Importar do e-Fatura' },
    {
      kind: 'text',
      text: 'O e-Fatura (Portal das Finanças) lista as faturas que os fornecedores comunicaram à AT com o seu NIF. O Papelada lê a lista que exporta de lá; nunca lhe pede a senha do Portal das Finanças.',
    },
    {
      kind: 'steps',
      items: [
        'No e-Fatura, consulte as faturas em que é adquirente, escolha o período e exporte a lista em CSV.',
        'No Papelada, na [lista de faturas](/), toque em **Importar do e-Fatura** e escolha o ficheiro (ou arraste-o para o quadro). Aceita o ficheiro .csv do e-Fatura, até 4 MB.',
        'Veja o que vai acontecer a cada linha, em três separadores: **A criar**, **Ignoradas** (já estão no Papelada) e **Recusadas** (com o motivo de cada uma). Os fornecedores novos vêm marcados **Novo fornecedor**.',
        'Se já pagou tudo, marque **Guardar todas como pagas**. As faturas-recibo e as faturas simplificadas ficam sempre pagas; as restantes vencem na data de emissão.',
        'Toque em **Importar** (o botão diz quantas faturas vai criar). No fim vê **Importação concluída** e pode **Ver faturas**.',
      ],
    },
    {
      kind: 'screenshot',
      image: 'importar-efatura',
      alt: 'Ecrã «Importar do e-Fatura» com o período do ficheiro e os separadores A criar, Ignoradas e Recusadas.',
      caption: 'Antes de importar: o que vai ser criado, o que já lá está e o que foi recusado.',
    },
    {
      kind: 'list',
      items: [
        'As faturas importadas contam para o limite mensal do plano. As que passarem o limite ficam por importar: pode importar o mesmo ficheiro mais tarde, e as que já estiverem no Papelada são ignoradas.',
        'Em **No Papelada, mas não no e-Fatura** vê as faturas desse período que registou mas que o fornecedor não comunicou à AT. Peça-lhe que as comunique, para contarem nas suas deduções.',
        'O ficheiro do e-Fatura tem apenas o IVA total de cada fatura: as faturas importadas não entram na tabela do IVA por região e taxa do Resumo.',
      ],
    },
    { kind: 'heading', text: 'Exportar para Excel ou CSV' },
    {
      kind: 'text',
      text: 'O botão **Exportar**, na lista de faturas e no ecrã das faturas de um fornecedor, descarrega as faturas que a lista está a mostrar: o período, os filtros por estado, **Urgentes** e a pesquisa contam.',
    },
    {
      kind: 'list',
      items: [
        '**Excel (.xlsx)**: uma folha com as faturas, valores em euros e uma linha de totais, e folhas com os totais por fornecedor e por categoria.',
        '**CSV**: separado por ponto e vírgula, com vírgula decimal e datas dd/mm/aaaa, para abrir no Excel em português.',
      ],
    },
    {
      kind: 'text',
      text: `As exportações estão nos planos ${enterprise}, para o titular da conta e os perfis com a função Administrador. Nos outros planos o botão aparece com a marca **Premium** e a ligação para mudar de plano.`,
    },
    { kind: 'heading', text: 'Uma folha de cálculo sempre atualizada' },
    {
      kind: 'text',
      text: `Em [Integrações](/integracoes) (planos ${enterprise}), **Criar endereço secreto** dá-lhe um endereço com todas as faturas da conta em CSV. O Google Sheets e o Excel vão buscá-las a esse endereço e atualizam a folha sozinhos. Por segurança, o endereço só é mostrado quando é criado; se o perder, use **Gerar novo endereço** (o anterior deixa de funcionar) ou **Revogar**.`,
    },
    {
      kind: 'note',
      text: 'Quer uma cópia de tudo? Em [O meu perfil](/meu-perfil), **Descarregar os meus dados (ZIP)** junta num ficheiro todos os registos da conta e as imagens das faturas. Está disponível em todos os planos, para o titular da conta.',
    },
    { kind: 'action', label: 'Importar do e-Fatura', to: '/importar-efatura' },
  ],
  related: ['resumo-e-iva', 'planos', 'privacidade-e-seguranca'],
};
