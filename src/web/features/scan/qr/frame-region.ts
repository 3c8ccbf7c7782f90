// Which part of a camera frame goes to the decoder, and at what size. Frames alternate
// between the whole picture, downscaled (a QR filling the view), and the centre at full
// resolution (a small QR at the bottom of an A4 page held at arm's length). Both stay
// under MAX_SIDE pixels so one decode takes tens of milliseconds on a phone.

export const MAX_SIDE = 960;
/** The centre square's side, as a share of the frame's shorter side. */
export const CENTRE_SHARE = 0.6;

/** Source rectangle (sx…sh) in the video, drawn at dw × dh on the canvas. */
export type FrameRegion = {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  dw: number;
  dh: number;
};

function fit(width: number, height: number): { dw: number; dh: number } {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  return {
    dw: Math.max(1, Math.round(width * scale)),
    dh: Math.max(1, Math.round(height * scale)),
  };
}

/** The region for the `frameIndex`-th frame of a video `width` × `height`. */
export function frameRegion(width: number, height: number, frameIndex: number): FrameRegion {
  if (frameIndex % 2 === 0) return { sx: 0, sy: 0, sw: width, sh: height, ...fit(width, height) };
  const side = Math.round(Math.min(width, height) * CENTRE_SHARE);
  const sx = Math.round((width - side) / 2);
  const sy = Math.round((height - side) / 2);
  return { sx, sy, sw: side, sh: side, ...fit(side, side) };
}
