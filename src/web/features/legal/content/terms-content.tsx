import { Link } from '@tanstack/react-router';
import { formatCents } from '#shared/money.ts';
import { PLANS } from '#shared/plans.ts';
import type { LegalSection } from '../components/legal-document.tsx';

// Prices and limits come from the plan catalogue so the terms never drift from the pricing.
const { free, professional, enterprise_500: e500, enterprise_1000: e1000 } = PLANS;

export const TERMS_UPDATED_ON = '21 de novembro de 2026';

export const termsSummary = (
  <p>
    Estes termos regulam a utilização da Papelada, um serviço online para guardar, ler e acompanhar
    faturas de fornecedores. Ao criar uma conta ou usar o serviço, aceita estes termos.
    Escrevemo-los para serem lidos: se alguma coisa não estiver clara, escreva para{' '}
    <a href="mailto:ola@papelada.pt">ola@papelada.pt</a>.
  </p>
);

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'servico',
    title: 'O serviço',
    body: (
      <>
        <p>A Papelada («nós») disponibiliza, através do navegador, uma aplicação que permite:</p>
        <ul>
          <li>
            registar faturas e notas de crédito lendo o código QR previsto na Portaria n.º 195/2020,
            o texto de um PDF, uma fotografia (por reconhecimento ótico de caracteres) ou dados
            introduzidos à mão;
          </li>
          <li>guardar as imagens e os PDF das faturas;</li>
          <li>
            acompanhar o estado de pagamento, as datas de vencimento e os gastos por fornecedor;
          </li>
          <li>consultar resumos mensais, com o IVA dedutível, e definir limites de despesa;</li>
          <li>
            nos planos que o incluam, gerir equipas com perfis protegidos por PIN, registar vendas e
            custo das mercadorias vendidas (CMV) e exportar dados para folhas de cálculo.
          </li>
        </ul>
        <p>
          A leitura automática é uma ajuda, não uma garantia: confirme sempre os dados extraídos
          antes de os guardar.
        </p>
      </>
    ),
  },
  {
    id: 'conta',
    title: 'Conta e registo',
    body: (
      <>
        <p>
          Para usar a Papelada precisa de uma conta, particular ou de empresa. Deve ter pelo menos
          18 anos ou, tratando-se de uma empresa, poderes para a vincular. Compromete-se a indicar
          dados verdadeiros e a mantê-los atualizados.
        </p>
        <p>
          É responsável por guardar a sua palavra-passe e os PIN da conta em segurança e por tudo o
          que for feito com as suas credenciais. Se suspeitar de uma utilização indevida, altere a
          palavra-passe e contacte-nos de imediato.
        </p>
      </>
    ),
  },
  {
    id: 'equipas',
    title: 'Equipas e sub-utilizadores',
    body: (
      <p>
        Nos planos com gestão de equipas, o titular da conta (utilizador principal) pode criar
        perfis de sub-utilizador e atribuir-lhes funções e permissões. O titular é responsável por
        quem autoriza, pelas permissões que atribui e por garantir que os membros da equipa cumprem
        estes termos. As ações de cada perfil ficam registadas com a identificação desse perfil.
      </p>
    ),
  },
  {
    id: 'planos',
    title: 'Planos, preços e pagamento',
    body: (
      <>
        <p>Os planos disponíveis são:</p>
        <ul>
          <li>
            <strong>{free.name}</strong> — {formatCents(free.priceCents)}, até{' '}
            {free.monthlyInvoiceLimit} faturas por mês e {free.imagesPerInvoice} imagem por fatura;
          </li>
          <li>
            <strong>{professional.name}</strong> — {formatCents(professional.priceCents)} por mês,
            até {professional.monthlyInvoiceLimit} faturas por mês e {professional.imagesPerInvoice}{' '}
            imagens por fatura;
          </li>
          <li>
            <strong>Empresarial</strong> — {formatCents(e500.priceCents)} por mês para{' '}
            {e500.monthlyInvoiceLimit} faturas ou {formatCents(e1000.priceCents)} por mês para{' '}
            {e1000.monthlyInvoiceLimit} faturas, com {e500.imagesPerInvoice} imagens por fatura.
          </li>
        </ul>
        <p>
          Os preços incluem IVA à taxa legal em vigor. Os planos pagos são cobrados mensalmente, por
          antecipação, e renovam-se automaticamente até serem cancelados. O pagamento é feito com
          cartão através do nosso processador de pagamentos; a Papelada não recebe nem guarda o
          número do seu cartão.
        </p>
        <p>
          Podemos alterar os preços com um aviso prévio de pelo menos 30 dias. A alteração só se
          aplica a partir da renovação seguinte ao fim desse prazo e pode cancelar antes dela.
        </p>
      </>
    ),
  },
  {
    id: 'limites',
    title: 'Limites de utilização',
    body: (
      <p>
        Cada plano tem um limite mensal de faturas registadas e de imagens por fatura. O contador
        reinicia no início de cada mês. Quando o limite é atingido, deixa de poder registar novas
        faturas nesse mês até mudar de plano ou até o mês terminar; as faturas já guardadas
        continuam acessíveis. Os limites de tamanho de ficheiros e de tentativas de acesso existem
        para proteger o serviço e podem ser indicados na própria aplicação.
      </p>
    ),
  },
  {
    id: 'cancelamento',
    title: 'Mudança de plano, cancelamento e livre resolução',
    body: (
      <>
        <p>
          Pode mudar de plano ou cancelar a subscrição a qualquer momento na área de subscrição.
          Após o cancelamento, o plano pago mantém-se até ao fim do período já pago e a conta passa
          depois para o plano Gratuito. Não há fidelização nem penalizações.
        </p>
        <p>
          Se for consumidor, tem o direito de resolver o contrato de um plano pago no prazo de 14
          dias a contar da subscrição, sem indicar motivo, nos termos do Decreto-Lei n.º 24/2014. Se
          pedir que o serviço comece de imediato e exercer esse direito, pagará apenas o valor
          proporcional ao período em que o serviço foi prestado. Para exercer o direito, basta
          escrever para <a href="mailto:ola@papelada.pt">ola@papelada.pt</a>.
        </p>
      </>
    ),
  },
  {
    id: 'utilizacao',
    title: 'Utilização aceitável',
    body: (
      <>
        <p>Não pode usar a Papelada para:</p>
        <ul>
          <li>carregar conteúdos ilegais, falsos ou que não tenha o direito de tratar;</li>
          <li>forjar, alterar ou simular faturas ou outros documentos fiscais;</li>
          <li>
            tentar aceder a contas ou dados de terceiros, ou contornar limites e medidas de
            segurança;
          </li>
          <li>sobrecarregar o serviço, nomeadamente com pedidos automatizados excessivos;</li>
          <li>revender ou disponibilizar o serviço a terceiros sem o nosso acordo escrito.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'conteudos',
    title: 'Os seus conteúdos',
    body: (
      <>
        <p>
          As faturas, imagens e restantes dados que coloca na Papelada continuam a ser seus.
          Concede-nos apenas a autorização necessária para os guardar, processar e mostrar a si e à
          sua equipa, com o único fim de prestar o serviço.
        </p>
        <p>
          As faturas contêm dados de terceiros, como o NIF e o nome dos fornecedores. É responsável
          por ter fundamento para os tratar, o que em regra decorre da própria relação comercial ou
          das suas obrigações fiscais. A forma como tratamos estes dados está descrita na{' '}
          <Link to="/politica-privacidade">Política de Privacidade</Link>.
        </p>
        <p>
          Pode exportar os seus dados e apagar a conta quando quiser. Depois do apagamento, os dados
          são eliminados nos prazos indicados na Política de Privacidade.
        </p>
      </>
    ),
  },
  {
    id: 'fiscal',
    title: 'Obrigações fiscais e contabilísticas',
    body: (
      <>
        <p>
          A Papelada é uma ferramenta de organização. Não é um programa de faturação certificado,
          não comunica faturas à Autoridade Tributária e Aduaneira, não substitui o Portal das
          Finanças nem o e-Fatura e não presta aconselhamento fiscal, contabilístico ou jurídico.
        </p>
        <p>
          Os valores de IVA dedutível e os resumos são cálculos sobre os dados que registou e servem
          de apoio; a dedução efetiva depende das regras fiscais aplicáveis ao seu caso. Continua
          responsável pelas suas declarações e pela conservação das faturas pelo prazo que a lei lhe
          impõe — para as empresas, em regra, 10 anos. Recomendamos que exporte regularmente os seus
          dados.
        </p>
      </>
    ),
  },
  {
    id: 'disponibilidade',
    title: 'Disponibilidade e alterações do serviço',
    body: (
      <p>
        Fazemos o possível para que a Papelada esteja sempre disponível e sem erros, mas podem
        ocorrer interrupções, nomeadamente para manutenção, atualizações ou por causas fora do nosso
        controlo. Podemos melhorar, alterar ou descontinuar funcionalidades. Se uma alteração
        retirar uma funcionalidade essencial de um plano pago, avisamos com antecedência e pode
        cancelar sem custos.
      </p>
    ),
  },
  {
    id: 'propriedade',
    title: 'Propriedade intelectual',
    body: (
      <p>
        O software, o design, a marca e os textos da Papelada pertencem-nos ou aos respetivos
        licenciantes. Estes termos dão-lhe o direito pessoal, não exclusivo e intransmissível de
        usar o serviço enquanto a sua conta estiver ativa, e nenhum outro.
      </p>
    ),
  },
  {
    id: 'responsabilidade',
    title: 'Responsabilidade',
    body: (
      <>
        <p>
          Respondemos pelos danos que resultem de incumprimento nosso, nos termos da lei. Não
          respondemos por danos causados por dados incorretos introduzidos ou confirmados por si,
          por decisões fiscais ou financeiras tomadas com base nos resumos, por uso indevido das
          suas credenciais ou por interrupções que não nos sejam imputáveis.
        </p>
        <p>
          Nada nestes termos limita a nossa responsabilidade em caso de dolo ou culpa grave, nem
          afasta os direitos que a lei reconhece aos consumidores.
        </p>
      </>
    ),
  },
  {
    id: 'suspensao',
    title: 'Suspensão e cessação',
    body: (
      <p>
        Pode deixar de usar a Papelada e apagar a conta a qualquer momento. Podemos suspender ou
        encerrar uma conta que viole gravemente estes termos, que ponha em risco a segurança do
        serviço ou de outros utilizadores, ou quando a lei o exija. Salvo urgência ou imposição
        legal, avisamos antes e damos-lhe a oportunidade de exportar os seus dados.
      </p>
    ),
  },
  {
    id: 'alteracoes',
    title: 'Alterações a estes termos',
    body: (
      <p>
        Podemos atualizar estes termos para refletir alterações do serviço ou da lei. Quando a
        alteração for relevante, avisamos por e-mail ou na aplicação com pelo menos 30 dias de
        antecedência. Se não concordar, pode cancelar a subscrição e apagar a conta antes de a
        alteração produzir efeitos.
      </p>
    ),
  },
  {
    id: 'lei',
    title: 'Lei aplicável e resolução de litígios',
    body: (
      <>
        <p>
          Estes termos regem-se pela lei portuguesa. Em caso de litígio, procuraremos primeiro uma
          solução amigável: escreva-nos para <a href="mailto:ola@papelada.pt">ola@papelada.pt</a>.
        </p>
        <p>
          Se for consumidor, pode ainda recorrer a uma entidade de resolução alternativa de litígios
          de consumo, nos termos da Lei n.º 144/2015 (a lista está disponível no Portal do
          Consumidor, em consumidor.gov.pt), e apresentar reclamação no Livro de Reclamações
          Eletrónico. Sem prejuízo das normas imperativas de proteção do consumidor, são competentes
          os tribunais portugueses.
        </p>
      </>
    ),
  },
  {
    id: 'contactos',
    title: 'Contactos',
    body: (
      <ul>
        <li>
          Apoio e questões sobre estes termos: <a href="mailto:ola@papelada.pt">ola@papelada.pt</a>
        </li>
        <li>
          Privacidade e proteção de dados:{' '}
          <a href="mailto:privacidade@papelada.pt">privacidade@papelada.pt</a>
        </li>
      </ul>
    ),
  },
];
