import { Mail } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from '#web/lib/toast.ts';
import { useEmails, type EmailHistoryItem } from '../api/get-emails.ts';
import { emailTypeLabel } from '../email-labels.ts';
import { formatDateTimeLisbon } from '../format-date-time.ts';
import { SETTINGS_MESSAGES } from '../messages.ts';
import { ListError, ListLoading } from './list-states.tsx';
import { ResendButton } from './resend-button.tsx';
import { StatusBadge } from './status-badge.tsx';

function EmailRow({ email }: { email: EmailHistoryItem }) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-semibold text-slate-900">{emailTypeLabel(email.type)}</span>
          <StatusBadge status={email.status} />
        </div>
        <p className="mt-1 truncate text-sm text-slate-800">{email.subject}</p>
        <p className="mt-0.5 text-xs break-all text-slate-500">
          Para {email.to} ·{' '}
          <time dateTime={email.createdAt}>{formatDateTimeLisbon(email.createdAt)}</time>
        </p>
        {email.status === 'failed' && email.errorMessage ? (
          <p className="mt-1 text-xs text-red-700">{email.errorMessage}</p>
        ) : null}
      </div>
      <ResendButton emailId={email.id} subject={email.subject} />
    </li>
  );
}

/** Settings → email history (spec accounts §7 "Table reads": newest first). */
export function EmailHistory() {
  const emails = useEmails();
  const isError = emails.isError;

  // Spec invoice-work §8: a failed load is a toast (and we keep a retry in place).
  useEffect(() => {
    if (isError) toast.error(SETTINGS_MESSAGES.loadFailed, { id: 'emails-load-failed' });
  }, [isError]);

  if (emails.isPending) return <ListLoading />;
  if (emails.isError) {
    return (
      <ListError message={SETTINGS_MESSAGES.loadFailed} onRetry={() => void emails.refetch()} />
    );
  }
  if (emails.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-10 text-center text-slate-600">
        <Mail className="size-8 text-slate-400" aria-hidden />
        <p>{SETTINGS_MESSAGES.empty}</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" aria-label={SETTINGS_MESSAGES.historyTitle}>
      {emails.data.map((email) => (
        <EmailRow key={email.id} email={email} />
      ))}
    </ul>
  );
}
