import { Link2, Link2Off, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { FeedStatus } from '../api/get-feed-status.ts';
import { useIssueFeed, useRevokeFeed } from '../api/manage-feed.ts';
import { INTEGRATIONS_MESSAGES } from '../messages.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

const dateTime = new Intl.DateTimeFormat('pt-PT', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Lisbon',
});
const formatMoment = (iso: string) => dateTime.format(new Date(iso));

type FeedSecretCardProps = {
  feed: FeedStatus['feed'];
  /** The role may create, rotate and revoke (integrations.configure). */
  canConfigure: boolean;
  /** The secret was just shown (the panel above holds it). */
  isRevealed: boolean;
};

type Asking = 'rotate' | 'revoke' | null;

/** The secret's state and its actions: create when there is none, else rotate or revoke. */
export function FeedSecretCard({ feed, canConfigure, isRevealed }: FeedSecretCardProps) {
  const issue = useIssueFeed();
  const revoke = useRevokeFeed();
  const [asking, setAsking] = useState<Asking>(null);
  const close = () => setAsking(null);

  const create = () =>
    issue.mutate('create', {
      onSuccess: () => toast.success(INTEGRATIONS_MESSAGES.created),
      onError: (error) =>
        toast.error(INTEGRATIONS_MESSAGES.createFailed, { description: error.message }),
    });
  const rotate = () =>
    issue.mutate('rotate', {
      onSuccess: () => {
        toast.success(INTEGRATIONS_MESSAGES.rotated);
        close();
      },
      onError: (error) =>
        toast.error(INTEGRATIONS_MESSAGES.rotateFailed, { description: error.message }),
    });
  const remove = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        toast.success(INTEGRATIONS_MESSAGES.revoked);
        close();
      },
      onError: (error) =>
        toast.error(INTEGRATIONS_MESSAGES.revokeFailed, { description: error.message }),
    });

  return (
    <section
      aria-labelledby="feed-secret-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="feed-secret-card"
    >
      <h2 id="feed-secret-title" className="text-lg font-semibold text-slate-900">
        {INTEGRATIONS_MESSAGES.feedTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{INTEGRATIONS_MESSAGES.feedDescription}</p>
      {feed === null ? (
        <div className="mt-4 flex flex-col items-start gap-3">
          <p className="text-slate-700">{INTEGRATIONS_MESSAGES.noFeed}</p>
          {canConfigure ? (
            <Button onClick={create} disabled={issue.isPending}>
              <Link2 aria-hidden />
              {issue.isPending ? INTEGRATIONS_MESSAGES.creating : INTEGRATIONS_MESSAGES.create}
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="mt-4 flex flex-col gap-3">
          <div className="flex items-start gap-2">
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-emerald-500" aria-hidden />
            <div>
              <p className="font-medium text-slate-900">
                {INTEGRATIONS_MESSAGES.activeSince(formatMoment(feed.issuedAt))}
              </p>
              <p className="text-sm text-slate-600">
                {INTEGRATIONS_MESSAGES.lastUsed(
                  feed.lastUsedAt === null ? null : formatMoment(feed.lastUsedAt),
                )}
              </p>
            </div>
          </div>
          {isRevealed ? null : (
            <p className="text-sm text-slate-600">{INTEGRATIONS_MESSAGES.hiddenNote}</p>
          )}
          {canConfigure ? (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button variant="outline" onClick={() => setAsking('rotate')}>
                <RefreshCw aria-hidden />
                {INTEGRATIONS_MESSAGES.rotate}
              </Button>
              <Button
                variant="outline"
                className="text-red-800"
                onClick={() => setAsking('revoke')}
              >
                <Link2Off aria-hidden />
                {INTEGRATIONS_MESSAGES.revoke}
              </Button>
            </div>
          ) : null}
        </div>
      )}
      {canConfigure ? null : (
        <p className="mt-3 text-sm text-slate-500">{INTEGRATIONS_MESSAGES.readOnlyNote}</p>
      )}
      <ConfirmDialog
        isOpen={asking === 'rotate'}
        title={INTEGRATIONS_MESSAGES.rotateTitle}
        question={INTEGRATIONS_MESSAGES.rotateQuestion}
        confirmLabel={INTEGRATIONS_MESSAGES.confirmRotate}
        isPending={issue.isPending}
        onConfirm={rotate}
        onClose={close}
      />
      <ConfirmDialog
        isOpen={asking === 'revoke'}
        title={INTEGRATIONS_MESSAGES.revokeTitle}
        question={INTEGRATIONS_MESSAGES.revokeQuestion}
        confirmLabel={INTEGRATIONS_MESSAGES.confirmRevoke}
        isPending={revoke.isPending}
        onConfirm={remove}
        onClose={close}
      />
    </section>
  );
}
