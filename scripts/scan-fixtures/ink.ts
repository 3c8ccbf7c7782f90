// The printed sheet of a real-world fixture: the render's ink laid on paper the way each
// printer leaves it — a thermal head's whole dots, faded and streaked; a 9-pin ribbon's
// round dots; a laser low on toner — over plain paper or a pre-printed form. Plain JS over
// raw pixels (camera.ts then photographs the sheet).
import sharp from 'sharp';
import { fbm, mulberry32, smoothstep, valueNoise } from './noise.ts';

export type Rgb = readonly [number, number, number];

/** Printed paper in linear 0–1 RGB, row-major, three channels. */
export type Sheet = { width: number; height: number; rgb: Float32Array };

/** Ink coverage (0 paper – 1 full ink) of a render of dark print on white. */
export async function inkCoverage(
  png: Buffer,
): Promise<{ width: number; height: number; ink: Float32Array }> {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const ink = new Float32Array(info.width * info.height);
  for (let i = 0; i < ink.length; i++) ink[i] = 1 - data[i]! / 255;
  return { width: info.width, height: info.height, ink };
}

/**
 * A 9-pin printer's text: the coverage sampled on a grid of `pitch` pixels and printed
 * again as round dots, each a little uneven, the ribbon wearing from line to line.
 */
export function dotMatrix(
  coverage: { width: number; height: number; ink: Float32Array },
  pitch: number,
  seed: number,
): Float32Array {
  const { width, height, ink } = coverage;
  const cols = Math.ceil(width / pitch);
  const rows = Math.ceil(height / pitch);
  const random = mulberry32(seed);
  const dots = new Float32Array(cols * rows);
  for (let row = 0; row < rows; row++) {
    const ribbon = 0.78 + 0.22 * valueNoise(seed, 0.5, row / 40);
    for (let col = 0; col < cols; col++) {
      let sum = 0;
      let n = 0;
      const y0 = Math.floor(row * pitch);
      const x0 = Math.floor(col * pitch);
      for (let y = y0; y < Math.min(height, y0 + pitch); y++) {
        for (let x = x0; x < Math.min(width, x0 + pitch); x++) {
          sum += ink[y * width + x]!;
          n += 1;
        }
      }
      const on = n > 0 && sum / n > 0.3;
      dots[row * cols + col] = on ? ribbon * (0.8 + 0.2 * random()) : 0;
    }
  }
  const out = new Float32Array(width * height);
  const radius = pitch * 0.62;
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / pitch);
    for (let x = 0; x < width; x++) {
      const col = Math.floor(x / pitch);
      let best = 0;
      for (let dr = -1; dr <= 1; dr++) {
        const r = row + dr;
        if (r < 0 || r >= rows) continue;
        for (let dc = -1; dc <= 1; dc++) {
          const c = col + dc;
          if (c < 0 || c >= cols) continue;
          const strength = dots[r * cols + c]!;
          if (strength === 0) continue;
          const dx = x - (c + 0.5) * pitch;
          const dy = y - (r + 0.5) * pitch;
          const edge = 1 - smoothstep(radius * 0.7, radius, Math.sqrt(dx * dx + dy * dy));
          if (edge * strength > best) best = edge * strength;
        }
      }
      out[y * width + x] = best;
    }
  }
  return out;
}

export type InkLook = {
  paper: Rgb;
  ink: Rgb;
  /** Ink strength varies smoothly over the sheet between these (1 = as rendered). */
  strength: readonly [number, number];
  /** Size of the strength's blotches, in pixels. */
  blotch?: number;
  /** Light streaks along the paper's length (a worn thermal head, a laser low on toner). */
  streaks?: number;
  /** Thermal print: the head prints whole dots, so the rendered edges are binarised. */
  thermal?: boolean;
  seed: number;
};

/** The sheet as printed: ink of `look` laid on the paper (or on `base`, a pre-printed form). */
export async function printSheet(
  coverage: { width: number; height: number; ink: Float32Array },
  look: InkLook,
  base?: Buffer,
): Promise<Sheet> {
  const { width, height, ink } = coverage;
  const rgb = new Float32Array(width * height * 3);
  if (base) {
    const { data } = await sharp(base)
      .flatten({ background: '#ffffff' })
      .resize(width, height, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (let i = 0; i < width * height; i++) {
      for (let k = 0; k < 3; k++) rgb[i * 3 + k] = (data[i * 3 + k]! / 255) * look.paper[k]!;
    }
  } else {
    for (let i = 0; i < width * height; i++) rgb.set(look.paper, i * 3);
  }
  const [low, high] = look.strength;
  const blotch = look.blotch ?? 160;
  const streakOf = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const band = valueNoise(look.seed + 7, x / 9, 0.5) * valueNoise(look.seed + 8, x / 53, 0.5);
    streakOf[x] = 1 - (look.streaks ?? 0) * smoothstep(0.25, 0.6, band);
  }
  // The strength varies over tens of pixels: drawn on a grid of 8 and read from its cells.
  const cell = 8;
  const gridWidth = Math.ceil(width / cell) + 1;
  const strengthGrid = new Float32Array(gridWidth * (Math.ceil(height / cell) + 1));
  for (let i = 0; i < strengthGrid.length; i++) {
    const [gx, gy] = [(i % gridWidth) * cell, Math.floor(i / gridWidth) * cell];
    strengthGrid[i] = low + (high - low) * fbm(look.seed, gx / blotch, gy / blotch, 2);
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let a = ink[i]!;
      if (a <= 0.02) continue;
      if (look.thermal) a = a > 0.45 ? 1 : 0;
      a *= strengthGrid[Math.round(y / cell) * gridWidth + Math.round(x / cell)]! * streakOf[x]!;
      for (let k = 0; k < 3; k++) {
        const o = i * 3 + k;
        rgb[o] = rgb[o]! * (1 - a) + look.ink[k]! * a;
      }
    }
  }
  return { width, height, rgb };
}
