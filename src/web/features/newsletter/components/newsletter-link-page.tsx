import { Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Logo } from '#web/components/ui/logo.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { followNewsletterLink, type NewsletterLinkAction } from '../api/newsletter-links.ts';
import { NEWSLETTER_PAGE_MESSAGES as M } from '../messages.ts';

type LinkState =
  { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string; canRetry: boolean };

type NewsletterLinkPageProps = { action: NewsletterLinkAction; token: string | undefined };

/**
 * Where the newsletter's emailed links land: the page does what the link says as it opens (one
 * click from the email), then says so. The request is a POST, so a mail scanner that only
 * fetches the link's page confirms or cancels nothing.
 */
export function NewsletterLinkPage({ action, token }: NewsletterLinkPageProps) {
  const text = M[action];
  useDocumentTitle(text.title);
  const [state, setState] = useState<LinkState>(
    token ? { kind: 'working' } : { kind: 'failed', message: M.missingToken, canRetry: false },
  );
  const started = useRef(false);

  const follow = useCallback(() => {
    if (!token) return;
    setState({ kind: 'working' });
    followNewsletterLink(action, token)
      .then(() => setState({ kind: 'done' }))
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : text.failed;
        // A refused link stays refused; only a failed request is worth another try.
        const status = typeof error === 'object' && error && 'status' in error ? error.status : 0;
        setState({ kind: 'failed', message, canRetry: status === 0 || Number(status) >= 500 });
      });
  }, [action, token, text.failed]);

  useEffect(() => {
    // Once per page, also under React's development double effects.
    if (started.current) return;
    started.current = true;
    follow();
  }, [follow]);

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white px-4 sm:px-6">
        <div className="mx-auto flex h-16 max-w-xl items-center">
          <Link to="/home" className="rounded-md" aria-label="Papelada — página inicial">
            <Logo />
          </Link>
        </div>
      </header>
      <main id="conteudo" tabIndex={-1} className="flex-1 px-4 py-12 focus:outline-none sm:px-6">
        <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {state.kind === 'working' ? (
            <p role="status" className="flex items-center gap-3 text-slate-700">
              <LoaderCircle className="text-brand-700 size-5 animate-spin" aria-hidden />
              {text.working}
            </p>
          ) : state.kind === 'done' ? (
            <div role="status">
              <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
                <CircleCheck className="size-7 text-emerald-600" aria-hidden />
                {text.doneTitle}
              </h1>
              <p className="mt-3 text-slate-700">{text.done}</p>
            </div>
          ) : (
            <div role="alert">
              <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
                <CircleAlert className="size-7 text-red-600" aria-hidden />
                {text.failedTitle}
              </h1>
              <p className="mt-3 text-slate-700">{state.message}</p>
            </div>
          )}
          <div className="mt-6 flex flex-wrap gap-2">
            {state.kind === 'failed' && state.canRetry ? (
              <button type="button" className={buttonVariants()} onClick={follow}>
                {M.retry}
              </button>
            ) : null}
            <Link to="/home" className={buttonVariants({ variant: 'outline' })}>
              {M.home}
            </Link>
          </div>
        </div>
      </main>
    </div>
  );
}
