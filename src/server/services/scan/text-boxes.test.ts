import { describe, expect, test } from 'vitest';
import {
  DEFAULT_TEXT_BOX_OPTIONS,
  findTextBoxes,
  groupIntoLines,
  scaleTextBox,
  type TextBox,
} from './text-boxes.ts';

type Bar = {
  cx: number;
  cy: number;
  length: number;
  thickness: number;
  degrees: number;
  p?: number;
};

/** A probability map with each bar drawn as a filled, rotated rectangle. */
function mapWith(width: number, height: number, bars: Bar[]): Float32Array {
  const map = new Float32Array(width * height);
  for (const { cx, cy, length, thickness, degrees, p = 0.9 } of bars) {
    const [cos, sin] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const [dx, dy] = [x + 0.5 - cx, y + 0.5 - cy];
        const along = dx * cos + dy * sin;
        const across = dy * cos - dx * sin;
        if (Math.abs(along) <= length / 2 && Math.abs(across) <= thickness / 2) {
          map[y * width + x] = p;
        }
      }
    }
  }
  return map;
}

const angleOf = ({ corners: [[x0, y0], [x1, y1]] }: TextBox) =>
  (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI;
const grownBy = (length: number, thickness: number) =>
  (length * thickness * DEFAULT_TEXT_BOX_OPTIONS.unclipRatio) / (2 * (length + thickness));

describe('findTextBoxes', () => {
  test('a tilted text line becomes one rectangle along it, grown by the unclip margin', () => {
    const map = mapWith(200, 120, [{ cx: 100, cy: 60, length: 120, thickness: 10, degrees: 8 }]);
    const boxes = findTextBoxes(map, 200, 120);
    expect(boxes).toHaveLength(1);
    const [box] = boxes as [TextBox];
    expect(angleOf(box)).toBeCloseTo(8, 0);
    // Drawn in whole pixels, a tilted bar is up to a pixel's diagonal thicker than drawn.
    const grow = grownBy(120, 10);
    expect(box.width).toBeGreaterThanOrEqual(120 + 2 * grow);
    expect(box.width).toBeLessThan(120 + 2 * grow + 4);
    expect(box.height).toBeGreaterThanOrEqual(10 + 2 * grow);
    expect(box.height).toBeLessThan(10 + 2 * grow + 4);
    expect(box.score).toBeCloseTo(0.9, 5);
    // Reading order: top-left, top-right, bottom-right, bottom-left.
    const [topLeft, topRight, bottomRight, bottomLeft] = box.corners;
    expect(topLeft[0]).toBeLessThan(topRight[0]);
    expect(bottomLeft[1]).toBeGreaterThan(topLeft[1]);
    expect(bottomRight[0]).toBeGreaterThan(bottomLeft[0]);
  });

  test('a line tilted the other way, and one standing upright, keep their reading direction', () => {
    const map = mapWith(300, 300, [
      { cx: 150, cy: 60, length: 150, thickness: 12, degrees: -10 },
      { cx: 60, cy: 200, length: 120, thickness: 12, degrees: 90 },
    ]);
    const angles = findTextBoxes(map, 300, 300)
      .map(angleOf)
      .sort((a, b) => a - b);
    expect(angles[0]).toBeCloseTo(-10, 0);
    // An upright line reads along its long side (a quarter turn), not across it.
    expect(Math.abs(angles[1]!)).toBeCloseTo(90, 0);
  });

  test('regions the model is unsure of, and specks, are dropped', () => {
    const map = mapWith(200, 100, [
      { cx: 60, cy: 30, length: 80, thickness: 10, degrees: 0, p: 0.9 },
      { cx: 140, cy: 70, length: 80, thickness: 10, degrees: 0, p: 0.45 },
      { cx: 20, cy: 85, length: 2, thickness: 2, degrees: 0 },
    ]);
    const boxes = findTextBoxes(map, 200, 100);
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.corners[0][0]).toBeLessThan(30);
  });
});

describe('scaleTextBox', () => {
  test('maps a box into another image’s pixels, with its sides measured there', () => {
    const box: TextBox = {
      corners: [
        [10, 20],
        [50, 20],
        [50, 30],
        [10, 30],
      ],
      width: 40,
      height: 10,
      score: 0.8,
    };
    expect(scaleTextBox(box, 2, 3)).toEqual({
      corners: [
        [20, 60],
        [100, 60],
        [100, 90],
        [20, 90],
      ],
      width: 80,
      height: 30,
      score: 0.8,
    });
  });
});

describe('groupIntoLines', () => {
  test('puts the boxes of a tilted page back into its printed lines, left to right', () => {
    // Two printed lines, each of three words, on a page turned 6°; given out of order.
    const degrees = 6;
    const bars: Bar[] = [];
    for (const line of [0, 1]) {
      for (const word of [0, 1, 2]) {
        const [u, v] = [60 + word * 110, 80 + line * 40];
        const rad = (degrees * Math.PI) / 180;
        bars.push({
          cx: 40 + u * Math.cos(rad) - v * Math.sin(rad),
          cy: 20 + u * Math.sin(rad) + v * Math.cos(rad),
          length: 90,
          thickness: 12,
          degrees,
        });
      }
    }
    const boxes = findTextBoxes(mapWith(420, 200, bars), 420, 200).reverse();
    expect(boxes).toHaveLength(6);
    const lines = groupIntoLines(boxes);
    expect(lines.map((line) => line.length)).toEqual([3, 3]);
    for (const line of lines) {
      const xs = line.map((box) => box.corners[0][0]);
      expect(xs).toEqual([...xs].sort((a, b) => a - b));
    }
    expect(lines[0]![0]!.corners[0][1]).toBeLessThan(lines[1]![0]!.corners[0][1]);
  });

  test('gives no lines for no boxes', () => {
    expect(groupIntoLines([])).toEqual([]);
  });
});
