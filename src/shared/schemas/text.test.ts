import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  hasForbiddenCharacters,
  multiLineText,
  optionalText,
  singleLineText,
  TEXT_MESSAGES,
} from './text.ts';

const SEED = 20_260_513;
const check = <Ts extends unknown[]>(property: fc.IProperty<Ts>) =>
  fc.assert(property, { seed: SEED, numRuns: 300 });

const codeUnit = (from: number, to: number) =>
  fc.integer({ min: from, max: to }).map((c) => String.fromCharCode(c));

/** Characters no single-line field accepts, one of each family. */
const forbiddenSingleLine = fc.oneof(
  codeUnit(0x00, 0x1f), // C0 controls, NUL, tab and newline included
  codeUnit(0x7f, 0x9f), // DEL and C1 controls
  codeUnit(0x202a, 0x202e), // bidi embeddings and overrides
  codeUnit(0x2066, 0x2069), // bidi isolates
  codeUnit(0xd800, 0xdbff), // a high surrogate without its pair
  codeUnit(0xdc00, 0xdfff), // a low surrogate without its pair
);

/** Any text at all: every code unit, lone surrogates included. */
const anyText = fc.string({
  unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), forbiddenSingleLine),
  maxLength: 40,
});

/** Printable text of any script (emoji and combining marks included), spaces at the ends. */
const cleanText = fc
  .string({ unit: 'grapheme', maxLength: 30 })
  .filter((s) => !hasForbiddenCharacters(s))
  .map((s) => ` ${s}  `);

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

test('a single-line text with any forbidden character anywhere is refused with the pt-PT message', () => {
  check(
    fc.property(cleanText, forbiddenSingleLine, fc.nat(), (text, bad, at) => {
      const index = at % (text.length + 1);
      // A lone high surrogate followed by a low one would be a pair: keep the halves apart.
      const value = `${text.slice(0, index)}${bad}x${text.slice(index)}`;
      expect(
        messagesOf(singleLineText().min(1, 'vazio').max(500, 'longo').safeParse(value)),
      ).toEqual([TEXT_MESSAGES.invalidCharacters]);
    }),
  );
});

test('printable text of any script is kept, NFC-normalised and trimmed', () => {
  check(
    fc.property(cleanText, (text) => {
      expect(singleLineText().parse(text)).toBe(text.normalize('NFC').trim());
    }),
  );
});

test('whatever is accepted is NFC, trimmed and free of forbidden characters', () => {
  for (const schema of [singleLineText(), multiLineText()]) {
    check(
      fc.property(anyText, (text) => {
        const result = schema.safeParse(text);
        if (!result.success) return;
        expect(result.data).toBe(result.data.normalize('NFC'));
        expect(result.data).toBe(result.data.trim());
        expect(result.data.includes('\u0000')).toBe(false);
        expect(hasForbiddenCharacters(result.data, 'multi-line')).toBe(false);
      }),
    );
  }
});

test('multi-line text keeps tab and newline, folds CR LF, and refuses every other control', () => {
  expect(multiLineText().parse(' linha 1\r\n\tlinha 2\rlinha 3 ')).toBe(
    'linha 1\n\tlinha 2\nlinha 3',
  );
  check(
    fc.property(
      forbiddenSingleLine.filter((c) => !['\t', '\n', '\r'].includes(c)),
      (bad) => {
        expect(messagesOf(multiLineText().safeParse(`a${bad}b`))).toEqual([
          TEXT_MESSAGES.invalidCharacters,
        ]);
      },
    ),
  );
  for (const lineBreak of ['\t', '\n', '\r']) {
    expect(messagesOf(singleLineText().safeParse(`a${lineBreak}b`))).toEqual([
      TEXT_MESSAGES.invalidCharacters,
    ]);
  }
});

test('a surrogate pair (an emoji) is text; either half alone is not', () => {
  expect(singleLineText().parse('Fatura 🧾')).toBe('Fatura 🧾');
  expect(singleLineText().safeParse('Fatura \ud83e').success).toBe(false);
  expect(singleLineText().safeParse('\udddeFatura').success).toBe(false);
});

test('a password is checked but kept exactly as typed', () => {
  const password = singleLineText({ trim: false, normalize: false });
  expect(password.parse(' Cafe\u0301 1 ')).toBe(' Cafe\u0301 1 ');
  expect(password.safeParse('segredo\u00001').success).toBe(false);
});

test('an optional text is null when missing or blank, refused when not text', () => {
  const notes = optionalText('multi-line', 10, 'longo');
  expect([notes.parse(undefined), notes.parse(null), notes.parse(' \n ')]).toEqual([
    null,
    null,
    null,
  ]);
  expect(messagesOf(notes.safeParse('x'.repeat(11)))).toEqual(['longo']);
  expect(messagesOf(notes.safeParse(42))).toEqual([TEXT_MESSAGES.invalidCharacters]);
  expect(messagesOf(notes.safeParse('a\u0000'))).toEqual([TEXT_MESSAGES.invalidCharacters]);
});
