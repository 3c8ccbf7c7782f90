import { useEffect } from 'react';

const APP_NAME = 'Papelada';

/** Sets the tab title for the current page, e.g. "Termos de Serviço · Papelada". */
export function useDocumentTitle(pageTitle: string | null): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${APP_NAME}` : APP_NAME;
  }, [pageTitle]);
}
