import { ArrowRight, Lightbulb } from 'lucide-react';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import type { HelpArticle, HelpBlock } from '../help-content.ts';
import { HELP_IMAGES } from '../help-images.ts';
import { HELP_MESSAGES } from '../messages.ts';
import { AppAnchor, RichText } from './rich-text.tsx';
import { TopicCard } from './help-topic-list.tsx';

function Screenshot({ block }: { block: Extract<HelpBlock, { kind: 'screenshot' }> }) {
  const image = HELP_IMAGES[block.image];
  return (
    <figure className="mx-auto my-2 w-full max-w-[18rem]">
      <img
        src={image.src}
        width={image.width}
        height={image.height}
        alt={block.alt}
        loading="lazy"
        decoding="async"
        className="h-auto w-full rounded-2xl border border-slate-200 bg-white shadow-md"
        data-help-image={block.image}
      />
      <figcaption className="mt-2 text-center text-sm leading-6 text-slate-600">
        <RichText text={block.caption} />
      </figcaption>
    </figure>
  );
}

function Block({ block }: { block: HelpBlock }) {
  switch (block.kind) {
    case 'text':
      return (
        <p>
          <RichText text={block.text} />
        </p>
      );
    case 'heading':
      return <h2 className="mt-4 text-lg font-semibold text-slate-900">{block.text}</h2>;
    case 'steps':
    case 'list': {
      const List = block.kind === 'steps' ? 'ol' : 'ul';
      return (
        <List
          className={
            block.kind === 'steps'
              ? 'marker:text-brand-700 list-decimal space-y-2 pl-6 marker:font-semibold'
              : 'list-disc space-y-2 pl-6 marker:text-slate-400'
          }
        >
          {block.items.map((item) => (
            <li key={item} className="pl-1">
              <RichText text={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'note':
      return (
        <aside className="border-brand-200 bg-brand-50 text-brand-950 flex gap-3 rounded-xl border p-4 text-sm leading-6">
          <Lightbulb className="text-brand-700 mt-0.5 size-5 shrink-0" aria-hidden />
          <p>
            <RichText text={block.text} />
          </p>
        </aside>
      );
    case 'table':
      return (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="px-3 pt-3 text-left text-sm font-semibold text-slate-900">
              {block.caption}
            </caption>
            <thead className="text-xs text-slate-500">
              <tr>
                {block.head.map((cell) => (
                  <th key={cell} scope="col" className="px-3 py-2 font-medium">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row.join('|')} className="border-t border-slate-100 align-top">
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th
                        key={cell}
                        scope="row"
                        className="px-3 py-2 font-semibold whitespace-nowrap text-slate-900"
                      >
                        {cell}
                      </th>
                    ) : (
                      <td key={`${index}-${cell}`} className="px-3 py-2">
                        <RichText text={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'screenshot':
      return <Screenshot block={block} />;
    case 'action':
      return (
        <p>
          <AppAnchor to={block.to} className={buttonVariants({ variant: 'primary' })}>
            {block.label}
            <ArrowRight aria-hidden />
          </AppAnchor>
        </p>
      );
  }
}

/** An article: its lead, its blocks in order, then the related articles. */
export function HelpArticleView({
  article,
  related,
}: {
  article: HelpArticle;
  related: readonly HelpArticle[];
}) {
  return (
    <article className="flex flex-col gap-8" data-testid="help-article">
      <div className="flex flex-col gap-4 text-base leading-7 text-slate-700">
        <p className="text-lg leading-8 text-slate-800">
          <RichText text={article.summary} />
        </p>
        {article.blocks.map((block, index) => (
          <Block key={index} block={block} />
        ))}
      </div>
      {related.length > 0 ? (
        <section aria-labelledby="artigos-relacionados" className="flex flex-col gap-3">
          <h2 id="artigos-relacionados" className="text-lg font-semibold text-slate-900">
            {HELP_MESSAGES.related}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {related.map((other) => (
              <li key={other.slug}>
                <TopicCard article={other} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
