import { highlightParts } from '../search-help.ts';

/** The text with the words that match the search marked. */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  return highlightParts(text, terms).map((part, index) =>
    part.isMatch ? (
      <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
