import { ShieldCheck, ShieldAlert } from 'lucide-react';
import { useCan } from '#web/lib/use-can.ts';
import {
  SECURITY_EVENT_LABELS,
  SECURITY_SEVERITY_LABELS,
  type SecurityEventDto,
} from '#shared/security-events.ts';
import { useSecurityEvents } from '../api/get-security-events.ts';
import { formatDateTimeLisbon } from '../format-date-time.ts';
import { SETTINGS_MESSAGES as M } from '../messages.ts';
import { ListError, ListLoading } from './list-states.tsx';

const SEVERITY_CLASS: Record<SecurityEventDto['severity'], string> = {
  low: 'bg-slate-100 text-slate-700',
  medium: 'bg-amber-100 text-amber-800',
  high: 'bg-red-100 text-red-800',
};

/** What the event's detail says, in words: the email tried, the file refused, the route. */
function detailLine(event: SecurityEventDto): string | null {
  const { detail } = event;
  const parts = [detail.email, detail.reason, detail.route].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return parts.length > 0 ? parts.join(' · ') : null;
}

function EventRow({ event }: { event: SecurityEventDto }) {
  const detail = detailLine(event);
  return (
    <li className="flex flex-col gap-1 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold text-slate-900">
          {SECURITY_EVENT_LABELS[event.kind]}
        </span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${SEVERITY_CLASS[event.severity]}`}
        >
          {M.securitySeverity}: {SECURITY_SEVERITY_LABELS[event.severity]}
        </span>
      </div>
      <p className="text-xs break-all text-slate-500">
        <time dateTime={event.createdAt}>{formatDateTimeLisbon(event.createdAt)}</time> ·{' '}
        {M.securityFrom} {event.ip}
      </p>
      {detail ? <p className="text-xs break-all text-slate-600">{detail}</p> : null}
    </li>
  );
}

/** /configuracoes → the account's security events (issue 19.8); the holder's alone. */
export function SecurityEvents() {
  const rights = useCan();
  const isOwner = rights.isLoaded && rights.can('account.manage');
  const events = useSecurityEvents(isOwner);
  if (!isOwner) return null;

  let body;
  if (events.isPending) {
    body = <ListLoading />;
  } else if (events.isError) {
    body = <ListError message={M.securityLoadFailed} onRetry={() => void events.refetch()} />;
  } else if (events.data.length === 0) {
    body = (
      <p className="flex items-center gap-2 py-6 text-slate-600">
        <ShieldCheck className="size-5 text-emerald-600" aria-hidden />
        {M.securityEmpty}
      </p>
    );
  } else {
    body = (
      <ul className="divide-y divide-slate-100" aria-label={M.securityTitle}>
        {events.data.map((event) => (
          <EventRow key={event.id} event={event} />
        ))}
      </ul>
    );
  }
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ShieldAlert className="size-5 text-slate-500" aria-hidden />
        {M.securityTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{M.securityDescription}</p>
      <div className="mt-2">{body}</div>
    </section>
  );
}
