import { Link } from '@tanstack/react-router';
import { FileInput } from 'lucide-react';
import type { ResolvedCapabilities } from '#shared/capabilities.ts';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { cn } from '#web/lib/cn.ts';
import { EFATURA_ACTION_LABEL } from '../action-label.ts';

type EfaturaImportActionProps = {
  /** The rights the server resolved for the profile; the action shows only to who may create. */
  rights: Pick<ResolvedCapabilities, 'capabilities'> | undefined;
};

/**
 * 'Importar do e-Fatura' beside 'Exportar' on the dashboard. Named in full on a phone too: an
 * icon alone would not say what it does, and with its name it shares a row with 'Exportar'
 * below the period, instead of pushing 'Exportar' onto a row of its own.
 */
export function EfaturaImportAction({ rights }: EfaturaImportActionProps) {
  if (!rights?.capabilities['invoices.create']) return null;
  return (
    <Link to="/importar-efatura" className={cn(buttonVariants({ variant: 'outline' }), 'h-11')}>
      <FileInput className="size-4" aria-hidden />
      {EFATURA_ACTION_LABEL}
    </Link>
  );
}
