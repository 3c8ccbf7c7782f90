import { expect, test } from 'vitest';
import { router } from '#web/app/router.tsx';
import { blockTexts, inlineParts, plainText, type HelpArticle } from './help-content.ts';
import { HELP_ARTICLES } from './help-articles.ts';
import { HELP_SLUGS, HELP_TOPICS, isHelpSlug } from './help-topics.ts';
import { foldText } from './search-help.ts';

/** Every text of an article, marks included, as written. */
function rawTexts(article: HelpArticle): string[] {
  return [
    article.summary,
    ...article.blocks.flatMap((block) => {
      switch (block.kind) {
        case 'steps':
        case 'list':
          return [...block.items];
        case 'table':
          return block.rows.flat();
        case 'screenshot':
          return [block.caption, block.alt];
        case 'action':
          return [block.label];
        default:
          return [block.text];
      }
    }),
  ];
}

/** Every address an article sends people to: its links and its action buttons. */
function targetsOf(article: HelpArticle): string[] {
  const inText = rawTexts(article).flatMap((text) =>
    inlineParts(text).flatMap((part) => (part.kind === 'link' ? [part.to] : [])),
  );
  const actions = article.blocks.flatMap((b) => (b.kind === 'action' ? [b.to] : []));
  return [...inText, ...actions];
}

test('the ten topics of issue 20 point 6, each an article at its own address, in order', () => {
  expect(HELP_ARTICLES.map((a) => a.slug)).toEqual(HELP_SLUGS);
  expect(HELP_SLUGS).toHaveLength(10);
  for (const article of HELP_ARTICLES) {
    expect(article.title).toBe(HELP_TOPICS[article.slug]);
    expect(article.blocks.length, article.slug).toBeGreaterThan(3);
  }
});

test('every link of every article leads to a screen of the app or to another article', () => {
  const paths = new Set(Object.keys(router.routesByPath));
  for (const article of HELP_ARTICLES) {
    for (const to of targetsOf(article)) {
      const articleSlug = /^\/ajuda-tutoriais\/([\w-]+)$/.exec(to)?.[1];
      if (articleSlug !== undefined) expect(isHelpSlug(articleSlug), to).toBe(true);
      else expect(paths.has(to), `${article.slug} → ${to}`).toBe(true);
    }
    for (const slug of article.related) {
      expect(isHelpSlug(slug)).toBe(true);
      expect(slug).not.toBe(article.slug);
    }
  }
});

test('the marks are closed: no stray ** or [ ] is left in what the page shows', () => {
  for (const article of HELP_ARTICLES) {
    for (const text of [
      ...rawTexts(article).map(plainText),
      ...article.blocks.flatMap(blockTexts),
    ]) {
      expect(text, article.slug).not.toMatch(/\*\*|\]\(/);
    }
  }
});

test('every screenshot has a description for screen readers and a caption', () => {
  for (const article of HELP_ARTICLES) {
    for (const block of article.blocks) {
      if (block.kind !== 'screenshot') continue;
      expect(block.alt.length, block.image).toBeGreaterThan(30);
      expect(block.caption.length, block.image).toBeGreaterThan(10);
    }
  }
});

// Brazilian forms where European Portuguese says otherwise: ecrã, telemóvel, utilizador,
// registo, ficheiro, equipa, aplicação, transferir/descarregar, guardar, eliminar.
const NOT_PT_PT = [
  'tela',
  'celular',
  'usuario',
  'usuarios',
  'cadastro',
  'cadastrar',
  'arquivo',
  'arquivos',
  'voce',
  'registrado',
  'registrada',
  'registrar',
  'equipe',
  'aplicativo',
  'baixar',
  'deletar',
  'salvar',
  'time',
  'contato',
];

test('the articles are written in European Portuguese', () => {
  for (const article of HELP_ARTICLES) {
    const words = new Set(
      foldText([article.title, ...rawTexts(article).map(plainText)].join(' ')).match(/[a-z]+/g),
    );
    expect(
      NOT_PT_PT.filter((word) => words.has(word)),
      article.slug,
    ).toEqual([]);
  }
});
