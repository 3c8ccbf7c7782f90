// Wiener deconvolution of a blurred photo (issue 14), for the QR ladder in image-qr.ts: once
// blur-estimate.ts has measured the smear or the defocus, the inverse of that blur, damped
// where the blur leaves only noise (W = H* / (|H|² + k)), is designed on 256 samples and
// applied by libvips as a one-dimensional kernel: along the rows of the view turned to
// lie along the smear, or along rows and then columns for a (separable) Gaussian defocus.
// Unsharp masking only lifts edges; this undoes the smear, which is what lets zxing find
// the finder patterns of a QR smeared over two or three modules.
import type { MotionBlur } from './blur-estimate.ts';
import { fft } from './fft.ts';
import { grayOf, largestSide, scaledDown, sharpOf, type GrayImage } from './gray-image.ts';

export type DeblurOptions = {
  /** The view is shrunk by this first (≤ 1): less to filter, and less noise in it. */
  scale: number;
  /** Wiener's k: the noise-to-signal power it assumes; lower restores more and rings more. */
  noiseToSignal: number;
};

const DESIGN_LENGTH = 256;

/** A centred, circular, normalised kernel of DESIGN_LENGTH samples: h(i) for i = −128…127. */
function psfOf(weight: (offset: number) => number): Float64Array {
  const psf = new Float64Array(DESIGN_LENGTH);
  for (let offset = -DESIGN_LENGTH / 2; offset < DESIGN_LENGTH / 2; offset++) {
    psf[(offset + DESIGN_LENGTH) % DESIGN_LENGTH] = weight(offset);
  }
  const sum = psf.reduce((total, value) => total + value, 0);
  return psf.map((value) => value / sum);
}

/** A straight smear of `length` pixels: a box whose end pixels count in part. */
const boxPsf = (length: number) =>
  psfOf((offset) => Math.min(1, Math.max(0, length / 2 + 0.5 - Math.abs(offset))));

const gaussianPsf = (sigma: number) =>
  psfOf((offset) => Math.exp(-(offset * offset) / (2 * sigma * sigma)));

/**
 * The Wiener inverse of a symmetric kernel as taps −half…half, tapered by a Hann window so
 * the cut does not ring. Symmetric kernels have real spectra, so W is real as well.
 */
function wienerTaps(psf: Float64Array, noiseToSignal: number, half: number): number[] {
  const spectrum = { re: Float64Array.from(psf), im: new Float64Array(DESIGN_LENGTH) };
  fft(spectrum);
  const inverse = { re: new Float64Array(DESIGN_LENGTH), im: new Float64Array(DESIGN_LENGTH) };
  for (let k = 0; k < DESIGN_LENGTH; k++) {
    const re = spectrum.re[k] ?? 0;
    const im = spectrum.im[k] ?? 0;
    const power = re * re + im * im;
    inverse.re[k] = re / (power + noiseToSignal);
    inverse.im[k] = -im / (power + noiseToSignal);
  }
  fft(inverse, true);
  const taps: number[] = [];
  for (let offset = -half; offset <= half; offset++) {
    const window = 0.5 + 0.5 * Math.cos((Math.PI * offset) / (half + 1));
    taps.push((inverse.re[(offset + DESIGN_LENGTH) % DESIGN_LENGTH] ?? 0) * window);
  }
  return taps;
}

/** sharp's kernels are at least 3 × 3: the taps in the middle row (or column), zeros around. */
function lineKernel(taps: number[], along: 'row' | 'column') {
  const zeros = taps.map(() => 0);
  const kernel =
    along === 'row' ? [...zeros, ...taps, ...zeros] : taps.flatMap((tap) => [0, tap, 0]);
  const [width, height] = along === 'row' ? [taps.length, 3] : [3, taps.length];
  // scale 1: the taps already sum to about 1, and sharp would round a fractional sum.
  return { width, height, kernel, scale: 1 };
}

async function shrunk(image: GrayImage, scale: number) {
  const view = scale < 1 ? await scaledDown(image, scale) : image;
  return { view, ratio: largestSide(view) / largestSide(image) };
}

/**
 * The view turned so the smear runs along its rows, then deconvolved along them. It stays
 * turned: zxing finds a QR at any angle.
 */
export async function motionDeblurred(
  image: GrayImage,
  motion: MotionBlur,
  options: DeblurOptions,
): Promise<GrayImage> {
  const { view, ratio } = await shrunk(image, options.scale);
  const turned =
    Math.abs(motion.degrees) < 0.5
      ? view
      : await grayOf(sharpOf(view).rotate(-motion.degrees, { background: '#ffffff' }));
  const length = motion.length * ratio;
  const taps = wienerTaps(boxPsf(length), options.noiseToSignal, Math.ceil(length * 3));
  return grayOf(sharpOf(turned).convolve(lineKernel(taps, 'row')));
}

/** The view deconvolved by a Gaussian of `sigma` (pixels of `image`): rows, then columns. */
export async function defocusDeblurred(
  image: GrayImage,
  sigma: number,
  options: DeblurOptions,
): Promise<GrayImage> {
  const { view, ratio } = await shrunk(image, options.scale);
  const scaledSigma = sigma * ratio;
  const taps = wienerTaps(
    gaussianPsf(scaledSigma),
    options.noiseToSignal,
    Math.ceil(scaledSigma * 4),
  );
  const rows = await grayOf(sharpOf(view).convolve(lineKernel(taps, 'row')));
  return grayOf(sharpOf(rows).convolve(lineKernel(taps, 'column')));
}
