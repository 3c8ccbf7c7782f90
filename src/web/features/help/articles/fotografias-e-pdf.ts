import { PLANS } from '#shared/plans.ts';
import type { HelpArticle } from '../help-content.ts';
import { HELP_TOPICS } from '../help-topics.ts';

const { free, professional, enterprise_500: enterprise } = PLANS;

export const fotografiasEPdf: HelpArticle = {
  slug: 'fotografias-e-pdf',
  title: HELP_TOPICS['fotografias-e-pdf'],
  summary:
    'Leia uma fatura a partir de uma fotografia ou de um PDF, e guarde as imagens de cada fatura para as ter sempre à mão.',
  keywords: [
    'foto',
    'imagem',
    'imagens',
    'galeria',
    'anexo',
    'papel',
    'digitalização',
    'OCR',
    'HEIC',
    'JPEG',
  ],
  blocks: [
    { kind: 'heading', text: 'Ler uma fatura a partir de uma fotografia ou PDF' },
    {
      kind: 'steps',
      items: [
        'Abra o [Scanner](/scanner) e, em **Fotografia ou PDF**, toque em **Escolher fotografia ou PDF**. No telemóvel pode tirar a fotografia nesse momento ou escolhê-la da galeria; no computador também pode arrastar o ficheiro para o quadro.',
        'Aceita JPEG, PNG, WebP, HEIC ou PDF, até 10 MB. Enquanto o ficheiro é enviado vê a percentagem e pode **Cancelar**.',
        'O Papelada procura primeiro o código QR da AT. Sem código QR, lê o texto do PDF ou, numa fotografia, reconhece o texto (OCR). Ao confirmar, vê de onde vieram os dados: **Lido de código QR**, **texto do PDF** ou **reconhecimento de texto (OCR)**.',
        'Confirme os campos (os lidos com pouca confiança estão assinalados) e toque em **Guardar Fatura**. O documento fica guardado como imagem da fatura.',
      ],
    },
    {
      kind: 'screenshot',
      image: 'scanner',
      alt: 'Ecrã do Scanner com o quadro «Fotografia ou PDF» e o botão «Escolher fotografia ou PDF».',
      caption: 'No Scanner: escolha uma fotografia ou um PDF, ou cole o texto do código QR.',
    },
    {
      kind: 'note',
      text: 'Para uma boa leitura: fotografe a fatura inteira, direita e com boa luz, sem reflexos sobre o código QR. Um PDF recebido por email lê-se melhor do que a fotografia do papel impresso.',
    },
    {
      kind: 'text',
      text: 'Se não for possível ler nada, toque em **Preencher à mão, com este documento**: escreve os dados e o documento fica na mesma como imagem da fatura. Um documento lido que não chega a ser guardado como fatura é apagado do servidor em menos de 24 horas.',
    },
    { kind: 'heading', text: 'Imagens de uma fatura' },
    {
      kind: 'list',
      items: [
        'No cartão da fatura, **Adicionar fotografia** junta uma imagem (carregada do dispositivo ou tirada com a câmara em **Tirar fotografia**); **Ver fotografia** mostra-a em tamanho grande.',
        'Ao abrir a fatura, o separador **Imagens** mostra todas as imagens. Em **Editar** pode juntar ou remover imagens; as novas ficam marcadas **Nova** até tocar em **Guardar Fatura**.',
        'As imagens juntas a uma fatura podem ser JPEG, PNG ou WebP, até 5 MB cada.',
      ],
    },
    {
      kind: 'table',
      caption: 'Imagens por fatura em cada plano',
      head: ['Plano', 'Imagens por fatura'],
      rows: [
        [free.name, String(free.imagesPerInvoice)],
        [professional.name, String(professional.imagesPerInvoice)],
        [`${enterprise.name} e ${PLANS.enterprise_1000.name}`, String(enterprise.imagesPerInvoice)],
      ],
    },
    {
      kind: 'text',
      text: 'Antes de guardar uma fotografia, o Papelada grava-a de novo: os metadados da câmara, como a localização GPS, não ficam guardados. As imagens só se abrem numa sessão da sua conta. Veja [Privacidade e segurança](/ajuda-tutoriais/privacidade-e-seguranca).',
    },
    { kind: 'action', label: 'Abrir o Scanner', to: '/scanner' },
  ],
  related: ['digitalizar-codigo-qr', 'planos', 'privacidade-e-seguranca'],
};
