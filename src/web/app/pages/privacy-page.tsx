import { LegalDocument } from '#web/features/legal/components/legal-document.tsx';
import {
  PRIVACY_SECTIONS,
  PRIVACY_UPDATED_ON,
  privacySummary,
} from '#web/features/legal/content/privacy-content.tsx';

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Política de Privacidade"
      updatedOn={PRIVACY_UPDATED_ON}
      summary={privacySummary}
      sections={PRIVACY_SECTIONS}
    />
  );
}
