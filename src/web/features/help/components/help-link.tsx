import { Link } from '@tanstack/react-router';
import { CircleHelp } from 'lucide-react';
import type { HelpSlug } from '../help-topics.ts';

/**
 * 'Ajuda' beside a page's title: the help article about that screen. It loads with every page
 * that has one, so it imports no words of the help centre (DESIGN.md budget for /: every byte
 * of a signed-in page's first load counts); the article comes with the help centre's chunk.
 */
export function HelpLink({ slug, pageTitle }: { slug: HelpSlug; pageTitle: string }) {
  return (
    <Link
      to="/ajuda-tutoriais/$slug"
      params={{ slug }}
      aria-label={`Ajuda: ${pageTitle}`}
      className="text-brand-800 hover:bg-brand-50 focus-visible:ring-brand-500/60 inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full px-2.5 text-sm font-semibold focus-visible:ring-3 focus-visible:outline-none"
    >
      <CircleHelp className="size-4" aria-hidden />
      Ajuda
    </Link>
  );
}
