import { Link } from '@tanstack/react-router';
import { CopyCheck } from 'lucide-react';
import { SCAN_MESSAGES } from '../messages.ts';

/** Before saving: this account already holds the invoice (the server would refuse it). */
export function DuplicateNotice({ existingId }: { existingId: string }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <CopyCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="flex flex-col gap-1">
        <p>{SCAN_MESSAGES.duplicate}</p>
        <Link
          to="/"
          search={{ fatura: existingId }}
          className="font-semibold text-red-900 underline underline-offset-2 hover:text-red-950"
        >
          {SCAN_MESSAGES.viewExisting}
        </Link>
      </div>
    </div>
  );
}
