import { useState, type FormEvent } from 'react';
import { isSameEmail } from '#shared/schemas/account-data.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/form-field.tsx';
import { useDeleteAccount } from '../api/account-data-api.ts';
import { ACCOUNT_DATA_MESSAGES as M } from '../messages.ts';

type DeleteAccountDialogProps = {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The account's email typed again before anything is deleted. The button waits for the same
 * email (any case, spaces around); the server checks it again and answers in pt-PT.
 */
export function DeleteAccountDialog({ email, open, onOpenChange }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const deletion = useDeleteAccount();
  const matches = isSameEmail(typed, email);

  function close(next: boolean) {
    if (deletion.isPending) return;
    if (!next) {
      setTyped('');
      deletion.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (matches && !deletion.isPending) deletion.mutate({ email: typed });
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={M.dialogTitle}
        description={M.dialogDescription}
        className="inset-auto top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl sm:p-6"
      >
        <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
          <TextField
            label={M.emailLabel}
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            disabled={deletion.isPending}
            hint={M.emailHint(email)}
            error={deletion.error?.message}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {M.cancel}
            </Button>
            <Button
              type="submit"
              className="bg-red-700 hover:bg-red-800"
              disabled={!matches || deletion.isPending}
            >
              {deletion.isPending ? M.confirming : M.confirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
