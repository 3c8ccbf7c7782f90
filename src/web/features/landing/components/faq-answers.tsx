import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { TeamRolesTable } from './team-roles-table.tsx';

const linkClass = 'font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900';

/** Answers by question id (see faq-questions.ts). */
export const FAQ_ANSWERS: Readonly<Record<string, ReactNode>> = {
  'o-que-e':
    'Uma aplicação web para guardar e acompanhar as faturas dos seus fornecedores. Lê o código QR da fatura, guarda os dados e a imagem, diz-lhe o que falta pagar e mostra quanto gastou e quanto IVA pode deduzir em cada mês.',
  instalar:
    'Não. A Papelada funciona no navegador do telemóvel, do tablet ou do computador. Se quiser, pode adicioná-la ao ecrã principal do telemóvel e abri-la como uma aplicação.',
  'particular-empresa':
    'Sim. No registo escolhe o tipo de conta: Particular ou Empresa. As empresas têm acesso, no plano Empresarial, à gestão de equipas, ao CMV e vendas, às integrações e às categorias personalizadas.',
  'que-faturas':
    'Todas as faturas certificadas emitidas em Portugal trazem, desde 2021, um código QR com o NIF do emitente, a data, o número, o ATCUD, o IVA por taxa e o total. A Papelada lê esse código pela câmara, numa fotografia ou num PDF.',
  'sem-qr':
    'Nesse caso a Papelada usa o texto do PDF ou reconhecimento ótico de caracteres (OCR) em português para propor os campos. Reveja-os antes de guardar — também pode preencher tudo à mão.',
  duplicados:
    'Quando guarda uma fatura, a Papelada procura outra com o mesmo número, data, fornecedor e total na sua conta. Se a encontrar, avisa-o antes de criar um segundo registo.',
  'notas-credito':
    'As notas de crédito entram com valor e IVA negativos, por isso abatem automaticamente aos totais do fornecedor e ao resumo mensal.',
  gratis:
    'Sim. O plano Gratuito permite registar 15 faturas por mês, com uma imagem por fatura, leitura de QR e OCR e o resumo mensal. Não pedimos cartão para criar conta.',
  limite:
    'O contador fica laranja quando usa 80% das faturas do mês e vermelho quando chega ao limite. A partir daí, pode esperar pelo mês seguinte ou mudar para um plano com mais faturas. As faturas já registadas continuam acessíveis.',
  pagamento:
    'Os planos pagos são cobrados mensalmente com cartão, através do nosso processador de pagamentos — a Papelada nunca vê nem guarda o número do cartão. Pode mudar de plano ou cancelar na área de subscrição, sem fidelização.',
  equipas:
    'No plano Empresarial, o titular da conta dá acesso a quem trabalha consigo de duas formas: perfis com PIN de 4 a 6 dígitos para quem partilha o mesmo dispositivo, ou convites por email para quem prefere entrar com a sua própria conta. A sessão de um perfil dura 24 horas e cada fatura regista quem a criou e quem a alterou.',
  funcoes: (
    <>
      <p>
        Há três funções. O Administrador pode fazer tudo. O Gestor vê o resumo e o CMV e cria e
        edita faturas e fornecedores, mas não apaga nem mexe nas definições, na equipa ou na
        exportação. O Utilizador usa o scanner e adiciona faturas, e vê só as faturas que ele
        próprio adicionou. Cada função pode ser dada a um perfil com PIN num dispositivo partilhado
        ou a um membro com a sua própria conta, no plano Empresarial.
      </p>
      <TeamRolesTable />
    </>
  ),
  'seguranca-dados': (
    <>
      Cada conta só acede às suas próprias faturas, todo o tráfego é cifrado e as palavras-passe e
      os PIN são guardados apenas como hash. Os pormenores estão na secção{' '}
      <a href="#seguranca" className={linkClass}>
        Segurança
      </a>{' '}
      e na{' '}
      <Link to="/politica-privacidade" className={linkClass}>
        Política de Privacidade
      </Link>
      .
    </>
  ),
  'exportar-apagar':
    'Sim. Pode exportar as suas faturas e pedir o apagamento da conta a qualquer momento. Lembre-se de que a lei fiscal pode obrigá-lo a guardar as faturas durante vários anos: exporte-as antes de apagar a conta.',
};
