import type { FeedReading } from '../api/read-feed.ts';
import { TEST_INTEGRATIONS_MESSAGES as M } from '../messages.ts';

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="font-mono text-sm break-all text-slate-900">{value ?? '—'}</dd>
    </div>
  );
}

/** What the spreadsheet received: the answer's headers, the columns and the first rows. */
export function FeedPreview({ reading }: { reading: FeedReading }) {
  const { result } = reading;
  return (
    <div className="flex flex-col gap-4" data-testid="feed-preview">
      <section
        aria-labelledby="feed-answer-title"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h2 id="feed-answer-title" className="font-semibold text-slate-900">
          {M.answer}
        </h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          <Fact label={M.status} value={String(reading.status)} />
          <Fact label={M.contentType} value={reading.contentType} />
          <Fact label={M.cacheControl} value={reading.cacheControl} />
          <Fact label={M.etag} value={reading.etag} />
          {result.kind === 'csv' ? (
            <Fact label={M.separator} value={M.separators[result.table.separator]} />
          ) : null}
        </dl>
        {result.kind === 'error' ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
            {result.message}
          </p>
        ) : null}
      </section>
      {result.kind === 'csv' ? (
        <>
          <section aria-labelledby="feed-columns-title">
            <h2 id="feed-columns-title" className="mb-2 font-semibold text-slate-900">
              {M.columns(result.table.headings.length)}
            </h2>
            <ol className="flex flex-wrap gap-1.5" data-testid="feed-columns">
              {result.table.headings.map((heading, index) => (
                <li
                  key={`${index}-${heading}`}
                  className="rounded-full border border-slate-200 bg-white px-2.5 py-1 text-xs text-slate-800"
                >
                  {heading}
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="feed-rows-title">
            <h2 id="feed-rows-title" className="mb-2 font-semibold text-slate-900">
              {result.table.rows.length === 0 ? M.noRows : M.firstRows(result.table.rows.length)}
            </h2>
            {result.table.rows.length > 0 ? (
              <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
                <table className="min-w-full text-left text-xs sm:text-sm" data-testid="feed-rows">
                  <thead className="bg-slate-50 text-slate-600">
                    <tr>
                      {result.table.headings.map((heading, index) => (
                        <th
                          key={`${index}-${heading}`}
                          scope="col"
                          className="px-3 py-2 font-medium whitespace-nowrap"
                        >
                          {heading}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 text-slate-900">
                    {result.table.rows.map((row, rowIndex) => (
                      <tr key={rowIndex}>
                        {row.map((cell, index) => (
                          <td key={index} className="max-w-64 truncate px-3 py-2 whitespace-nowrap">
                            {cell}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </section>
        </>
      ) : null}
    </div>
  );
}
