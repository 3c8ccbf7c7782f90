import type { Invoice } from '../../api/create-invoice.ts';
import { CreateEntityAction } from './create-entity.tsx';
import { DetailTabs } from './detail-tabs.tsx';
import { SummaryCards } from './summary-cards.tsx';

/** The sheet's view mode body: cards, then the Detalhes / Imagens / Notas tabs. */
export function InvoiceView({ invoice }: { invoice: Invoice }) {
  return (
    <>
      <SummaryCards invoice={invoice} />
      <CreateEntityAction invoice={invoice} />
      <DetailTabs invoice={invoice} />
    </>
  );
}
