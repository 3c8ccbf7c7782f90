/**
 * The FAQ's four groups and their questions (spec invoice-work §2). The answers live in
 * faq-answers.tsx, which loads with the accordion when the visitor nears the FAQ.
 */
export type FaqQuestion = { id: string; question: string };
export type FaqGroup = { title: string; questions: readonly FaqQuestion[] };

export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    title: 'Primeiros passos',
    questions: [
      { id: 'o-que-e', question: 'O que é a Papelada?' },
      { id: 'instalar', question: 'Preciso de instalar alguma aplicação?' },
      { id: 'particular-empresa', question: 'Serve para particulares e para empresas?' },
    ],
  },
  {
    title: 'Digitalização e faturas',
    questions: [
      { id: 'que-faturas', question: 'Que faturas consegue ler?' },
      { id: 'sem-qr', question: 'E se a fatura não tiver código QR?' },
      { id: 'duplicados', question: 'Como são detetadas as faturas duplicadas?' },
      { id: 'notas-credito', question: 'E as notas de crédito?' },
    ],
  },
  {
    title: 'Planos e pagamentos',
    questions: [
      { id: 'gratis', question: 'Posso usar a Papelada de graça?' },
      { id: 'limite', question: 'O que acontece quando chego ao limite do mês?' },
      { id: 'pagamento', question: 'Como pago um plano e como cancelo?' },
    ],
  },
  {
    title: 'Equipas e segurança',
    questions: [
      { id: 'equipas', question: 'Como funcionam as equipas?' },
      { id: 'funcoes', question: 'Que funções posso dar à minha equipa?' },
      { id: 'seguranca-dados', question: 'Os meus dados estão seguros?' },
      { id: 'exportar-apagar', question: 'Posso levar ou apagar os meus dados?' },
    ],
  },
];
