// How a photo is blurred (issue 14), so the QR ladder (image-qr.ts) deblurs only a photo
// that is blurred, with the filter its blur calls for, and skips the deblurring of one
// that is sharp or shows nothing but noise. All of it comes from one log power spectrum,
// the average over the busiest 256-pixel tiles of the view:
// - a straight camera shake of L pixels at angle θ multiplies the spectrum by a sinc whose
//   zeros are parallel lines; in the cepstrum (the inverse transform of the log spectrum)
//   that is a negative spike at distance L in direction θ (Cannon 1976). Print with a
//   steady pitch (lines of text, a QR's modules) makes spikes too, so a spike counts only
//   when the spectrum along θ is far weaker than across it, as a smear leaves it;
// - defocus acts as a Gaussian of σ, which lowers the log power by 4π²σ²f² above what the
//   edges of print have (power falling as 1/f²), so a line fit over f² gives σ;
// - noise is white: it lifts the high frequencies to a flat floor and adds nothing below.
import { fft2d } from './fft.ts';
import type { GrayImage } from './gray-image.ts';

export type MotionBlur = {
  /** Length of the smear, in pixels of the measured view. */
  length: number;
  /** Its direction, clockwise from the x axis (y points down), in (-90, 90]. */
  degrees: number;
  /** How far the cepstrum's spike stands out: standard deviations below the mean. */
  score: number;
};

export type BlurEstimate = {
  /**
   * False when no tile has anything drawn on it, or the photo is noise only (the lowest
   * frequencies stand no higher than the noise floor): nothing there to read.
   */
  hasContent: boolean;
  /** The straight camera shake the cepstrum shows, if one stands out. */
  motion: MotionBlur | null;
  /** The Gaussian σ of the defocus, in pixels of the measured view (0–1.2 when sharp). */
  defocusSigma: number;
};

const TILE = 256;
const MAX_TILES = 8;
/** Standard deviation, in grey levels, under which a tile is blank paper or a wall. */
const MIN_TILE_STD = 6;
/** Natural photos measured 5–12 (natural-log power) above the floor at the lowest frequencies. */
const MIN_STRUCTURE = 2.5;
/**
 * Shorter smears are read without deblurring, and the print itself (a QR's module pitch,
 * text strokes) puts spikes of its own there; longer ones do not fit a tile's cepstrum.
 */
const MOTION_LENGTHS = { min: 7, max: 48 };
/** Smears on the test grid measured 12–27; sharp photos' spikes 4.7–16 (pitch, see above). */
const MIN_MOTION_SCORE = 4.5;
/**
 * Smears measured the log power along them 3–4.7 below the power across them (beyond the
 * first zero of the sinc, up to a quarter of the sampling rate); pitch spikes −1.2 to +0.7.
 */
const MIN_SMEAR_ANISOTROPY = 2;
const WEDGE_DEGREES = 10;
/** The defocus fit ends where the spectrum comes this close to the noise floor. */
const FIT_ABOVE_FLOOR = 2;

const HANN = Float64Array.from(
  { length: TILE },
  (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (TILE - 1)),
);

type Tile = { left: number; top: number; variance: number };

/** Tiles on a half-tile grid, busiest first, variance from every 4th pixel of every 4th row. */
function busiestTiles(image: GrayImage): Tile[] {
  const tiles: Tile[] = [];
  const step = TILE / 2;
  for (let top = 0; top + TILE <= image.height; top += step) {
    for (let left = 0; left + TILE <= image.width; left += step) {
      let sum = 0;
      let sumOfSquares = 0;
      for (let y = top; y < top + TILE; y += 4) {
        for (let x = left; x < left + TILE; x += 4) {
          const value = image.data[y * image.width + x] ?? 0;
          sum += value;
          sumOfSquares += value * value;
        }
      }
      const count = (TILE / 4) ** 2;
      tiles.push({ left, top, variance: sumOfSquares / count - (sum / count) ** 2 });
    }
  }
  return tiles
    .filter((tile) => tile.variance >= MIN_TILE_STD ** 2)
    .sort((a, b) => b.variance - a.variance)
    .slice(0, MAX_TILES);
}

/** Mean over the tiles of ln |F|², each tile windowed (Hann) around its own mean. */
function averageLogSpectrum(image: GrayImage, tiles: Tile[]): Float64Array {
  const total = new Float64Array(TILE * TILE);
  const re = new Float64Array(TILE * TILE);
  const im = new Float64Array(TILE * TILE);
  for (const { left, top } of tiles) {
    let mean = 0;
    for (let y = 0; y < TILE; y++) {
      const row = (top + y) * image.width + left;
      for (let x = 0; x < TILE; x++) mean += image.data[row + x] ?? 0;
    }
    mean /= TILE * TILE;
    for (let y = 0; y < TILE; y++) {
      const row = (top + y) * image.width + left;
      const weight = HANN[y] ?? 0;
      for (let x = 0; x < TILE; x++) {
        re[y * TILE + x] = ((image.data[row + x] ?? 0) - mean) * weight * (HANN[x] ?? 0);
      }
    }
    im.fill(0);
    fft2d({ re, im }, TILE);
    for (let i = 0; i < total.length; i++) {
      total[i] = (total[i] ?? 0) + Math.log((re[i] ?? 0) ** 2 + (im[i] ?? 0) ** 2 + 1e-3);
    }
  }
  for (let i = 0; i < total.length; i++) total[i] = (total[i] ?? 0) / tiles.length;
  return total;
}

/** Signed frequency (or lag) of index `i` on a TILE-long axis. */
const signed = (i: number) => (i < TILE / 2 ? i : i - TILE);

/** Mean log power at each integer radius, 0 to TILE/2 − 1. */
function radialProfile(spectrum: Float64Array): Float64Array {
  const sums = new Float64Array(TILE / 2);
  const counts = new Float64Array(TILE / 2);
  for (let y = 0; y < TILE; y++) {
    for (let x = 0; x < TILE; x++) {
      const radius = Math.round(Math.hypot(signed(x), signed(y)));
      if (radius >= TILE / 2) continue;
      sums[radius] = (sums[radius] ?? 0) + (spectrum[y * TILE + x] ?? 0);
      counts[radius] = (counts[radius] ?? 0) + 1;
    }
  }
  return sums.map((sum, radius) => sum / (counts[radius] || 1));
}

const meanOf = (values: ArrayLike<number>, from: number, to: number) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i] ?? 0;
  return sum / (to - from);
};

/** Least squares of ln P(r) + 2 ln r against r², from r = 3 until the floor is near. */
function defocusSigma(profile: Float64Array, floor: number): number {
  const points: Array<[number, number]> = [];
  for (let r = 3; r < profile.length && (profile[r] ?? 0) - floor >= FIT_ABOVE_FLOOR; r++) {
    points.push([r * r, (profile[r] ?? 0) + 2 * Math.log(r)]);
  }
  if (points.length < 4) return 0;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const [x, y] of points) {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  }
  const slope = covariance / variance;
  return slope < 0 ? (TILE * Math.sqrt(-slope)) / (2 * Math.PI) : 0;
}

/** Mean log power within ±WEDGE_DEGREES of `degrees`, between two radii. */
function wedgeMean(spectrum: Float64Array, degrees: number, from: number, to: number): number {
  let sum = 0;
  let count = 0;
  for (let radius = Math.ceil(from); radius < to; radius++) {
    for (let offset = -WEDGE_DEGREES; offset <= WEDGE_DEGREES; offset += 2) {
      const angle = ((degrees + offset) * Math.PI) / 180;
      const x = Math.round(radius * Math.cos(angle));
      const y = Math.round(radius * Math.sin(angle));
      sum += spectrum[((y + TILE) % TILE) * TILE + ((x + TILE) % TILE)] ?? 0;
      count++;
    }
  }
  return count ? sum / count : 0;
}

/** How much weaker the spectrum is along `smear` than across it, in natural-log power. */
function anisotropy(spectrum: Float64Array, smear: MotionBlur): number {
  const from = TILE / smear.length;
  const across = wedgeMean(spectrum, smear.degrees + 90, from, TILE / 4);
  return across - wedgeMean(spectrum, smear.degrees, from, TILE / 4);
}

/** The cepstrum's deepest point in the annulus of plausible lengths, if it stands out. */
function deepestSpike(cepstrum: Float64Array): MotionBlur | null {
  const { min, max } = MOTION_LENGTHS;
  let sum = 0;
  let sumOfSquares = 0;
  let count = 0;
  let deepest = { dx: 0, dy: 0, value: Infinity };
  // Half the plane: the cepstrum of a real image is symmetric about the origin.
  for (let dy = 0; dy <= max; dy++) {
    for (let dx = -max; dx <= max; dx++) {
      const length = Math.hypot(dx, dy);
      if (length < min || length > max || (dy === 0 && dx < 0)) continue;
      const value = cepstrum[dy * TILE + ((dx + TILE) % TILE)] ?? 0;
      sum += value;
      sumOfSquares += value * value;
      count++;
      if (value < deepest.value) deepest = { dx, dy, value };
    }
  }
  const mean = sum / count;
  const deviation = Math.sqrt(Math.max(sumOfSquares / count - mean * mean, 1e-12));
  const score = (mean - deepest.value) / deviation;
  if (score < MIN_MOTION_SCORE) return null;
  const { dx, dy } = deepest;
  const degrees = (Math.atan2(dy, dx) * 180) / Math.PI;
  return {
    length: Math.hypot(dx, dy),
    // atan2 of the upper half-plane is 0–180°; a smear at 120° is the same as at −60°.
    degrees: degrees > 90 ? degrees - 180 : degrees,
    score,
  };
}

/** Measures `image` (the work view); about 10 ms per busy tile, eight tiles at most. */
export function estimateBlur(image: GrayImage): BlurEstimate {
  const tiles = busiestTiles(image);
  if (tiles.length === 0) {
    // Blank, or smaller than a tile: only a small one may still hold a QR.
    const isSmall = image.width < TILE || image.height < TILE;
    return { hasContent: isSmall, motion: null, defocusSigma: 0 };
  }
  const spectrum = averageLogSpectrum(image, tiles);
  const profile = radialProfile(spectrum);
  const floor = meanOf(profile, Math.round(TILE * 0.4), TILE / 2);
  if (meanOf(profile, 2, 7) - floor < MIN_STRUCTURE) {
    return { hasContent: false, motion: null, defocusSigma: 0 };
  }
  const cepstrum = { re: Float64Array.from(spectrum), im: new Float64Array(spectrum.length) };
  fft2d(cepstrum, TILE, true);
  const spike = deepestSpike(cepstrum.re);
  const isSmear = spike !== null && anisotropy(spectrum, spike) >= MIN_SMEAR_ANISOTROPY;
  return {
    hasContent: true,
    motion: isSmear ? spike : null,
    defocusSigma: defocusSigma(profile, floor),
  };
}
