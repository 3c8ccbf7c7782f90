import { Link } from '@tanstack/react-router';
import { KeyRound, Sheet, TableProperties } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { feedLinks, type FeedPaths } from '../feed-urls.ts';
import { INTEGRATIONS_MESSAGES } from '../messages.ts';
import { CopyField } from './copy-field.tsx';

function Destination({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        {icon}
        {title}
      </h3>
      {children}
    </div>
  );
}

/** The new secret's addresses, ready to paste, with the warning that this is the only time. */
export function RevealedFeedPanel({ paths }: { paths: FeedPaths }) {
  const links = feedLinks(location.origin, paths);
  return (
    <section
      aria-labelledby="revealed-feed-title"
      className="flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-6"
    >
      <div className="flex gap-3">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden />
        <div>
          <h2 id="revealed-feed-title" className="font-semibold text-slate-900">
            {INTEGRATIONS_MESSAGES.revealedTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{INTEGRATIONS_MESSAGES.revealedNote}</p>
        </div>
      </div>
      <div className="flex flex-col gap-3">
        <Destination
          icon={<Sheet className="size-5 text-emerald-700" aria-hidden />}
          title={INTEGRATIONS_MESSAGES.sheetsTitle}
        >
          <CopyField
            label={INTEGRATIONS_MESSAGES.sheetsSteps}
            value={links.sheetsFormula}
            testId="feed-sheets-formula"
          />
          <CopyField
            label={INTEGRATIONS_MESSAGES.sheetsLocaleTip}
            value={links.sheetsFormulaWithLocale}
          />
        </Destination>
        <Destination
          icon={<TableProperties className="size-5 text-green-800" aria-hidden />}
          title={INTEGRATIONS_MESSAGES.excelTitle}
        >
          <CopyField
            label={INTEGRATIONS_MESSAGES.excelSteps}
            value={links.excelUrl}
            testId="feed-excel-url"
          />
        </Destination>
      </div>
      <Link to="/test-integracoes" className={buttonVariants({ variant: 'outline' })}>
        {INTEGRATIONS_MESSAGES.testFeed}
      </Link>
    </section>
  );
}
