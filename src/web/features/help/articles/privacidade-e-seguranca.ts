import type { HelpArticle } from '../help-content.ts';
import { HELP_TOPICS } from '../help-topics.ts';

export const privacidadeESeguranca: HelpArticle = {
  slug: 'privacidade-e-seguranca',
  title: HELP_TOPICS['privacidade-e-seguranca'],
  summary:
    'Como o Papelada protege a sua conta e as suas faturas, o que pode ver e controlar, e como descarregar ou apagar os seus dados.',
  keywords: [
    'privacidade',
    'segurança',
    'RGPD',
    'dados pessoais',
    'senha',
    'palavra-passe',
    'sessão',
    'apagar conta',
    'eliminar conta',
    'ocultar valores',
    'localização',
    'GPS',
  ],
  blocks: [
    { kind: 'heading', text: 'O que fazemos para proteger os seus dados' },
    {
      kind: 'list',
      items: [
        'A palavra-passe e os PIN são guardados apenas como hash irreversível: ninguém, nem nós, os consegue ler.',
        'As tentativas de entrada, de recuperação da palavra-passe e de PIN são limitadas no servidor, por conta e por endereço.',
        'Cada conta só vê os seus dados: todos os pedidos são verificados no servidor, incluindo os direitos de cada perfil da equipa.',
        'As fotografias são gravadas de novo antes de serem guardadas, sem os metadados da câmara (como a localização GPS). Os ficheiros só se abrem numa sessão da sua conta, por ligações que expiram ao fim de uma hora.',
        'Os ficheiros enviados são verificados pelo conteúdo e pelo tamanho; um PDF com código ativo (JavaScript) é recusado.',
        'As faturas são lidas no nosso servidor e o código QR pela câmara é lido no próprio dispositivo, sem serviços externos. Um documento lido que não chega a ser guardado é apagado em menos de 24 horas.',
        'O Papelada nunca lhe pede a senha do Portal das Finanças: a importação do e-Fatura usa o ficheiro que exporta de lá.',
      ],
    },
    { kind: 'heading', text: 'O que pode ver e controlar' },
    {
      kind: 'list',
      items: [
        'O olho no cabeçalho (**Ocultar valores**), na lista de faturas e em Entidades, esconde os valores no ecrã — útil num espaço público. A escolha fica guardada neste dispositivo. No Resumo, desligue **Mostrar valores**.',
        'Em [Configurações](/configuracoes): **Eventos de segurança** mostra as tentativas de acesso falhadas, os PIN errados e os ficheiros recusados dos últimos 7 dias; **Histórico de emails** mostra os emails que a conta enviou; **Alterar senha** muda a palavra-passe (pelo menos 8 carateres, com letras e números).',
        'Num dispositivo partilhado, termine a sessão em **Sair**, no menu do perfil. Com a gestão de equipa ligada, cada pessoa entra com o seu PIN — veja [Equipas, perfis e PIN](/ajuda-tutoriais/equipas-e-pins).',
      ],
    },
    { kind: 'heading', text: 'Os seus dados' },
    {
      kind: 'list',
      items: [
        'Em [O meu perfil](/meu-perfil), **Descarregar os meus dados (ZIP)** dá-lhe tudo o que guardamos sobre a conta: um ficheiro JSON com as faturas, os fornecedores, as categorias, as vendas e as definições, e as imagens das faturas.',
        '**Eliminar conta**, no mesmo ecrã, apaga a conta e tudo o que contém, e cancela uma subscrição paga. Não é possível desfazer: descarregue primeiro os seus dados. Para confirmar, escreve o email da conta.',
        'Só o titular da conta pode descarregar ou eliminar os dados da conta.',
      ],
    },
    {
      kind: 'note',
      text: 'A lei pode obrigá-lo a guardar as suas faturas durante vários anos (no caso das empresas, em regra 10 anos). Exporte os seus dados antes de apagar faturas ou a conta.',
    },
    {
      kind: 'text',
      text: 'Os pormenores — que dados tratamos, com que fundamento, durante quanto tempo e os seus direitos — estão na [Política de Privacidade](/politica-privacidade) e nos [Termos de Serviço](/termos-servico).',
    },
    { kind: 'action', label: 'Abrir as Configurações', to: '/configuracoes' },
  ],
  related: ['equipas-e-pins', 'exportacoes-e-efatura', 'fotografias-e-pdf'],
};
