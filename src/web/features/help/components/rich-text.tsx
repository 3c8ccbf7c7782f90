import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { inlineParts } from '../help-content.ts';

const linkClass =
  'text-brand-800 focus-visible:ring-brand-500/60 rounded-sm font-medium underline underline-offset-2 hover:text-brand-900 focus-visible:ring-2 focus-visible:outline-none';

/** A plain left click stays in the app; a modified one (new tab, new window) is the browser's. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A link to an address of the app written in an article's text (not a typed route): followed
 * inside the app, without a reload.
 */
export function AppAnchor({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <a
      href={to}
      className={className}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        void navigate({ href: to });
      }}
    >
      {children}
    </a>
  );
}

/** An article's text with its marks: **bold** for what the screen says, and links. */
export function RichText({ text }: { text: string }) {
  return inlineParts(text).map((part, index) => {
    if (part.kind === 'strong') {
      return (
        <strong key={index} className="font-semibold text-slate-900">
          {part.text}
        </strong>
      );
    }
    if (part.kind === 'link') {
      return (
        <AppAnchor key={index} to={part.to} className={linkClass}>
          {part.text}
        </AppAnchor>
      );
    }
    return part.text;
  });
}
