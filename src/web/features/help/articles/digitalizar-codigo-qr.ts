import type { HelpArticle } from '../help-content.ts';
import { HELP_TOPICS } from '../help-topics.ts';

export const digitalizarCodigoQr: HelpArticle = {
  slug: 'digitalizar-codigo-qr',
  title: HELP_TOPICS['digitalizar-codigo-qr'],
  summary:
    'Aponte a câmara ao código QR da fatura: o NIF, a data, o número, o ATCUD, os valores e o IVA por taxa ficam preenchidos. Confirme e guarde.',
  keywords: [
    'scanner',
    'câmara',
    'ler',
    'leitura',
    'QR code',
    'ATCUD',
    'AT',
    'Finanças',
    'Portaria 195/2020',
    'NIF',
  ],
  blocks: [
    {
      kind: 'text',
      text: 'Desde 2021, as faturas emitidas por programas certificados trazem um código QR definido pela Autoridade Tributária (Portaria n.º 195/2020). O código guarda os dados fiscais da fatura num texto curto; o Papelada lê esse texto e preenche a fatura por si.',
    },
    { kind: 'heading', text: 'Ler o código com a câmara' },
    {
      kind: 'steps',
      items: [
        'Toque em **Scanner** na barra de baixo (ou abra o [Scanner](/scanner)) e autorize o acesso à câmara.',
        'Aponte a câmara ao código QR da fatura, com o código inteiro dentro da imagem. Com pouca luz, toque em **Ligar a lanterna**.',
        'Quando o código é lido abre-se **Confirmar a fatura**, com os campos preenchidos e a indicação **Lido de código QR**.',
        'O código QR não traz o nome do fornecedor: escreva-o (nos planos pagos, um fornecedor que já tem nas entidades é preenchido sozinho).',
        'Reveja os valores e o estado do pagamento e toque em **Guardar Fatura**. Para ler outra, toque em **Ler outra fatura**.',
      ],
    },
    {
      kind: 'screenshot',
      image: 'confirmar-fatura',
      alt: 'Ecrã «Confirmar a fatura» com a indicação «Lido de código QR» e os campos do fornecedor e do documento preenchidos.',
      caption: 'Depois da leitura: os dados do código QR no formulário, prontos a confirmar.',
    },
    {
      kind: 'text',
      text: 'A câmara lê o código no próprio telemóvel, sem enviar a imagem. Se a câmara não estiver disponível, use **Escolher fotografia ou PDF** ou abra **Colar o texto do código QR**, cole o texto lido por outra aplicação e toque em **Ler texto**.',
    },
    {
      kind: 'list',
      items: [
        'As faturas-recibo (FR) e as faturas simplificadas (FS) são propostas como **Paga**; as restantes como **Pendente**, a vencer na data de emissão até indicar outra data de vencimento.',
        'Um campo lido com pouca confiança fica com contorno amarelo e a nota **Confirme este valor**.',
        'Se a fatura já estiver registada, aparece **Esta fatura já está registada.** com a ligação **Ver a fatura registada**: não se cria uma segunda.',
        'O NIF do fornecedor é verificado pelo dígito de controlo. O NIF 999999990 («consumidor final») não fica registado como adquirente.',
      ],
    },
    { kind: 'heading', text: 'O que o código QR da AT guarda' },
    {
      kind: 'text',
      text: 'O texto é uma sequência de campos separados por asteriscos, cada um com uma letra: por exemplo «A:509442013*B:999999990*C:PT*D:FT…». Os principais:',
    },
    {
      kind: 'table',
      caption: 'Campos do código QR da AT',
      head: ['Campo', 'O que é'],
      rows: [
        ['A', 'NIF do emitente (o fornecedor), sem o prefixo PT'],
        ['B', 'NIF do adquirente (999999990 quando é consumidor final)'],
        ['C', 'País do adquirente'],
        [
          'D',
          'Tipo de documento: FT fatura, FS fatura simplificada, FR fatura-recibo, NC nota de crédito, ND nota de débito',
        ],
        ['E', 'Estado do documento (N normal, A anulado…)'],
        ['F', 'Data do documento'],
        ['G', 'Identificação do documento, por exemplo FT AB2019/0035'],
        ['H', 'ATCUD'],
        [
          'I, J, K',
          'IVA por espaço fiscal (Continente PT, Açores PT-AC, Madeira PT-MA): base isenta e base e IVA às taxas reduzida, intermédia e normal',
        ],
        ['L, M', 'Valor não sujeito a IVA e imposto do selo'],
        ['N, O', 'Total de impostos e total do documento com impostos'],
        ['P', 'Retenção na fonte'],
        ['Q, R', 'Quatro carateres da assinatura do documento e número do certificado do programa'],
        ['S', 'Outras informações, por exemplo o IBAN ou a referência Multibanco'],
      ],
    },
    { kind: 'heading', text: 'O ATCUD' },
    {
      kind: 'text',
      text: 'O ATCUD (código único do documento) é impresso imediatamente acima do código QR, na forma **ATCUD:CÓDIGO-NÚMERO**. A primeira parte é o código de validação que a AT atribuiu à série de faturas do fornecedor (com pelo menos 8 carateres); a segunda é o número do documento dentro da série. Por exemplo, a fatura FT AB2019/0035 de uma série com o código CSDF7T5H tem o ATCUD CSDF7T5H-0035.',
    },
    {
      kind: 'text',
      text: 'O Papelada guarda o ATCUD com a fatura e usa-o, com o NIF do fornecedor, para reconhecer uma fatura que já registou. Em documentos mais antigos o ATCUD pode ser «0»: é aceite na mesma.',
    },
    {
      kind: 'note',
      text: 'O IVA por região e taxa lido do código QR fica guardado com a fatura e aparece no [Resumo](/resumo). Se alterar o valor do IVA no formulário, o Papelada avisa que a fatura será guardada sem essa discriminação. Veja [O resumo do mês e o IVA](/ajuda-tutoriais/resumo-e-iva).',
    },
    { kind: 'action', label: 'Abrir o Scanner', to: '/scanner' },
  ],
  related: ['fotografias-e-pdf', 'resumo-e-iva', 'pagamentos-e-faturas-vencidas'],
};
