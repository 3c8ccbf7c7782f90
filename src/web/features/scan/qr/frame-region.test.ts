import { describe, expect, test } from 'vitest';
import { CENTRE_SHARE, frameRegion, MAX_SIDE } from './frame-region.ts';

describe('frameRegion', () => {
  test('even frames take the whole picture, downscaled to the maximum side', () => {
    expect(frameRegion(1920, 1080, 0)).toEqual({
      sx: 0,
      sy: 0,
      sw: 1920,
      sh: 1080,
      dw: MAX_SIDE,
      dh: 540,
    });
  });

  test('odd frames take the centre square at full resolution when it is small enough', () => {
    const region = frameRegion(1280, 720, 1);
    const side = Math.round(720 * CENTRE_SHARE);
    expect(region).toEqual({
      sx: (1280 - side) / 2,
      sy: (720 - side) / 2,
      sw: side,
      sh: side,
      dw: side,
      dh: side,
    });
  });

  test('a 4K centre square is downscaled too', () => {
    const region = frameRegion(3840, 2160, 3);
    expect(region.sw).toBe(1296);
    expect(region.dw).toBe(MAX_SIDE);
    expect(region.dh).toBe(MAX_SIDE);
  });

  test('a small portrait frame is never upscaled', () => {
    expect(frameRegion(480, 640, 2)).toEqual({ sx: 0, sy: 0, sw: 480, sh: 640, dw: 480, dh: 640 });
  });
});
