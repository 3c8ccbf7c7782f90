import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Play } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { readFeedAsSpreadsheet } from '../api/read-feed.ts';
import { feedLinks, ownFeedUrl } from '../feed-urls.ts';
import { TEST_INTEGRATIONS_MESSAGES as M } from '../messages.ts';
import { useRevealedFeed } from '../revealed-feed.ts';
import { FeedPreview } from './feed-preview.tsx';

const SHOWN_ROWS = 10;

/**
 * /test-integracoes: reads a feed URL as a spreadsheet does. The address just made in this tab
 * is filled in and read at once; any other of this origin's feed URLs may be pasted.
 */
export function FeedTestScreen() {
  const fieldId = useId();
  const revealed = useRevealedFeed();
  const origin = location.origin;
  const [text, setText] = useState(() => (revealed ? feedLinks(origin, revealed).sheetsUrl : ''));
  const [invalid, setInvalid] = useState<string | null>(null);
  const read = useMutation({
    mutationFn: (url: URL) =>
      readFeedAsSpreadsheet(url, { maxRows: SHOWN_ROWS, fallback: M.readFailed }),
    retry: false,
  });

  const run = (value: string) => {
    const url = ownFeedUrl(value, origin);
    setInvalid(url ? null : M.urlInvalid(origin));
    if (url) read.mutate(url);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(text);
  };

  // The address just revealed is read once, as the page opens.
  const hasRunFirst = useRef(false);
  useEffect(() => {
    if (hasRunFirst.current || text === '') return;
    hasRunFirst.current = true;
    run(text);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page opens
  }, []);

  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">{M.intro}</p>
      <form
        onSubmit={submit}
        className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        noValidate
      >
        <Label htmlFor={fieldId}>{M.urlLabel}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={fieldId}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={invalid !== null}
            aria-describedby={`${fieldId}-note`}
            className="font-mono text-sm"
          />
          <Button type="submit" disabled={read.isPending}>
            <Play aria-hidden />
            {read.isPending ? M.reading : M.read}
          </Button>
        </div>
        <p
          id={`${fieldId}-note`}
          role={invalid ? 'alert' : undefined}
          className={invalid ? 'text-sm text-red-700' : 'text-sm text-slate-600'}
        >
          {invalid ?? M.urlHint}
        </p>
        {text === '' ? (
          <p className="text-sm text-slate-600">
            {M.noUrlYet}{' '}
            <Link to="/integracoes" className="text-brand-800 font-medium underline">
              {M.goToIntegrations}
            </Link>
          </p>
        ) : null}
      </form>
      {read.isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-900">
          {M.readFailed}
        </p>
      ) : null}
      {read.data ? <FeedPreview reading={read.data} /> : null}
    </div>
  );
}
