// The words of /integracoes and /test-integracoes (pt-PT), in one place.

export const INTEGRATIONS_MESSAGES = {
  pageTitle: 'Integrações',
  lockedTitle: 'Integrações com Google Sheets e Excel',
  highlights: [
    'Um endereço secreto com as suas faturas em CSV',
    'O Google Sheets e o Excel atualizam a folha sozinhos',
    'Gere um novo endereço ou revogue-o quando quiser',
    'Uma página para testar o feed como uma folha o lê',
  ],
  intro:
    'Ligue as suas faturas a uma folha de cálculo: o Google Sheets e o Excel vão buscá-las a um endereço secreto e atualizam-se sozinhos.',
  loadFailed: 'Não foi possível carregar as integrações.',
  retry: 'Tentar novamente',

  feedTitle: 'Feed de faturas',
  feedDescription: 'Todas as faturas da conta, uma por linha, com as colunas da exportação CSV.',
  noFeed: 'Ainda não criou o endereço do feed.',
  create: 'Criar endereço secreto',
  creating: 'A criar...',
  activeSince: (date: string) => `Endereço ativo desde ${date}`,
  lastUsed: (date: string | null) =>
    date === null ? 'Ainda não foi lido por nenhuma folha.' : `Última leitura: ${date}`,
  hiddenNote:
    'Por segurança, o endereço só é mostrado quando é criado. Se o perdeu, gere um novo: o atual deixa de funcionar.',
  readOnlyNote: 'Só o titular da conta ou um administrador pode criar ou alterar o endereço.',
  rotate: 'Gerar novo endereço',
  revoke: 'Revogar',
  rotateTitle: 'Gerar um novo endereço?',
  rotateQuestion:
    'O endereço atual deixa de funcionar de imediato: as folhas que o usam têm de passar a usar o novo.',
  revokeTitle: 'Revogar o endereço?',
  revokeQuestion:
    'O endereço deixa de funcionar de imediato e as folhas que o usam deixam de ser atualizadas.',
  cancel: 'Cancelar',
  confirmRotate: 'Gerar novo',
  confirmRevoke: 'Revogar',
  working: 'Aguarde...',
  created: 'Endereço criado',
  rotated: 'Novo endereço gerado',
  revoked: 'Endereço revogado',
  createFailed: 'Não foi possível criar o endereço.',
  rotateFailed: 'Não foi possível gerar um novo endereço.',
  revokeFailed: 'Não foi possível revogar o endereço.',

  revealedTitle: 'Copie o endereço agora',
  revealedNote:
    'Só é mostrado desta vez. Quem tiver este endereço pode ler as suas faturas: não o partilhe.',
  sheetsTitle: 'Google Sheets',
  sheetsSteps: 'Cole esta fórmula na célula A1 de uma folha nova:',
  sheetsLocaleTip:
    'Numa folha com a região Portugal, se os valores aparecerem como texto, use esta:',
  excelTitle: 'Excel',
  excelSteps:
    'Em Dados › Obter Dados › Da Web, cole este endereço e escolha Carregar. Nas propriedades da consulta pode pedir que se atualize a cada 60 minutos.',
  copy: 'Copiar',
  copied: 'Copiado',
  copyFailed: 'Não foi possível copiar: selecione o texto e copie-o.',
  testFeed: 'Testar o feed',

  howTitle: 'Como funciona',
  howItems: [
    'O Google Sheets recebe os valores separados por vírgulas, com ponto decimal e datas AAAA-MM-DD.',
    'O Excel recebe o CSV português: ponto e vírgula, vírgula decimal e datas DD/MM/AAAA.',
    'O feed responde no máximo 30 vezes em 5 minutos, e as folhas guardam-no 1 minuto.',
    'Ao mudar para um plano sem integrações, o feed deixa de responder.',
  ],
} as const;

export const TEST_INTEGRATIONS_MESSAGES = {
  pageTitle: 'Testar integrações',
  intro:
    'Esta página lê o feed como uma folha de cálculo o lê: sem sessão, só com o endereço. Mostra a resposta, as colunas e as primeiras linhas.',
  urlLabel: 'Endereço do feed',
  urlHint: 'O endereço do Google Sheets ou do Excel que copiou em Integrações.',
  urlInvalid: (origin: string) => `O endereço deve começar por ${origin}/api/feed/`,
  noUrlYet: 'Ainda não tem um endereço? Crie-o em Integrações.',
  goToIntegrations: 'Ir para Integrações',
  read: 'Ler o feed',
  reading: 'A ler...',
  readFailed: 'Não foi possível ler o feed.',
  answer: 'Resposta',
  status: 'Estado HTTP',
  contentType: 'Tipo de conteúdo',
  cacheControl: 'Cache',
  etag: 'ETag',
  separator: 'Separador',
  separators: { ',': 'vírgula (,)', ';': 'ponto e vírgula (;)' },
  columns: (count: number) => `Colunas (${count})`,
  firstRows: (count: number) => (count === 1 ? 'A primeira linha' : `As primeiras ${count} linhas`),
  noRows: 'O feed ainda não tem faturas: só as colunas.',
} as const;
