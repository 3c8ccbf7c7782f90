import { LogOut, Monitor, MonitorSmartphone, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/lib/toast.ts';
import {
  useEndOtherSessions,
  useEndSession,
  useSessions,
  type SignedInSession,
} from '../api/sessions.ts';
import { formatDateTimeLisbon } from '../format-date-time.ts';
import { SESSION_LIST_MESSAGES as M } from '../messages.ts';
import { ListError, ListLoading } from './list-states.tsx';
import { SettingsSection } from './settings-section.tsx';

function DeviceIcon({ device }: { device: string }) {
  const Icon = /Android|iPhone|iPad/.test(device) ? Smartphone : Monitor;
  return <Icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />;
}

function SessionRow({ session }: { session: SignedInSession }) {
  const end = useEndSession();
  function onEnd() {
    end.mutate(session.id, {
      onSuccess: () => void toast.success(M.ended),
      onError: (error) => void toast.error(M.endFailed, { description: error.message }),
    });
  }
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <DeviceIcon device={session.device} />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
            {session.device}
            {session.isCurrent ? (
              <span className="bg-brand-50 text-brand-800 rounded-full px-2 py-0.5 text-xs font-medium">
                {M.current}
              </span>
            ) : null}
          </p>
          <p className="text-xs break-all text-slate-600">
            {M.address} {session.ipAddress ?? M.unknownAddress}
          </p>
          <p className="text-xs text-slate-600">
            {M.startedAt}:{' '}
            <time dateTime={session.createdAt}>{formatDateTimeLisbon(session.createdAt)}</time> ·{' '}
            {M.lastActiveAt}:{' '}
            <time dateTime={session.lastActiveAt}>
              {formatDateTimeLisbon(session.lastActiveAt)}
            </time>
          </p>
        </div>
      </div>
      {session.isCurrent ? null : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          aria-label={M.endLabel(session.device)}
          disabled={end.isPending}
          onClick={onEnd}
        >
          <LogOut aria-hidden />
          {end.isPending ? M.ending : M.end}
        </Button>
      )}
    </li>
  );
}

function EndOthersButton() {
  const [isOpen, setIsOpen] = useState(false);
  const endOthers = useEndOtherSessions();
  function confirm() {
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => {
        setIsOpen(false);
        void toast.success(M.endedOthers(ended));
      },
      onError: (error) => void toast.error(M.endFailed, { description: error.message }),
    });
  }
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <Button type="button" variant="outline" onClick={() => setIsOpen(true)}>
        <LogOut aria-hidden />
        {M.endOthers}
      </Button>
      <DialogContent title={M.endOthersConfirm} description={M.endOthersDescription}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => setIsOpen(false)}>
            {M.cancel}
          </Button>
          <Button type="button" disabled={endOthers.isPending} onClick={confirm}>
            {endOthers.isPending ? M.ending : M.endOthers}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * /configuracoes → the person's signed-in sessions (the holder's: the screen mounts it only
 * with account.manage), this one first, each other with 'Terminar sessão'.
 */
export function SessionsSection() {
  const sessions = useSessions(true);
  let body;
  if (sessions.isPending) body = <ListLoading />;
  else if (sessions.isError)
    body = <ListError message={M.loadFailed} onRetry={() => void sessions.refetch()} />;
  else {
    const hasOthers = sessions.data.some((session) => !session.isCurrent);
    body = (
      <>
        <ul className="divide-y divide-slate-100" aria-label={M.title}>
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
        {hasOthers ? (
          <div className="mt-3">
            <EndOthersButton />
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-600">{M.empty}</p>
        )}
      </>
    );
  }
  return (
    <SettingsSection
      id="sessoes"
      title={M.title}
      description={M.description}
      icon={<MonitorSmartphone className="size-5 text-slate-500" aria-hidden />}
    >
      {body}
    </SettingsSection>
  );
}
