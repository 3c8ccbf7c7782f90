import { useQueryClient } from '@tanstack/react-query';
import { BellOff, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import {
  currentPushDeviceId,
  isPushSupported,
  PUSH_DEVICE_MESSAGES,
  subscribeThisDevice,
} from '#web/lib/push-device.ts';
import { notificationKeys } from '#web/lib/query-keys.ts';
import { toast } from '#web/lib/toast.ts';
import { usePushDevices, type PushDevice } from '../api/get-push-devices.ts';
import { useRemovePushDevice } from '../api/remove-push-device.ts';
import { formatDateTimeLisbon } from '../format-date-time.ts';
import { REMINDER_MESSAGES as M } from '../notification-messages.ts';
import { ListError, ListLoading } from './list-states.tsx';

function DeviceRow({ device, isCurrent }: { device: PushDevice; isCurrent: boolean }) {
  const remove = useRemovePushDevice();
  const isRemoving = remove.isPending && remove.variables === device.id;
  return (
    <li className="flex items-center gap-3 py-3">
      <Smartphone className="size-5 shrink-0 text-slate-500" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
          {device.label}
          {isCurrent ? (
            <span className="bg-brand-50 text-brand-800 rounded-full px-2 py-0.5 text-xs font-medium">
              {M.thisDevice}
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-500">
          {M.addedOn}{' '}
          <time dateTime={device.createdAt}>{formatDateTimeLisbon(device.createdAt)}</time>
          {device.lastUsedAt ? (
            <>
              {' · '}
              {M.lastUsed}{' '}
              <time dateTime={device.lastUsedAt}>{formatDateTimeLisbon(device.lastUsedAt)}</time>
            </>
          ) : null}
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={isRemoving}
        aria-label={`${M.remove} ${device.label}`}
        onClick={() =>
          remove.mutate(device.id, {
            onSuccess: () => toast.success(M.removed),
            onError: (error) => toast.error(M.removeFailed, { description: error.message }),
          })
        }
      >
        {isRemoving ? M.removing : M.remove}
      </Button>
    </li>
  );
}

/** 'Ativar neste dispositivo', where the browser can and this one is not in the list. */
function EnableHere() {
  const queryClient = useQueryClient();
  const [isWorking, setIsWorking] = useState(false);
  async function enable() {
    setIsWorking(true);
    try {
      const outcome = await subscribeThisDevice();
      if (outcome.kind === 'subscribed') toast.success(M.enabled);
      else toast.info(PUSH_DEVICE_MESSAGES[outcome.kind]);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : PUSH_DEVICE_MESSAGES.failed);
    } finally {
      setIsWorking(false);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.devices() });
    }
  }
  return (
    <Button
      type="button"
      variant="outline"
      className="mt-3"
      disabled={isWorking}
      onClick={() => void enable()}
    >
      {isWorking ? M.enabling : M.enableHere}
    </Button>
  );
}

/** /configuracoes → 'Dispositivos com notificações': the person's devices, each removable. */
export function PushDevices() {
  const devices = usePushDevices();
  const current = currentPushDeviceId();
  let body;
  if (devices.isPending) body = <ListLoading />;
  else if (devices.isError)
    body = <ListError message={M.devicesLoadFailed} onRetry={() => void devices.refetch()} />;
  else if (devices.data.length === 0)
    body = (
      <p className="flex items-center gap-2 py-4 text-slate-600">
        <BellOff className="size-5 text-slate-400" aria-hidden />
        {M.devicesEmpty}
      </p>
    );
  else
    body = (
      <ul className="divide-y divide-slate-100" aria-label={M.devicesTitle}>
        {devices.data.map((device) => (
          <DeviceRow key={device.id} device={device} isCurrent={device.id === current} />
        ))}
      </ul>
    );
  const isListed = devices.data?.some((device) => device.id === current) ?? false;
  return (
    <section
      aria-labelledby="dispositivos-notificacoes"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="dispositivos-notificacoes" className="text-lg font-semibold text-slate-900">
        {M.devicesTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{M.devicesDescription}</p>
      <div className="mt-2">{body}</div>
      {devices.isSuccess && !isListed && isPushSupported() ? <EnableHere /> : null}
    </section>
  );
}
