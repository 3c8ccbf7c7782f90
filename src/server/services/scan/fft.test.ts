import { expect, test } from 'vitest';
import { fft, fft2d } from './fft.ts';

const complex = (values: number[]) => ({
  re: Float64Array.from(values),
  im: new Float64Array(values.length),
});

test('a cosine of 5 cycles over 64 samples is all in bins 5 and 59', () => {
  const signal = complex(
    Array.from({ length: 64 }, (_, i) => Math.cos((2 * Math.PI * 5 * i) / 64)),
  );
  fft(signal);
  const magnitudes = Array.from(signal.re, (re, k) => Math.hypot(re, signal.im[k] ?? 0));
  expect(magnitudes[5]).toBeCloseTo(32, 9);
  expect(magnitudes[59]).toBeCloseTo(32, 9);
  const elsewhere = magnitudes.filter((_, k) => k !== 5 && k !== 59);
  expect(Math.max(...elsewhere)).toBeLessThan(1e-9);
});

test('the inverse transform gives the samples back', () => {
  const samples = Array.from({ length: 256 }, (_, i) => Math.sin(i * 0.37) * 100 + (i % 7));
  const signal = complex(samples);
  fft(signal);
  fft(signal, true);
  signal.re.forEach((value, i) => expect(value).toBeCloseTo(samples[i] ?? NaN, 9));
  expect(Math.max(...Array.from(signal.im, Math.abs))).toBeLessThan(1e-9);
});

test('in two dimensions, a point at the origin has a flat spectrum and comes back', () => {
  const square = complex(new Array<number>(16 * 16).fill(0));
  square.re[0] = 1;
  fft2d(square, 16);
  expect(Array.from(square.re).every((value) => Math.abs(value - 1) < 1e-12)).toBe(true);
  fft2d(square, 16, true);
  expect(square.re[0]).toBeCloseTo(1, 12);
  expect(Math.max(...Array.from(square.re.subarray(1), Math.abs))).toBeLessThan(1e-12);
});

test('in two dimensions, stripes along the columns land on the first row of the spectrum', () => {
  const size = 16;
  const stripes = complex(
    Array.from({ length: size * size }, (_, i) => Math.cos((2 * Math.PI * 3 * (i % size)) / size)),
  );
  fft2d(stripes, size);
  const power = Array.from(stripes.re, (re, i) => Math.hypot(re, stripes.im[i] ?? 0));
  // Row 0, columns 3 and 16 − 3: each half of the energy (size² / 2).
  expect(power[3]).toBeCloseTo(128, 9);
  expect(power[13]).toBeCloseTo(128, 9);
  expect(power.reduce((sum, value) => sum + value, 0)).toBeCloseTo(256, 9);
});

test('a length that is not a power of two is refused', () => {
  expect(() => fft(complex([1, 2, 3]))).toThrow(/power of two/);
});
