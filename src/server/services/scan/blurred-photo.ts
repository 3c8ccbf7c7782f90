// Hard QR photos for the deblurring tests (issue 14): the invoice photo of
// scan-test-helpers.ts, in grey, smeared by a shaking hand (a straight line kernel) or out
// of focus (a Gaussian), then given sensor noise (seeded, so every run is the same photo)
// and JPEG loss, as a phone would.
import sharp from 'sharp';
import { qrPhoto, type QrPhotoOptions } from './scan-test-helpers.ts';

export type BlurredPhotoOptions = QrPhotoOptions & {
  /** Camera shake: a straight smear of `length` pixels, clockwise from the x axis. */
  motion?: { length: number; degrees: number };
  /** Defocus: a Gaussian blur of this σ, in pixels. */
  defocusSigma?: number;
  /** Standard deviation of the sensor noise added after the blur, in grey levels. */
  noise?: number;
};

/** A line of `length` pixels through the centre of an odd square, anti-aliased, sum 1. */
export function motionKernel(length: number, degrees: number) {
  const size = length % 2 === 1 ? length : length + 1;
  const centre = (size - 1) / 2;
  const kernel = new Array<number>(size * size).fill(0);
  const dx = Math.cos((degrees * Math.PI) / 180);
  const dy = Math.sin((degrees * Math.PI) / 180);
  const add = (x: number, y: number, weight: number) => {
    if (x >= 0 && y >= 0 && x < size && y < size)
      kernel[y * size + x] = (kernel[y * size + x] ?? 0) + weight;
  };
  const steps = length * 8;
  for (let step = 0; step <= steps; step++) {
    const along = (step / steps - 0.5) * (length - 1);
    const x = centre + along * dx;
    const y = centre + along * dy;
    const left = Math.floor(x);
    const top = Math.floor(y);
    const fx = x - left;
    const fy = y - top;
    add(left, top, (1 - fx) * (1 - fy));
    add(left + 1, top, fx * (1 - fy));
    add(left, top + 1, (1 - fx) * fy);
    add(left + 1, top + 1, fx * fy);
  }
  const sum = kernel.reduce((total, value) => total + value, 0);
  return { width: size, height: size, kernel: kernel.map((value) => value / sum), scale: 1 };
}

/** Roughly Gaussian noise (a sum of three uniforms) from a fixed seed. */
function addNoise(pixels: Buffer, deviation: number) {
  let seed = 20260914;
  const uniform = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  // Three uniforms on (0, 1), less their mean, have a deviation of ½.
  for (let i = 0; i < pixels.length; i++) {
    const noise = (uniform() + uniform() + uniform() - 1.5) * 2 * deviation;
    pixels[i] = Math.max(0, Math.min(255, Math.round((pixels[i] ?? 0) + noise)));
  }
}

export async function blurredQrPhoto(options: BlurredPhotoOptions): Promise<Buffer> {
  const { motion, defocusSigma, noise = 4, jpegQuality = 85, ...photo } = options;
  // JPEG at quality 100: several times quicker to make and decode than the PNG.
  const sharpPhoto = await qrPhoto({ ...photo, format: 'jpeg', jpegQuality: 100 });
  let pipeline = sharp(sharpPhoto).grayscale();
  if (motion) pipeline = pipeline.convolve(motionKernel(motion.length, motion.degrees));
  if (defocusSigma) pipeline = pipeline.blur(defocusSigma);
  const { data, info } = await pipeline
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  addNoise(data, noise);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .jpeg({ quality: jpegQuality })
    .toBuffer();
}
