import { useQuery } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { sessionQueryOptions } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { useCan } from '#web/lib/use-can.ts';
import { EXPORT_PATH } from '../api/account-data-api.ts';
import { ACCOUNT_DATA_MESSAGES as M } from '../messages.ts';
import { DataCard } from './data-card.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

/**
 * /meu-perfil's data sections (GDPR access, portability, erasure): the ZIP of everything and
 * the account's deletion — the account holder's alone; a sub-user is told so.
 */
export function AccountDataSections() {
  const rights = useCan();
  const email = useQuery({ ...sessionQueryOptions, select: (s) => s?.user.email }).data;
  const [isDeleting, setIsDeleting] = useState(false);

  if (!rights.isLoaded || !email) return null;
  if (!rights.can('account.manage')) {
    return <DataCard title={M.holderOnlyTitle} description={M.holderOnly} />;
  }
  return (
    <>
      <DataCard title={M.downloadTitle} description={M.downloadDescription}>
        {/* A plain link: the browser saves the streamed ZIP to disk as it arrives. */}
        <a
          href={EXPORT_PATH}
          download
          className={buttonVariants({ variant: 'outline' })}
          onClick={() => void toast.info(M.downloadStarted, { description: M.downloadStartedHint })}
        >
          <Download aria-hidden />
          {M.downloadAction}
        </a>
      </DataCard>
      <DataCard title={M.deleteTitle} description={M.deleteDescription} tone="danger">
        <Button
          type="button"
          variant="outline"
          className="border-red-300 text-red-800 hover:bg-red-50"
          onClick={() => setIsDeleting(true)}
        >
          <Trash2 aria-hidden />
          {M.deleteAction}
        </Button>
      </DataCard>
      <DeleteAccountDialog email={email} open={isDeleting} onOpenChange={setIsDeleting} />
    </>
  );
}
