import { LegalDocument } from '#web/features/legal/components/legal-document.tsx';
import {
  TERMS_SECTIONS,
  TERMS_UPDATED_ON,
  termsSummary,
} from '#web/features/legal/content/terms-content.tsx';

export function TermsPage() {
  return (
    <LegalDocument
      title="Termos de Serviço"
      updatedOn={TERMS_UPDATED_ON}
      summary={termsSummary}
      sections={TERMS_SECTIONS}
    />
  );
}
