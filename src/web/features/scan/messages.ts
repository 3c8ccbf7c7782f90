// Every pt-PT string of /scanner and /test-scanner in one place. The camera toast and the
// save toast are the spec's (invoice-work §8, issue 4 contract); the duplicate wording is
// the one /nova-fatura shows for the server's 409; the rest are ours.
export const SCAN_MESSAGES = {
  pageTitle: 'Scanner',
  intro:
    'Aponte a câmara para o código QR da fatura, escolha uma fotografia ou um PDF, ou cole o texto do código.',
  cameraNoAccess: 'Sem acesso à câmara. Verifique as permissões.',
  cameraStarting: 'A ligar a câmara...',
  cameraHint: 'Aponte para o código QR da fatura',
  cameraPaused: 'Câmara em pausa',
  cameraUnavailable: 'Câmara indisponível',
  cameraUnavailableHint: 'Pode escolher uma fotografia ou um PDF, ou colar o texto do código QR.',
  cameraRetry: 'Tentar novamente',
  cameraLabel: 'Pré-visualização da câmara',
  torchOn: 'Ligar a lanterna',
  torchOff: 'Desligar a lanterna',
  notAtQr: 'Este código QR não é de uma fatura portuguesa.',
  invalidAtQr: 'Código QR da fatura com erros:',
  decoderFailed: 'Não foi possível iniciar a leitura de códigos QR neste navegador.',
  fileTitle: 'Fotografia ou PDF',
  fileHint: 'JPEG, PNG, WebP, HEIC ou PDF, até 10 MB.',
  fileChoose: 'Escolher fotografia ou PDF',
  fileDrop: 'ou arraste o ficheiro para aqui',
  uploading: (percent: number) => `A enviar... ${percent}%`,
  reading: 'A ler a fatura...',
  cancel: 'Cancelar',
  uploadFailed: 'Erro ao ler o ficheiro. Tente novamente.',
  typeByHand: 'Preencher à mão, com este documento',
  pasteTitle: 'Colar o texto do código QR',
  pasteLabel: 'Texto do código QR',
  pastePlaceholder: 'A:123456789*B:999999990*C:PT*D:FT*…',
  pasteSubmit: 'Ler texto',
  pasteEmpty: 'Cole o texto do código QR.',
  reviewTitle: 'Confirmar a fatura',
  reviewIntro: 'Confirme os dados lidos e complete o que faltar antes de guardar.',
  scanAgain: 'Ler outra fatura',
  sourceLabel: 'Lido de',
  sources: {
    qr: 'código QR',
    'pdf-text': 'texto do PDF',
    ocr: 'reconhecimento de texto (OCR)',
  },
  manualIntro:
    'Não foi possível ler os dados. Preencha-os à mão; o documento fica guardado como fotografia da fatura.',
  warningsTitle: 'Avisos da leitura',
  uncertainTitle: 'Confirme estes campos, lidos com pouca confiança:',
  /** Under each of those fields, beside its amber outline. */
  checkValue: 'Confirme este valor',
  otherDocumentType: (type: string) =>
    `O documento lido é do tipo «${type}». Escolha o tipo de documento correto.`,
  duplicate: 'Esta fatura já está registada.',
  viewExisting: 'Ver a fatura registada',
  saved: 'Fatura guardada com sucesso',
  vatBreakdownTitle: 'IVA por região e taxa (do código QR)',
  vatBreakdownLine: 'Região e taxa',
  vatBreakdownBase: 'Base',
  vatBreakdownVat: 'IVA',
  vatBreakdownDropped:
    'O IVA foi alterado e já não corresponde ao código QR: a fatura é guardada sem o IVA por taxa.',
} as const;

/** The fields a reading gives a confidence for, named for the "little confidence" list. */
export const SCAN_FIELD_LABELS = {
  issuerNif: 'NIF do fornecedor',
  supplierName: 'Nome do fornecedor',
  documentType: 'Tipo de documento',
  documentNumber: 'Número da fatura',
  issueDate: 'Data de emissão',
  total: 'Total',
  vat: 'IVA',
  atcud: 'ATCUD',
} as const;
export type ScanField = keyof typeof SCAN_FIELD_LABELS;

export const TEST_SCANNER_MESSAGES = {
  pageTitle: 'Teste do scanner',
  intro:
    'Para suporte: lê um ficheiro ou a câmara e mostra o conteúdo do código QR, os campos, os avisos e os tempos.',
  fileTitle: 'Ficheiro',
  fileHint: 'Imagens são lidas neste navegador; PDFs são lidos no servidor.',
  fileChoose: 'Escolher ficheiro',
  cameraTitle: 'Câmara',
  cameraStart: 'Ligar a câmara',
  cameraStop: 'Desligar a câmara',
  resultTitle: 'Resultado',
  noResult: 'Ainda nada lido.',
  nothingFound: 'Nenhum código QR encontrado.',
  raw: 'Conteúdo do código QR',
  fields: 'Campos',
  warnings: 'Avisos',
  noWarnings: 'Sem avisos',
  errors: 'Erros',
  timings: 'Tempos',
  where: { browser: 'navegador', server: 'servidor' },
  decodeMs: 'Leitura do código',
  parseMs: 'Validação',
  totalMs: 'Total',
  serverMs: 'No servidor',
  reads: (n: number) => (n === 1 ? '1 leitura' : `${n} leituras`),
} as const;
