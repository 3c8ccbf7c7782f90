// The pt-PT strings of the newsletter's link pages (/newsletter/confirmar, /newsletter/cancelar).
export const NEWSLETTER_PAGE_MESSAGES = {
  confirm: {
    title: 'Confirmar subscrição',
    working: 'A confirmar a sua subscrição…',
    doneTitle: 'Subscrição confirmada',
    done: 'Obrigado! Vai receber a newsletter da Papelada neste endereço. Cada email traz um link para deixar de a receber quando quiser.',
    failedTitle: 'Não foi possível confirmar',
    failed: 'Não foi possível confirmar a subscrição. Tente novamente.',
  },
  unsubscribe: {
    title: 'Cancelar subscrição',
    working: 'A cancelar a sua subscrição…',
    doneTitle: 'Subscrição cancelada',
    done: 'Já não vai receber a newsletter da Papelada neste endereço. Se mudar de ideias, pode subscrevê-la de novo na página inicial.',
    failedTitle: 'Não foi possível cancelar',
    failed: 'Não foi possível cancelar a subscrição. Tente novamente.',
  },
  missingToken: 'Este link está incompleto. Abra-o a partir do email que recebeu.',
  retry: 'Tentar novamente',
  home: 'Ir para a página inicial',
} as const;
