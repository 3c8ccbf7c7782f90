import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleAlert, LoaderCircle, PlayCircle } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { isDemoAccount } from '#shared/demo.ts';
import { Button } from '#web/components/ui/button.tsx';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { sessionQueryOptions } from '#web/lib/session.ts';
import { useStartDemo } from '../api/start-demo.ts';
import { DEMO_WEB_MESSAGES } from '../messages.ts';

function Card({ children }: { children: ReactNode }) {
  return <div className="flex flex-col items-center gap-4 text-center">{children}</div>;
}

/**
 * 'Ver demo' lands here: the visitor is signed into the demo account and taken to /resumo. A
 * signed-in owner of a real account is asked first, since their session ends in this browser.
 */
export function DemoStart() {
  const session = useQuery(sessionQueryOptions);
  const start = useStartDemo();
  const navigate = useNavigate();
  const hasStarted = useRef(false);
  const current = session.data ?? null;
  const isRealSession = current !== null && !isDemoAccount(current.user.id);

  const begin = (endCurrentSession: boolean) => {
    hasStarted.current = true;
    start.mutate(
      { endCurrentSession },
      { onSuccess: () => void navigate({ to: '/resumo', replace: true }) },
    );
  };

  useEffect(() => {
    if (session.isPending || hasStarted.current || isRealSession) return;
    begin(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the session is known
  }, [session.isPending, isRealSession]);

  if (start.isError) {
    return (
      <Card>
        <CircleAlert className="size-8 text-red-600" aria-hidden />
        <div role="alert">
          <h2 className="font-semibold text-slate-900">{DEMO_WEB_MESSAGES.failed}</h2>
          <p className="mt-1 text-sm text-slate-600">{start.error.message}</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => begin(isRealSession)}>{DEMO_WEB_MESSAGES.retry}</Button>
          <Link to="/home" className={buttonVariants({ variant: 'outline' })}>
            {DEMO_WEB_MESSAGES.backHome}
          </Link>
        </div>
      </Card>
    );
  }
  if (isRealSession && !start.isPending && !start.isSuccess) {
    return (
      <Card>
        <PlayCircle className="text-brand-700 size-8" aria-hidden />
        <div>
          <h2 className="font-semibold text-slate-900">{DEMO_WEB_MESSAGES.signedInTitle}</h2>
          <p className="mt-1 text-sm text-slate-600">
            {DEMO_WEB_MESSAGES.signedInText(current.user.email)}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => begin(true)}>{DEMO_WEB_MESSAGES.seeDemo}</Button>
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            {DEMO_WEB_MESSAGES.backToInvoices}
          </Link>
        </div>
      </Card>
    );
  }
  return (
    <Card>
      <LoaderCircle className="text-brand-700 size-8 animate-spin" aria-hidden />
      <div role="status" aria-live="polite">
        <h2 className="font-semibold text-slate-900">{DEMO_WEB_MESSAGES.preparing}</h2>
        <p className="mt-1 text-sm text-slate-600">{DEMO_WEB_MESSAGES.preparingHint}</p>
      </div>
    </Card>
  );
}
