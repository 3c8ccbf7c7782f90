import { VAT_RATE_BAND_LABELS, VAT_REGION_LABELS } from '#shared/vat-breakdown.ts';
import type { HelpArticle } from '../help-content.ts';
import { HELP_TOPICS } from '../help-topics.ts';

const regions = Object.values(VAT_REGION_LABELS).join(', ');
const bands = Object.values(VAT_RATE_BAND_LABELS).join(', ');

export const resumoEIva: HelpArticle = {
  slug: 'resumo-e-iva',
  title: HELP_TOPICS['resumo-e-iva'],
  summary:
    'O Resumo mostra o mês em números: quanto gastou, com quem, em que categorias, o estado dos pagamentos e o IVA dedutível por região e taxa.',
  keywords: [
    'resumo',
    'mensal',
    'IVA dedutível',
    'imposto',
    'declaração periódica',
    'trimestre',
    'gráficos',
    'relatório',
    'contabilista',
    'taxas',
  ],
  blocks: [
    {
      kind: 'text',
      text: 'Abra o [Resumo](/resumo) na barra de baixo e escolha o **Mês** e o **Ano** em **Período**. Contam as faturas com data de emissão nesse mês, pagas ou não; as notas de crédito descontam.',
    },
    {
      kind: 'screenshot',
      image: 'resumo',
      alt: 'Ecrã Resumo num telemóvel com os cartões Total Gasto, Média Mensal, Total de Faturas e IVA Dedutível.',
      caption: 'Os quatro cartões do mês e o estado dos pagamentos.',
    },
    { kind: 'heading', text: 'Os cartões do mês' },
    {
      kind: 'list',
      items: [
        '**Total Gasto**: a soma das faturas do mês. No **i** vê quanto foi gasto com o seu NIF (**Com o seu NIF**) e com outro NIF ou sem NIF — para isso indique o seu NIF em [O meu perfil](/meu-perfil).',
        '**Média Mensal**: o valor médio por fatura.',
        '**Total de Faturas**: quantos documentos, notas de crédito incluídas.',
        '**IVA Dedutível**: o IVA das faturas do mês. Nos planos Empresarial, com as vendas registadas em CMV, o **i** mostra também o **IVA Cobrado** e o **Saldo IVA** (o cobrado menos o dedutível).',
      ],
    },
    {
      kind: 'text',
      text: 'Por baixo: **Estado dos pagamentos** (pagas, pendentes e vencidas, em valor e percentagem) e os gráficos **Evolução Mensal** (gasto por dia), **Gastos por Entidade**, **Fluxo de Caixa** (despesas e receitas) e **Gastos por Categoria**.',
    },
    { kind: 'heading', text: 'IVA dedutível por região e taxa' },
    {
      kind: 'text',
      text: `A tabela **IVA dedutível por região e taxa** mostra, para o mês e para o trimestre a que pertence, a base tributável e o IVA de cada região (${regions}) e de cada taxa (${bands}), com o total. São os valores a transpor para a declaração periódica do IVA; as notas de crédito já estão subtraídas.`,
    },
    {
      kind: 'screenshot',
      image: 'resumo-iva',
      alt: 'Tabela «IVA dedutível por região e taxa» com linhas do Continente e da Madeira por taxa, base tributável e IVA.',
      caption: 'O IVA do mês e do trimestre, por região e por taxa.',
    },
    {
      kind: 'text',
      text: 'A divisão por região e taxa vem do código QR da fatura (campos I, J e K). Só as faturas lidas do código QR entram na tabela: as escritas à mão ou lidas por OCR têm apenas o IVA total, e a tabela diz quantas ficaram de fora (por exemplo, «1 fatura deste período não tem o IVA por taxa»). Para ter a tabela completa, leia as faturas pelo código QR no [Scanner](/scanner).',
    },
    {
      kind: 'text',
      text: 'As taxas são as do código QR: reduzida, intermédia e normal (no Continente, 6 %, 13 % e 23 %); nas regiões autónomas as taxas são mais baixas. Isento é a base sem IVA.',
    },
    {
      kind: 'note',
      text: 'O Papelada soma o IVA das faturas que registou. O que pode de facto deduzir depende da sua atividade e do seu regime de IVA (um particular, em regra, não deduz IVA): confirme com o seu contabilista.',
    },
    {
      kind: 'text',
      text: 'Para mostrar o ecrã a alguém sem mostrar os valores, desligue **Mostrar valores**. O resumo é calculado no nosso servidor apenas com os dados da sua conta. Um perfil com a função Utilizador não tem acesso ao Resumo.',
    },
    { kind: 'action', label: 'Abrir o Resumo', to: '/resumo' },
  ],
  related: ['digitalizar-codigo-qr', 'exportacoes-e-efatura', 'fornecedores-e-limites'],
};
