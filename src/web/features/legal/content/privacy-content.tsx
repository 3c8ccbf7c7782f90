import { Link } from '@tanstack/react-router';
import type { LegalSection } from '../components/legal-document.tsx';

export const PRIVACY_UPDATED_ON = '21 de novembro de 2026';

const dpoEmail = <a href="mailto:privacidade@papelada.pt">privacidade@papelada.pt</a>;

export const privacySummary = (
  <p>
    Esta política explica que dados pessoais a Papelada trata, porquê, durante quanto tempo, com
    quem os partilha e como pode exercer os seus direitos, nos termos do Regulamento Geral sobre a
    Proteção de Dados (RGPD — Regulamento (UE) 2016/679) e da Lei n.º 58/2019. Em resumo: tratamos
    apenas o necessário para prestar o serviço, não vendemos dados e não usamos cookies de
    publicidade nem de análise.
  </p>
);

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'responsavel',
    title: 'Quem é responsável pelos seus dados',
    body: (
      <>
        <p>
          A Papelada é a responsável pelo tratamento dos dados da sua conta e da utilização do
          serviço. Para qualquer assunto de privacidade, incluindo o exercício dos seus direitos,
          escreva para {dpoEmail}.
        </p>
        <p>
          Quando uma empresa usa a Papelada para organizar as faturas da sua atividade, é essa
          empresa a responsável pelos dados de terceiros que constam das faturas (por exemplo, o
          nome e o NIF de um fornecedor empresário em nome individual). Nesse caso a Papelada atua
          como subcontratante, nos termos do artigo 28.º do RGPD, e trata esses dados apenas para
          prestar o serviço, segundo as instruções do cliente dadas através da aplicação.
        </p>
      </>
    ),
  },
  {
    id: 'dados',
    title: 'Que dados tratamos',
    body: (
      <>
        <h3>Dados da conta</h3>
        <p>
          Nome ou denominação, e-mail, tipo de conta (particular ou empresa), NIF (opcional para
          particulares), telefone (opcional), plano, preferências, e a palavra-passe e os PIN,
          guardados apenas como hash irreversível. Nas contas com equipa, o nome, a função e o PIN
          (em hash) de cada perfil.
        </p>
        <h3>Dados das faturas</h3>
        <p>
          O conteúdo das faturas que regista: NIF do emitente e do adquirente, nome do fornecedor,
          número, data, ATCUD, valores, IVA por taxa, tipo de documento, datas de vencimento e de
          pagamento, método de pagamento, categoria, observações, limites de despesa e os dados do
          código QR. Também os fornecedores, as categorias, as vendas e os objetivos de poupança que
          criar.
        </p>
        <h3>Fotografias e PDF</h3>
        <p>
          As imagens e os PDF das faturas que carregar. As fotografias são gravadas de novo antes de
          serem guardadas, o que elimina os metadados da câmara, como a localização GPS.
        </p>
        <h3>Dados de pagamento</h3>
        <p>
          Se subscrever um plano pago, o pagamento é processado pelo nosso processador de
          pagamentos. Recebemos apenas o estado da subscrição, o plano, as datas e os
          identificadores de cliente e de subscrição. Nunca recebemos nem guardamos o número
          completo do cartão.
        </p>
        <h3>Registos técnicos</h3>
        <p>
          Endereço IP, data e hora, tipo de navegador, páginas e pedidos ao servidor, erros e
          tentativas de entrada (com êxito ou não). Se ativar as notificações, guardamos o endereço
          de subscrição que o seu navegador nos fornece para as entregar.
        </p>
        <h3>Comunicações</h3>
        <p>
          Os e-mails que enviamos (verificação de conta, recuperação de palavra-passe ou de PIN,
          avisos) e os que envia a fornecedores a partir da aplicação, com o respetivo histórico de
          envio, bem como as mensagens que nos escrever.
        </p>
      </>
    ),
  },
  {
    id: 'finalidades',
    title: 'Para que usamos os dados e com que fundamento',
    body: (
      <>
        <p>Cada tratamento tem um fundamento de licitude do artigo 6.º, n.º 1, do RGPD:</p>
        <ul>
          <li>
            <strong>Prestar o serviço</strong> — criar e gerir a conta, ler e guardar faturas,
            calcular resumos, gerir equipas, enviar os e-mails do serviço: execução do contrato
            (alínea b)).
          </li>
          <li>
            <strong>Cobrar os planos pagos</strong> — execução do contrato (alínea b)) e cumprimento
            de obrigações legais fiscais e contabilísticas (alínea c)).
          </li>
          <li>
            <strong>Segurança</strong> — proteger contas, limitar tentativas de acesso, detetar
            abusos e corrigir erros com base nos registos técnicos: interesse legítimo em manter o
            serviço seguro e a funcionar (alínea f)).
          </li>
          <li>
            <strong>Notificações no dispositivo</strong> — consentimento (alínea a)), que dá ao
            ativá-las e pode retirar a qualquer momento nas definições.
          </li>
          <li>
            <strong>Responder a pedidos e cumprir a lei</strong> — responder às suas mensagens e a
            pedidos legítimos das autoridades: execução do contrato, interesse legítimo ou obrigação
            legal (alíneas b), f) e c)), consoante o caso.
          </li>
        </ul>
        <p>
          Não usamos os seus dados para publicidade, não os vendemos e não criamos perfis para fins
          de marketing. A leitura automática das faturas (QR e OCR) extrai dados para os propor no
          formulário; não há decisões automatizadas com efeitos jurídicos ou significativos sobre si
          (artigo 22.º do RGPD).
        </p>
      </>
    ),
  },
  {
    id: 'conservacao',
    title: 'Durante quanto tempo guardamos os dados',
    body: (
      <ul>
        <li>
          <strong>Conta e faturas</strong> — enquanto a conta estiver ativa. É o utilizador que
          decide que faturas mantém e quando as apaga. Depois de apagar a conta, os dados são
          eliminados no prazo de 30 dias.
        </li>
        <li>
          <strong>Obrigações fiscais do utilizador</strong> — a lei pode obrigá-lo a conservar as
          suas faturas durante vários anos (para as empresas, em regra, 10 anos). Essa obrigação é
          sua: exporte os seus dados antes de apagar faturas ou a conta.
        </li>
        <li>
          <strong>Faturação dos planos</strong> — os documentos de cobrança da sua subscrição são
          guardados durante o prazo legal de conservação de documentos contabilísticos (10 anos).
        </li>
        <li>
          <strong>Registos técnicos</strong> — até 90 dias, salvo se forem necessários por mais
          tempo para investigar um incidente de segurança concreto.
        </li>
        <li>
          <strong>Mensagens de apoio</strong> — até 2 anos após o último contacto.
        </li>
      </ul>
    ),
  },
  {
    id: 'partilha',
    title: 'Com quem partilhamos os dados',
    body: (
      <>
        <p>
          Recorremos a prestadores de serviços (subcontratantes) que tratam dados apenas por nossa
          conta, ao abrigo de contratos que cumprem o artigo 28.º do RGPD:
        </p>
        <ul>
          <li>
            <strong>Alojamento e armazenamento</strong> — os servidores, a base de dados e os
            ficheiros do serviço;
          </li>
          <li>
            <strong>Envio de e-mail</strong> — para entregar os e-mails do serviço;
          </li>
          <li>
            <strong>Pagamentos</strong> — apenas se subscrever um plano pago, o processador de
            pagamentos trata os dados do cartão e da cobrança;
          </li>
          <li>
            <strong>Notificações</strong> — apenas se as ativar, o serviço de notificações do seu
            navegador entrega as mensagens, que seguem cifradas.
          </li>
        </ul>
        <p>
          Se escolher entrar com uma conta Google, quando essa opção estiver disponível, a Google
          partilha connosco o seu nome e e-mail, segundo as regras de privacidade dela. Só
          divulgamos dados a autoridades quando a lei o exija. Os membros da sua equipa veem os
          dados que as permissões que lhes atribuir permitirem.
        </p>
      </>
    ),
  },
  {
    id: 'transferencias',
    title: 'Transferências internacionais',
    body: (
      <p>
        Damos preferência a prestadores que tratam os dados no Espaço Económico Europeu. Quando um
        prestador tratar dados fora do EEE, a transferência só acontece para países com decisão de
        adequação da Comissão Europeia (artigo 45.º do RGPD) ou com garantias adequadas, como as
        cláusulas contratuais-tipo aprovadas pela Comissão (artigo 46.º). Pode pedir-nos uma cópia
        dessas garantias através de {dpoEmail}.
      </p>
    ),
  },
  {
    id: 'direitos',
    title: 'Os seus direitos',
    body: (
      <>
        <p>Em relação aos seus dados pessoais, tem direito a:</p>
        <ul>
          <li>
            <strong>acesso</strong> — saber que dados tratamos e obter uma cópia (artigo 15.º);
          </li>
          <li>
            <strong>retificação</strong> — corrigir dados inexatos ou incompletos (artigo 16.º);
          </li>
          <li>
            <strong>apagamento</strong> — pedir que os apaguemos, salvo se a lei nos obrigar a
            conservá-los (artigo 17.º);
          </li>
          <li>
            <strong>limitação</strong> — pedir que suspendamos o tratamento enquanto, por exemplo,
            verificamos uma reclamação (artigo 18.º);
          </li>
          <li>
            <strong>portabilidade</strong> — receber os dados que nos forneceu num formato
            estruturado e de leitura automática, ou pedir que os enviemos a outra entidade (artigo
            20.º);
          </li>
          <li>
            <strong>oposição</strong> — opor-se aos tratamentos baseados no interesse legítimo
            (artigo 21.º);
          </li>
          <li>
            <strong>retirar o consentimento</strong> — a qualquer momento, sem afetar o tratamento
            feito até aí (artigo 7.º, n.º 3).
          </li>
        </ul>
        <p>
          Muitos destes direitos pode exercê-los diretamente na aplicação (editar o perfil, exportar
          faturas, apagar a conta). Para os restantes, escreva para {dpoEmail}. Respondemos no prazo
          de um mês, prorrogável por mais dois meses em pedidos complexos, caso em que o avisamos
          (artigo 12.º, n.º 3). Podemos pedir-lhe que confirme a sua identidade. O exercício dos
          direitos é gratuito.
        </p>
      </>
    ),
  },
  {
    id: 'reclamacao',
    title: 'Reclamação à CNPD',
    body: (
      <p>
        Se considerar que tratamos os seus dados de forma ilícita, pode apresentar reclamação à
        Comissão Nacional de Proteção de Dados (CNPD), a autoridade de controlo portuguesa, em
        www.cnpd.pt. Agradecemos que nos contacte antes, para tentarmos resolver a questão.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies e armazenamento no dispositivo',
    body: (
      <>
        <p>
          Usamos apenas cookies estritamente necessários: o cookie de sessão que o mantém com a
          sessão iniciada, marcado como inacessível a scripts, e os dados de proteção contra pedidos
          forjados. Como são indispensáveis ao serviço que pede, não exigem consentimento (artigo
          5.º da Lei n.º 41/2004).
        </p>
        <p>
          O armazenamento local do navegador guarda escolhas como o plano selecionado na página
          inicial e preferências de visualização. Não usamos cookies de publicidade, de análise ou
          de redes sociais, nem ferramentas de rastreio de terceiros.
        </p>
      </>
    ),
  },
  {
    id: 'seguranca',
    title: 'Como protegemos os dados',
    body: (
      <ul>
        <li>ligações cifradas por HTTPS e cabeçalhos de segurança em todas as respostas;</li>
        <li>isolamento por conta: cada consulta à base de dados é limitada à conta da sessão;</li>
        <li>palavras-passe e PIN guardados com o algoritmo argon2id, nunca em texto legível;</li>
        <li>limites de tentativas de entrada, por conta e por endereço IP;</li>
        <li>verificação do conteúdo, do tamanho e das dimensões de cada ficheiro carregado;</li>
        <li>acesso aos sistemas restrito às pessoas que dele precisam;</li>
        <li>
          notificação à CNPD e, quando exigido, aos titulares, em caso de violação de dados (artigos
          33.º e 34.º do RGPD).
        </li>
      </ul>
    ),
  },
  {
    id: 'menores',
    title: 'Menores',
    body: (
      <p>
        A Papelada destina-se a maiores de 18 anos e a empresas. Não recolhemos intencionalmente
        dados de menores. Se souber que um menor criou uma conta, contacte-nos através de {dpoEmail}{' '}
        para a apagarmos.
      </p>
    ),
  },
  {
    id: 'alteracoes',
    title: 'Alterações a esta política',
    body: (
      <p>
        Podemos atualizar esta política quando o serviço ou a lei mudarem. A data da última
        atualização está no topo da página. Se uma alteração for relevante, avisamos por e-mail ou
        na aplicação antes de ela produzir efeitos. Esta política completa os{' '}
        <Link to="/termos-servico">Termos de Serviço</Link>.
      </p>
    ),
  },
];
