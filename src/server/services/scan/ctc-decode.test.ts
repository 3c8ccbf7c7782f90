import { describe, expect, test } from 'vitest';
import {
  characterSet,
  decodeLine,
  inkProfile,
  restorePrintedMarks,
  type CharacterSet,
} from './ctc-decode.ts';

// A dictionary like the model's: Chinese, full-width punctuation, Latin letters and digits.
const set: CharacterSet = characterSet(
  ['中', 'F', 'T', '2', '0', '6', ',', '！', '3', '5', ''].join('\n'),
);
const index = (character: string) => set.characters.indexOf(character);

/** Model output for a sequence of steps, each naming its most likely class ('' = blank). */
function output(steps: Array<string | [string, string]>) {
  const classes = set.characters.length;
  const probabilities = new Float32Array(steps.length * classes);
  steps.forEach((step, t) => {
    // [best, runner-up]: the best may be a character that is not allowed.
    const [best, second] = Array.isArray(step) ? step : [step, null];
    const bestIndex = best === '' ? 0 : index(best);
    probabilities[t * classes + bestIndex] = 0.9;
    if (second !== null) probabilities[t * classes + (second === '' ? 0 : index(second))] = 0.08;
  });
  return { probabilities, steps: steps.length, classes };
}

const noGaps = (width: number) => ({
  blankColumns: new Uint8Array(width),
  imageWidth: width,
  minGap: 10,
});

describe('characterSet', () => {
  test('has the blank first and the space last, in NFKC, and allows only what invoices print', () => {
    expect(set.characters[0]).toBe('');
    expect(set.characters.at(-1)).toBe(' ');
    // The full-width exclamation mark is read as '!'.
    expect(set.characters).toContain('!');
    const allowed = [...set.allowed].map((i) => set.characters[i]);
    expect(allowed).toEqual(['F', 'T', '2', '0', '6', ',', '!', '3', '5', ' ']);
    expect(allowed).not.toContain('中');
  });
});

describe('decodeLine', () => {
  test('collapses repeats, drops blanks, and keeps a doubled letter split by a blank', () => {
    const { probabilities, steps, classes } = output([
      'F',
      'F',
      '',
      'T',
      '',
      '2',
      '0',
      '',
      '0',
      '6',
    ]);
    const line = decodeLine(probabilities, steps, classes, set, noGaps(80));
    expect(line.text).toBe('FT2006');
    expect(line.confidences).toHaveLength(6);
    for (const confidence of line.confidences) expect(confidence).toBeCloseTo(0.9, 5);
    // Positions rise along the line, as fractions of its width.
    expect(line.positions).toEqual([...line.positions].sort((a, b) => a - b));
    expect(line.positions.at(-1)).toBeLessThan(1);
  });

  test('reads the best allowed character where the model would write a Chinese one', () => {
    const { probabilities, steps, classes } = output(['F', ['中', 'T'], '', ['中', '']]);
    expect(decodeLine(probabilities, steps, classes, set, noGaps(32)).text).toBe('FT');
  });

  test('puts a space where the line image has a word gap, and only there', () => {
    // 10 steps over a 100-column line: step t reads around column 10t + 5.
    const { probabilities, steps, classes } = output(['F', 'T', '', '', '2', '0', '', '', '', '6']);
    const blank = new Uint8Array(100);
    blank.fill(1, 20, 40); // between 'T' (step 1) and '2' (step 4)
    blank.fill(1, 62, 70); // too narrow to be a word gap: between '0' and '6'
    const line = decodeLine(probabilities, steps, classes, set, {
      blankColumns: blank,
      imageWidth: 100,
      minGap: 10,
    });
    expect(line.text).toBe('FT 206');
    expect(line.confidences).toHaveLength(line.text.length);
    expect(line.positions).toHaveLength(line.text.length);
  });

  test('never splits a number at its separator, however wide the gap around a comma', () => {
    // Monospace print leaves a wide blank either side of a comma.
    const { probabilities, steps, classes } = output(['3', '', '', ',', '', '', '5', '6']);
    const blank = new Uint8Array(80);
    blank.fill(1, 10, 30);
    blank.fill(1, 40, 60);
    const line = decodeLine(probabilities, steps, classes, set, {
      blankColumns: blank,
      imageWidth: 80,
      minGap: 10,
    });
    expect(line.text).toBe('3,56');
  });

  test('splits two digits only at a gap twice as wide as a word gap', () => {
    // '2' '0' with 15 blank columns between (beside a monospace '1' there can be that
    // many), then '0' '6' with 25.
    const { probabilities, steps, classes } = output(['2', '', '', '0', '', '', '', '6']);
    const blank = new Uint8Array(80);
    blank.fill(1, 10, 25);
    blank.fill(1, 38, 63);
    const line = decodeLine(probabilities, steps, classes, set, {
      blankColumns: blank,
      imageWidth: 80,
      minGap: 10,
    });
    expect(line.text).toBe('20 6');
  });
});

describe('inkProfile', () => {
  test('marks the columns without ink in the line’s band, and measures the band’s height', () => {
    const [width, height] = [60, 24];
    const grey = new Float32Array(width * height).fill(1);
    // Letters in columns 10–19 (rows 1–17: a capital reaching the top) and 40–49 (rows
    // 6–17); specks above and below the band, in columns 30 and 55, are too small to count.
    for (let y = 1; y < 18; y++) for (let x = 10; x < 20; x++) grey[y * width + x] = -1;
    for (let y = 6; y < 18; y++) for (let x = 40; x < 50; x++) grey[y * width + x] = -0.8;
    grey[0 * width + 30] = -1;
    grey[21 * width + 55] = -1;
    const { blankColumns, inkHeight } = inkProfile(grey, width, height);
    const inked = [...blankColumns].flatMap((flag, x) => (flag ? [] : [x]));
    expect(inked).toEqual([
      ...Array.from({ length: 10 }, (_, i) => 10 + i),
      ...Array.from({ length: 10 }, (_, i) => 40 + i),
    ]);
    expect(inkHeight).toBe(17);
  });

  test('finds no ink height on a blank image', () => {
    expect(inkProfile(new Float32Array(40).fill(1), 10, 4).inkHeight).toBe(0);
  });
});

describe('restorePrintedMarks', () => {
  test.each([
    ['N.9 FS F26/3307', 'N.º FS F26/3307'],
    ['N.0FR 2026/4521', 'N.º FR 2026/4521'],
    ['certificado n.° 1287/AT', 'certificado n.º 1287/AT'],
    ['Receita n.9 2011000054321', 'Receita n.º 2011000054321'],
  ])('%s → %s', (read, printed) => {
    expect(restorePrintedMarks(read)).toBe(printed);
  });

  test.each([
    ['Fatura Simplificada n. Fs 021/004512', 'Fatura Simplificada n.º FS 021/004512'],
    ['Nota de crédito Nc A/17', 'Nota de crédito NC A/17'],
    ['N. FT 2019/0345', 'N.º FT 2019/0345'],
  ])('%s → %s (the document type)', (read, printed) => {
    expect(restorePrintedMarks(read)).toBe(printed);
  });

  test('leaves numbers and words that only look like them alone', () => {
    expect(restorePrintedMarks('Lote N.90')).toBe('Lote N.90');
    expect(restorePrintedMarks('Total 12,90 EUR')).toBe('Total 12,90 EUR');
    expect(restorePrintedMarks('Fr. João, Nc 12')).toBe('Fr. João, Nc 12');
    expect(restorePrintedMarks('N. de série 1234')).toBe('N. de série 1234');
  });
});
