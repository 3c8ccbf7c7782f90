import { TriangleAlert } from 'lucide-react';
import { SCAN_FIELD_LABELS, SCAN_MESSAGES } from '../messages.ts';
import type { ScanDraft } from '../scan-draft.ts';

/**
 * Where the fields came from, the validator's warnings and the fields worth a second look
 * (each also marked on the field itself).
 */
export function ReadingNotes({ draft }: { draft: ScanDraft }) {
  const hasNotes = draft.warnings.length > 0 || draft.uncertainFields.length > 0;
  return (
    <div className="flex flex-col gap-3">
      {draft.source === 'manual' ? (
        <p className="text-sm text-slate-600">{SCAN_MESSAGES.manualIntro}</p>
      ) : (
        <p className="text-sm text-slate-600">
          {SCAN_MESSAGES.reviewIntro}{' '}
          <span className="bg-brand-50 text-brand-900 inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium">
            {SCAN_MESSAGES.sourceLabel} {SCAN_MESSAGES.sources[draft.source]}
          </span>
        </p>
      )}
      {hasNotes ? (
        <section
          role="status"
          aria-label={SCAN_MESSAGES.warningsTitle}
          className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div className="flex min-w-0 flex-col gap-2">
            <h2 className="font-semibold">{SCAN_MESSAGES.warningsTitle}</h2>
            {draft.warnings.length > 0 ? (
              <ul className="flex list-disc flex-col gap-1 pl-4">
                {draft.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            ) : null}
            {draft.uncertainFields.length > 0 ? (
              <p>
                {SCAN_MESSAGES.uncertainTitle}{' '}
                {draft.uncertainFields.map((field) => SCAN_FIELD_LABELS[field]).join(', ')}.
              </p>
            ) : null}
          </div>
        </section>
      ) : null}
    </div>
  );
}
