/** The in-page sections the header links to (spec invoice-work §2), in page order. */
export const SECTION_LINKS = [
  { id: 'como-funciona', label: 'Como funciona' },
  { id: 'vantagens', label: 'Vantagens' },
  { id: 'integracoes', label: 'Integrações' },
  { id: 'seguranca', label: 'Segurança' },
  { id: 'precos', label: 'Preços' },
  { id: 'faq', label: 'FAQ' },
] as const;

export type SectionId = (typeof SECTION_LINKS)[number]['id'];
