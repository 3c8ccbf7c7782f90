// A small radix-2 fast Fourier transform for the QR deblurring (deblur.ts): the blur of a
// photo is measured on a few 256 × 256 tiles and the Wiener filters are designed on 256
// samples, so a plain in-place transform over Float64Arrays is all it needs (no package).

/** Complex samples, real and imaginary parts apart; the length is a power of two. */
export type Complex = { re: Float64Array; im: Float64Array };

/** In place. The inverse transform divides by the length, so inverse(forward(x)) = x. */
export function fft({ re, im }: Complex, inverse = false): void {
  const n = re.length;
  if (n & (n - 1) || im.length !== n) throw new Error(`fft: length ${n} is not a power of two`);
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const swapRe = re[i] ?? 0;
      const swapIm = im[i] ?? 0;
      re[i] = re[j] ?? 0;
      im[i] = im[j] ?? 0;
      re[j] = swapRe;
      im[j] = swapIm;
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = ((inverse ? 2 : -2) * Math.PI) / size;
    const stepRe = Math.cos(angle);
    const stepIm = Math.sin(angle);
    const half = size >> 1;
    for (let start = 0; start < n; start += size) {
      let wRe = 1;
      let wIm = 0;
      for (let k = 0; k < half; k++) {
        const a = start + k;
        const b = a + half;
        const bRe = re[b] ?? 0;
        const bIm = im[b] ?? 0;
        const tRe = bRe * wRe - bIm * wIm;
        const tIm = bRe * wIm + bIm * wRe;
        const aRe = re[a] ?? 0;
        const aIm = im[a] ?? 0;
        re[b] = aRe - tRe;
        im[b] = aIm - tIm;
        re[a] = aRe + tRe;
        im[a] = aIm + tIm;
        const nextRe = wRe * stepRe - wIm * stepIm;
        wIm = wRe * stepIm + wIm * stepRe;
        wRe = nextRe;
      }
    }
  }
  if (inverse) {
    for (let i = 0; i < n; i++) {
      re[i] = (re[i] ?? 0) / n;
      im[i] = (im[i] ?? 0) / n;
    }
  }
}

/** In place, over a `size` × `size` square stored row by row: rows first, then columns. */
export function fft2d(square: Complex, size: number, inverse = false): void {
  const line: Complex = { re: new Float64Array(size), im: new Float64Array(size) };
  for (let row = 0; row < size; row++) {
    const start = row * size;
    line.re.set(square.re.subarray(start, start + size));
    line.im.set(square.im.subarray(start, start + size));
    fft(line, inverse);
    square.re.set(line.re, start);
    square.im.set(line.im, start);
  }
  for (let column = 0; column < size; column++) {
    for (let row = 0, i = column; row < size; row++, i += size) {
      line.re[row] = square.re[i] ?? 0;
      line.im[row] = square.im[i] ?? 0;
    }
    fft(line, inverse);
    for (let row = 0, i = column; row < size; row++, i += size) {
      square.re[i] = line.re[row] ?? 0;
      square.im[i] = line.im[row] ?? 0;
    }
  }
}
