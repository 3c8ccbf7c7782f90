// Text of one line from the recognition model's output (greedy CTC decoding), for
// paddle-ocr.ts. The model (PP-OCRv4, trained on Chinese and English) knows 6 623
// characters; an invoice in Portugal uses Latin letters, digits and punctuation, so only
// those may be read and a smudge cannot come out as a Chinese character. The model
// rarely writes a space, so spaces come from the line image itself: a run of blank
// columns between two characters as wide as a word gap, measured against the height of
// the line's ink. Pure functions.

/** Characters an invoice can hold (after NFKC: full-width forms become ASCII). */
const INVOICE_CHARACTER = /^[\x20-\x7e\u00a0-\u024f€º°ª§]$/u;

export type CharacterSet = {
  /** Index → character; index 0 is CTC's blank. */
  characters: readonly string[];
  /** The indices that may be read (blank excluded), ascending. */
  allowed: Int32Array;
};

/** The model's dictionary file (one character a line) as a character set; CTC adds blank and space. */
export function characterSet(dictionary: string): CharacterSet {
  const lines = dictionary.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const characters = ['', ...lines.map((line) => line.normalize('NFKC')), ' '];
  const allowed = characters.flatMap((character, index) =>
    index > 0 && INVOICE_CHARACTER.test(character) ? [index] : [],
  );
  return { characters, allowed: Int32Array.from(allowed) };
}

export type DecodedLine = {
  text: string;
  /** The model's probability of each character of `text` (spaces included). */
  confidences: number[];
  /** Where each character of `text` was read, as a fraction of the line's width. */
  positions: number[];
};

/** No space is put before these, nor after a separator inside a number ("3,56", "09/11"). */
const NO_SPACE_BEFORE = /^[.,:;!?/)%-]$/u;
const NUMBER_SEPARATOR = /^[.,/(-]$/u;
const DIGIT = /^[0-9]$/u;

/**
 * One line from `probabilities` (`steps` × `classes`, row-major, for this line only).
 * `blankColumns` marks the columns of the line image (`imageWidth` wide) with no ink;
 * a run of at least `minGap` of them between two characters becomes a space.
 */
export function decodeLine(
  probabilities: Float32Array,
  steps: number,
  classes: number,
  set: CharacterSet,
  gaps: { blankColumns: Uint8Array; imageWidth: number; minGap: number },
): DecodedLine {
  const { characters, allowed } = set;
  const columnsPerStep = gaps.imageWidth / steps;
  let text = '';
  const confidences: number[] = [];
  const positions: number[] = [];
  let previousIndex = 0;
  let previousStep = -1;
  for (let step = 0; step < steps; step++) {
    const base = step * classes;
    let bestIndex = 0;
    let best = probabilities[base]!;
    for (const index of allowed) {
      const probability = probabilities[base + index]!;
      if (probability > best) {
        best = probability;
        bestIndex = index;
      }
    }
    if (bestIndex !== 0 && bestIndex !== previousIndex) {
      const character = characters[bestIndex]!;
      const before = text.at(-1) ?? ' ';
      const mayGap =
        before !== ' ' &&
        character !== ' ' &&
        !NO_SPACE_BEFORE.test(character) &&
        !(NUMBER_SEPARATOR.test(before) && DIGIT.test(character));
      if (mayGap && previousStep >= 0) {
        const from = Math.round((previousStep + 0.5) * columnsPerStep);
        const to = Math.min(gaps.imageWidth - 1, Math.round((step + 0.5) * columnsPerStep));
        // Between two digits only a wide gap counts: monospace print leaves one beside a '1'.
        const minGap = DIGIT.test(before) && DIGIT.test(character) ? 2 * gaps.minGap : gaps.minGap;
        if (longestRun(gaps.blankColumns, from, to) >= minGap) {
          text += ' ';
          confidences.push(best);
          positions.push((step * columnsPerStep) / gaps.imageWidth);
        }
      }
      text += character;
      confidences.push(best);
      positions.push(((step + 0.5) * columnsPerStep) / gaps.imageWidth);
      previousStep = step;
    }
    previousIndex = bestIndex;
  }
  return trimLine({ text, confidences, positions });
}

function longestRun(flags: Uint8Array, from: number, to: number): number {
  let run = 0;
  let longest = 0;
  for (let i = from; i <= to; i++) {
    run = flags[i] ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

function trimLine(line: DecodedLine): DecodedLine {
  let start = 0;
  let end = line.text.length;
  while (start < end && line.text[start] === ' ') start++;
  while (end > start && line.text[end - 1] === ' ') end--;
  return {
    text: line.text.slice(start, end),
    confidences: line.confidences.slice(start, end),
    positions: line.positions.slice(start, end),
  };
}

export type InkProfile = {
  /** 1 for each column of the line image with no ink. */
  blankColumns: Uint8Array;
  /** Rows from the top of the tallest letter to the bottom of the lowest (0 for a blank image). */
  inkHeight: number;
};

/**
 * Where a line image has ink. `grey` is the image's first plane (`width` × `height`, any
 * scale): ink is darker than halfway between the line's darkest and lightest pixels. The
 * line's band is the rows at least 2 % ink; a column is blank when it has no ink inside the
 * band, so a neighbouring line's descender or a speck above does not close a word gap.
 */
export function inkProfile(grey: Float32Array, width: number, height: number): InkProfile {
  let darkest = Infinity;
  let lightest = -Infinity;
  for (let i = 0; i < width * height; i++) {
    darkest = Math.min(darkest, grey[i]!);
    lightest = Math.max(lightest, grey[i]!);
  }
  const ink = (darkest + lightest) / 2;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    let inked = 0;
    for (let x = 0; x < width; x++) if (grey[y * width + x]! < ink) inked += 1;
    if (inked > 0 && inked >= 0.02 * width) {
      top = Math.min(top, y);
      bottom = y;
    }
  }
  const blankColumns = new Uint8Array(width).fill(1);
  for (let y = top; y <= bottom; y++) {
    for (let x = 0; x < width; x++) if (grey[y * width + x]! < ink) blankColumns[x] = 0;
  }
  return { blankColumns, inkHeight: Math.max(0, bottom - top + 1) };
}

/** A document type (FT, FS, FR, NC, ND…) before its series and number, as the model reads it. */
const DOCUMENT_TYPE = /\b([Ff][TSRtsr]|[Nn][CDcd])(?=\s+[\w-]+\/\d)/gu;

/**
 * Marks the model gets wrong, put back so the text says what the paper says: 'N.º', which
 * it cannot read (it has no º) and gives as 'N.9', 'N.0', 'n.°' or 'N.' before a number or
 * a document; and a document type before its number in the wrong case ('Fs 021/4512').
 */
export function restorePrintedMarks(text: string): string {
  return (
    text
      // A digit counts only when a space or a letter follows: 'N.90' may be a real number.
      .replace(/\b([Nn])\.\s?(?:°|[90o](?=\s|[A-Z]))\s?(?=[A-Z0-9])/gu, '$1.º ')
      .replace(DOCUMENT_TYPE, (type) => type.toUpperCase())
      .replace(/\b([Nn])\.\s(?=(?:FT|FS|FR|NC|ND)\s)/gu, '$1.º ')
  );
}
