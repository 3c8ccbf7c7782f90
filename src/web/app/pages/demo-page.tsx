import { CenteredPage } from '#web/components/layout/centered-page.tsx';
import { DemoStart } from '#web/features/demo/components/demo-start.tsx';
import { DEMO_WEB_MESSAGES } from '#web/features/demo/messages.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** `/demo`, the landing page's 'Ver demo': signs into the demo account and opens /resumo. */
export function DemoPage() {
  useDocumentTitle(DEMO_WEB_MESSAGES.pageTitle);
  return (
    <CenteredPage>
      <DemoStart />
    </CenteredPage>
  );
}
