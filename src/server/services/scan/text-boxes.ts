// Text boxes from a text-detection probability map (PaddleOCR's DB post-processing, in
// plain TypeScript so no OpenCV is needed): pixels above a threshold form connected
// regions, each region becomes its minimum-area (possibly rotated) rectangle, grown by
// the "unclip" margin the model was trained to leave out; and the boxes of one printed
// line are put back together in reading order. Pure functions: ocr-engine.ts feeds them.

export type Point = readonly [x: number, y: number];

/** A text box: corners in reading order (top-left, top-right, bottom-right, bottom-left). */
export type TextBox = {
  corners: readonly [Point, Point, Point, Point];
  /** Length along the reading direction and across it, in pixels. */
  width: number;
  height: number;
  /** Mean probability of the region's pixels, 0–1. */
  score: number;
};

export type TextBoxOptions = {
  /** A pixel is text when its probability is above this. */
  threshold: number;
  /** Regions whose mean probability is below this are dropped. */
  minScore: number;
  /** How far the box grows: area × ratio / perimeter on every side. */
  unclipRatio: number;
  /** Regions thinner than this (in the map's pixels) are dropped, and boxes thinner than this + 2 once grown. */
  minSide: number;
};

export const DEFAULT_TEXT_BOX_OPTIONS: TextBoxOptions = {
  threshold: 0.3,
  minScore: 0.6,
  unclipRatio: 1.5,
  minSide: 3,
};

function convexHull(points: Point[]): Point[] {
  points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Point, a: Point, b: Point) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (ordered: Point[]) => {
    const chain: Point[] = [];
    for (const point of ordered) {
      while (chain.length >= 2 && cross(chain.at(-2)!, chain.at(-1)!, point) <= 0) chain.pop();
      chain.push(point);
    }
    chain.pop();
    return chain;
  };
  return [...half(points), ...half([...points].reverse())];
}

/**
 * The smallest rectangle around a convex polygon (one of its sides lies on a hull edge),
 * as a unit reading direction (ux, uy) and the extents along it (u) and across it (v).
 * The reading direction is the rectangle's longer side, pointing right.
 */
function minAreaRectangle(hull: readonly Point[]) {
  let best = { area: Infinity, ux: 1, uy: 0, minU: 0, maxU: 0, minV: 0, maxV: 0 };
  for (let i = 0; i < hull.length; i++) {
    const [ax, ay] = hull[i]!;
    const [bx, by] = hull[(i + 1) % hull.length]!;
    const length = Math.hypot(bx - ax, by - ay);
    if (length === 0) continue;
    const ux = (bx - ax) / length;
    const uy = (by - ay) / length;
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const [x, y] of hull) {
      const u = x * ux + y * uy;
      const v = y * ux - x * uy;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < best.area) best = { area, ux, uy, minU, maxU, minV, maxV };
  }
  let { ux, uy, minU, maxU, minV, maxV } = best;
  if (maxV - minV > maxU - minU) {
    // Turn a quarter so u runs along the longer side: (u, v) → (v, -u).
    [ux, uy] = [-uy, ux];
    [minU, maxU, minV, maxV] = [minV, maxV, -maxU, -minU];
  }
  if (ux < 0) {
    [ux, uy] = [-ux, -uy];
    [minU, maxU, minV, maxV] = [-maxU, -minU, -maxV, -minV];
  }
  return { ux, uy, minU, maxU, minV, maxV };
}

/**
 * The text boxes of a probability map (`width` × `height`, row-major, 0–1). Corners are
 * in the map's pixels; a caller scales them to its image.
 */
export function findTextBoxes(
  probability: Float32Array,
  width: number,
  height: number,
  options: TextBoxOptions = DEFAULT_TEXT_BOX_OPTIONS,
): TextBox[] {
  const { threshold } = options;
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  // Per region: the leftmost and rightmost pixel of each of its rows.
  const rowLeft = new Int32Array(height);
  const rowRight = new Int32Array(height);
  const boxes: TextBox[] = [];
  for (let start = 0; start < probability.length; start++) {
    if (seen[start] || probability[start]! <= threshold) continue;
    rowLeft.fill(width);
    rowRight.fill(-1);
    let top = height;
    let bottom = -1;
    let sum = 0;
    let count = 0;
    let size = 0;
    stack[size++] = start;
    seen[start] = 1;
    while (size > 0) {
      const pixel = stack[--size]!;
      const x = pixel % width;
      const y = (pixel - x) / width;
      sum += probability[pixel]!;
      count += 1;
      if (x < rowLeft[y]!) rowLeft[y] = x;
      if (x > rowRight[y]!) rowRight[y] = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      const visit = (next: number) => {
        if (!seen[next] && probability[next]! > threshold) {
          seen[next] = 1;
          stack[size++] = next;
        }
      };
      if (x > 0) visit(pixel - 1);
      if (x < width - 1) visit(pixel + 1);
      if (y > 0) visit(pixel - width);
      if (y < height - 1) visit(pixel + width);
    }
    const score = sum / count;
    if (count < 4 || score < options.minScore) continue;
    // The pixel squares' outer corners, row by row: the hull of these is the region's.
    const outline: Point[] = [];
    for (let y = top; y <= bottom; y++) {
      if (rowRight[y]! < 0) continue;
      const left = rowLeft[y]!;
      const right = rowRight[y]! + 1;
      outline.push([left, y], [right, y], [left, y + 1], [right, y + 1]);
    }
    const { ux, uy, minU, maxU, minV, maxV } = minAreaRectangle(convexHull(outline));
    const length = maxU - minU;
    const thickness = maxV - minV;
    // The model marks a shrunk core of each text line; grow it back (DB's unclip).
    if (Math.min(length, thickness) < options.minSide) continue;
    const grow = (length * thickness * options.unclipRatio) / (2 * (length + thickness));
    if (Math.min(length, thickness) + 2 * grow < options.minSide + 2) continue;
    const at = (u: number, v: number): Point => [u * ux - v * uy, u * uy + v * ux];
    const [u0, u1, v0, v1] = [minU - grow, maxU + grow, minV - grow, maxV + grow];
    boxes.push({
      corners: [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)],
      width: u1 - u0,
      height: v1 - v0,
      score,
    });
  }
  return boxes;
}

/** The box in another image's pixels: x scaled by `fx`, y by `fy`. */
export function scaleTextBox(box: TextBox, fx: number, fy: number): TextBox {
  const [a, b, c, d] = box.corners.map(([x, y]): Point => [x * fx, y * fy]) as [
    Point,
    Point,
    Point,
    Point,
  ];
  return {
    corners: [a, b, c, d],
    width: Math.hypot(b[0] - a[0], b[1] - a[1]),
    height: Math.hypot(d[0] - a[0], d[1] - a[1]),
    score: box.score,
  };
}

const centre = (box: TextBox): Point => [
  box.corners.reduce((sum, [x]) => sum + x, 0) / 4,
  box.corners.reduce((sum, [, y]) => sum + y, 0) / 4,
];

/**
 * The boxes grouped into printed lines, top to bottom, each line left to right. Positions
 * are measured along the page's dominant text direction, so a tilted photo still gives
 * its lines whole: a box joins the line above when its centre is within half a text
 * height of that line's.
 */
export function groupIntoLines<T extends TextBox>(boxes: readonly T[]): T[][] {
  if (boxes.length === 0) return [];
  const angles = boxes
    .map(({ corners: [[x0, y0], [x1, y1]] }) => Math.atan2(y1 - y0, x1 - x0))
    .sort((a, b) => a - b);
  const angle = angles[Math.floor(angles.length / 2)]!;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const placed = boxes
    .map((box) => {
      const [x, y] = centre(box);
      return { box, along: x * cos + y * sin, across: y * cos - x * sin };
    })
    .sort((a, b) => a.across - b.across);
  const lines: Array<typeof placed> = [];
  for (const item of placed) {
    const line = lines.at(-1);
    if (line) {
      const across = line.reduce((sum, other) => sum + other.across, 0) / line.length;
      const height = line.reduce((sum, other) => sum + other.box.height, 0) / line.length;
      if (Math.abs(item.across - across) < 0.5 * Math.min(height, item.box.height)) {
        line.push(item);
        continue;
      }
    }
    lines.push([item]);
  }
  return lines.map((line) => line.sort((a, b) => a.along - b.along).map((item) => item.box));
}
