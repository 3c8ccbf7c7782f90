// A phone camera for the real-world OCR fixtures, in plain JS over raw pixels so a photo
// costs a fraction of a second instead of a chromium screenshot: the sheet's surface (folds,
// crumples), where it lies (a table's texture around it, rotation, perspective), the light
// (gradient, vignette, a shadow across the page, the paper's own shadow) and the sensor
// (blur, noise, JPEG). Seeded, so every run gives the same bytes on one machine.
import sharp from 'sharp';
import type { Rgb, Sheet } from './ink.ts';
import { clamp01, fbm, mulberry32, smoothstep, valueNoise } from './noise.ts';

export type Table = 'wood' | 'granite' | 'gingham' | 'dark' | 'marble';

export type Shadow =
  /** A straight-edged shadow (a wall, a phone held above) over one side of a line. */
  | { kind: 'edge'; angle: number; through: readonly [number, number]; soft: number; depth: number }
  /** A round shadow (a head or a hand). Centre and radii as fractions of the photo. */
  | {
      kind: 'blob';
      centre: readonly [number, number];
      radii: readonly [number, number];
      soft: number;
      depth: number;
    };

export type Shot = {
  width: number;
  height: number;
  /** Width of the paper in the photo, in pixels, before perspective. */
  paperWidth: number;
  rotate: number;
  /** Perspective: the paper turned this many degrees about its horizontal / vertical axis. */
  tiltX?: number;
  tiltY?: number;
  shiftX?: number;
  shiftY?: number;
  table: Table;
  /** Overall light 0–1.2, and how much it falls off across the photo in `lightAngle`. */
  brightness?: number;
  falloff?: number;
  lightAngle?: number;
  vignette?: number;
  /** Multiplier per channel: tungsten light is warm, shade is blue. */
  tint?: Rgb;
  shadows?: Shadow[];
  /** Folds across the sheet: 'h' lines at fractions of the height, 'v' of the width. */
  folds?: ReadonlyArray<{ along: 'h' | 'v'; at: number; depth: number }>;
  /** Crumpled: this many random creases of about `depth` slope. */
  crumple?: { creases: number; depth: number };
  /** A till receipt's serrated top and bottom edges. */
  torn?: boolean;
  blur?: number;
  noise: number;
  quality: number;
  seed: number;
};

/**
 * A crease: the line n·p + c = 0 on the sheet, raising the paper by `slope` per pixel away
 * from it, fading out beyond `reach` pixels from its `middle` along the line.
 */
type Crease = {
  nx: number;
  ny: number;
  c: number;
  middle: number;
  reach: number;
  slope: number;
  mark: number;
};

/** Lines on the sheet (in its pixels) whose sum of tents is the paper's height. */
function creasesOf(sheet: Sheet, shot: Shot): Crease[] {
  const creases: Crease[] = [];
  const random = mulberry32(shot.seed + 99);
  for (const fold of shot.folds ?? []) {
    const [nx, ny] = fold.along === 'h' ? [0, 1] : [1, 0];
    const c = -(fold.along === 'h' ? fold.at * sheet.height : fold.at * sheet.width);
    const reach = 4 * Math.max(sheet.width, sheet.height);
    creases.push({ nx, ny, c, middle: 0, reach, slope: fold.depth, mark: 1.2 });
  }
  for (let i = 0; i < (shot.crumple?.creases ?? 0); i++) {
    const angle = random() * Math.PI;
    const nx = Math.cos(angle);
    const ny = Math.sin(angle);
    const px = random() * sheet.width;
    const py = random() * sheet.height;
    const sign = random() < 0.5 ? -1 : 1;
    const slope = sign * (shot.crumple?.depth ?? 0) * (0.35 + 0.65 * random());
    creases.push({
      nx,
      ny,
      c: -(nx * px + ny * py),
      middle: nx * py - ny * px,
      reach: (0.25 + 0.5 * random()) * Math.max(sheet.width, sheet.height),
      slope,
      mark: 0.25 + 0.3 * random(),
    });
  }
  return creases;
}

/** Table texture around the paper, drawn at a quarter size and enlarged (it is out of focus). */
async function tableTexture(shot: Shot): Promise<Uint8Array> {
  const w = Math.ceil(shot.width / 4);
  const h = Math.ceil(shot.height / 4);
  const out = Buffer.alloc(w * h * 3);
  const seed = shot.seed + 5;
  const random = mulberry32(seed);
  const put = (i: number, r: number, g: number, b: number) => {
    out[i * 3] = Math.round(clamp01(r) * 255);
    out[i * 3 + 1] = Math.round(clamp01(g) * 255);
    out[i * 3 + 2] = Math.round(clamp01(b) * 255);
  };
  // The patterns are drawn in half-size units.
  for (let qy = 0; qy < h; qy++) {
    for (let qx = 0; qx < w; qx++) {
      const i = qy * w + qx;
      const [x, y] = [qx * 2, qy * 2];
      const grain = valueNoise(seed, x / 3, y / 3);
      switch (shot.table) {
        case 'wood': {
          const along = x * 0.26 + y * 0.97;
          const across = x * 0.97 - y * 0.26;
          const board = Math.floor(across / 170);
          const ring = Math.sin(across / 1.7 + 9 * fbm(seed + board, across / 60, along / 500, 3));
          const tone = 0.85 + 0.2 * fbm(seed + board * 31, across / 40, along / 300, 2);
          const seam = Math.abs((((across % 170) + 170) % 170) - 85) > 84 ? 0.6 : 1;
          const v = tone * (0.93 + 0.07 * ring) * seam * (0.96 + 0.04 * grain);
          put(i, 0.55 * v, 0.38 * v, 0.23 * v);
          break;
        }
        case 'granite': {
          const speck = random();
          const base = 0.45 + 0.2 * fbm(seed, x / 25, y / 25, 3);
          const v = speck < 0.06 ? base * 0.6 : speck > 0.96 ? base * 1.35 : base;
          put(i, v, v * 0.97, v * 0.95);
          break;
        }
        case 'gingham': {
          const red = (Math.floor(x / 22) % 2) + (Math.floor(y / 22) % 2);
          const weave = 0.9 + 0.1 * grain;
          const [r, g, b] =
            red === 2 ? [0.62, 0.1, 0.12] : red === 1 ? [0.8, 0.45, 0.45] : [0.95, 0.93, 0.9];
          put(i, r * weave, g * weave, b * weave);
          break;
        }
        case 'dark': {
          const v = 0.16 + 0.05 * fbm(seed, x / 60, y / 60, 2) + 0.03 * grain;
          put(i, v, v, v * 1.05);
          break;
        }
        case 'marble': {
          const vein = Math.abs(Math.sin(x / 70 + y / 110 + 5 * fbm(seed, x / 120, y / 120, 4)));
          const v = 0.88 - 0.12 * (1 - smoothstep(0, 0.06, vein)) + 0.04 * grain;
          put(i, v, v, v * 0.98);
          break;
        }
      }
    }
  }
  const soft = await sharp(out, { raw: { width: w, height: h, channels: 3 } })
    .blur(0.7)
    .raw()
    .toBuffer();
  const { data } = await sharp(soft, { raw: { width: w, height: h, channels: 3 } })
    .resize(shot.width, shot.height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
}

type Matrix = [number, number, number, number, number, number, number, number, number];

/** Sheet pixels → photo pixels: the paper rotated and turned in 3D, seen by a pinhole. */
function homography(sheet: Sheet, shot: Shot): Matrix {
  const rad = Math.PI / 180;
  const [az, ax, ay] = [shot.rotate * rad, (shot.tiltX ?? 0) * rad, (shot.tiltY ?? 0) * rad];
  const rz = [Math.cos(az), -Math.sin(az), Math.sin(az), Math.cos(az)] as const;
  // Columns of R = Ry · Rx · Rz applied to the sheet's x and y axes.
  const col = (x: number, y: number) => {
    let px = rz[0] * x + rz[1] * y;
    let py = rz[2] * x + rz[3] * y;
    let pz = 0;
    [py, pz] = [py * Math.cos(ax) - pz * Math.sin(ax), py * Math.sin(ax) + pz * Math.cos(ax)];
    [px, pz] = [px * Math.cos(ay) + pz * Math.sin(ay), -px * Math.sin(ay) + pz * Math.cos(ay)];
    return [px, py, pz] as const;
  };
  const k = shot.paperWidth / sheet.width;
  const f = 1.1 * Math.max(shot.width, shot.height);
  const [r0, r1] = [col(k, 0), col(0, k)];
  const t = [
    -(r0[0] * sheet.width + r1[0] * sheet.height) / 2,
    -(r0[1] * sheet.width + r1[1] * sheet.height) / 2,
    f - (r0[2] * sheet.width + r1[2] * sheet.height) / 2,
  ];
  const cx = shot.width / 2 + (shot.shiftX ?? 0);
  const cy = shot.height / 2 + (shot.shiftY ?? 0);
  // K · [r0 r1 t] with K = [[f,0,cx],[0,f,cy],[0,0,1]].
  return [
    f * r0[0] + cx * r0[2],
    f * r1[0] + cx * r1[2],
    f * t[0]! + cx * t[2]!,
    f * r0[1] + cy * r0[2],
    f * r1[1] + cy * r1[2],
    f * t[1]! + cy * t[2]!,
    r0[2],
    r1[2],
    t[2]!,
  ];
}

function invert([a, b, c, d, e, f, g, h, i]: Matrix): Matrix {
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}

/**
 * How much light the shadows leave at each photo pixel (1 = none), with each shadow's
 * geometry worked out once: an edge is a signed distance ax·x + ay·y + c, a blob a scaled
 * distance from its centre.
 */
function shadowsOf(shot: Shot): (x: number, y: number) => number {
  const edges = (shot.shadows ?? []).map((shadow) => {
    if (shadow.kind === 'edge') {
      const a = (shadow.angle * Math.PI) / 180;
      const [ax, ay] = [Math.cos(a), Math.sin(a)];
      const c = -(shadow.through[0] * shot.width * ax + shadow.through[1] * shot.height * ay);
      return { blob: false, ax, ay, c, sx: 0, sy: 0, scale: 0, ...shadow };
    }
    const sx = 1 / (shadow.radii[0] * shot.width);
    const sy = 1 / (shadow.radii[1] * shot.height);
    const [ax, ay] = [-shadow.centre[0] / shadow.radii[0], -shadow.centre[1] / shadow.radii[1]];
    return { blob: true, ax, ay, c: 0, sx, sy, scale: shadow.radii[0] * shot.width, ...shadow };
  });
  return (x, y) => {
    let factor = 1;
    for (const shadow of edges) {
      if (shadow.blob) {
        const dx = x * shadow.sx + shadow.ax;
        const dy = y * shadow.sy + shadow.ay;
        const d = (Math.sqrt(dx * dx + dy * dy) - 1) * shadow.scale;
        factor *= 1 - shadow.depth * (1 - smoothstep(-shadow.soft, shadow.soft, d));
      } else {
        const d = x * shadow.ax + y * shadow.ay + shadow.c;
        factor *= 1 - shadow.depth * smoothstep(-shadow.soft, shadow.soft, d);
      }
    }
    return factor;
  };
}

/** The photo of `sheet` taken as `shot` says, as a JPEG. */
export async function takePhoto(sheet: Sheet, shot: Shot): Promise<Buffer> {
  const { width: W, height: H } = shot;
  const table = await tableTexture(shot);
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = invert(homography(sheet, shot));
  const creases = creasesOf(sheet, shot);
  const k = shot.paperWidth / sheet.width;
  // Light from the top left, a little above: what shades the slopes of a creased sheet.
  const [lx, ly, lz] = [-0.45, -0.55, 0.7];
  const lightNorm = Math.sqrt(lx * lx + ly * ly + lz * lz);
  const flatLit = lz / lightNorm;
  const lightAngle = ((shot.lightAngle ?? 35) * Math.PI) / 180;
  const [dirX, dirY] = [Math.cos(lightAngle), Math.sin(lightAngle)];
  const diagonal = Math.hypot(W, H);
  const [tr, tg, tb] = shot.tint ?? [1, 1, 1];
  const brightness = shot.brightness ?? 1;
  const falloff = shot.falloff ?? 0.2;
  const vignette = shot.vignette ?? 0.25;
  const hasShadows = (shot.shadows ?? []).length > 0;
  const shadowAt = shadowsOf(shot);
  const tear = shot.torn ? 5 : 0;
  const { width: sw, height: sh, rgb } = sheet;
  // The paper's own shadow on the table: the sheet seen from a point offset from the light.
  const lift = shot.paperWidth / 70;
  const [offsetX, offsetY, spread] = [0.6 * lift, 0.9 * lift, 1.6 * lift];
  // Parallax of a creased sheet: a raised point is seen a little further down and right.
  const [parallaxX, parallaxY] = [0.03, 0.08];
  const noiseAmount = shot.noise / 255;
  // xorshift32, one draw a pixel: its low half is the brightness noise, its high half colour.
  let state = shot.seed >>> 0 || 1;
  const out = Buffer.alloc(W * H * 3);

  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const z = h6 * (x + 0.5) + h7 * (y + 0.5) + h8;
      const u = (h0 * (x + 0.5) + h1 * (y + 0.5) + h2) / z;
      const v = (h3 * (x + 0.5) + h4 * (y + 0.5) + h5) / z;
      const tearAt = tear === 0 ? 0 : tear * Math.abs(((u / 7) % 2) - 1);
      const acrossEdge = u < sw - u ? u : sw - u;
      const alongEdge = v - tearAt < sh - tearAt - v ? v - tearAt : sh - tearAt - v;
      const inside = (acrossEdge < alongEdge ? acrossEdge : alongEdge) * k;
      const alpha = inside <= -0.5 ? 0 : inside >= 0.5 ? 1 : inside + 0.5;
      const o = (y * W + x) * 3;
      let r = 0;
      let g = 0;
      let b = 0;
      if (alpha < 1) {
        const sx = x - offsetX;
        const sy = y - offsetY;
        const sz = h6 * sx + h7 * sy + h8;
        const su = (h0 * sx + h1 * sy + h2) / sz;
        const sv = (h3 * sx + h4 * sy + h5) / sz;
        const du = Math.max(0, -su, su - sw);
        const dv = Math.max(0, -sv, sv - sh);
        const dist = Math.sqrt(du * du + dv * dv) * k;
        const dropShadow = dist > 3 * spread ? 1 : 1 - 0.45 * Math.exp(-((dist / spread) ** 2));
        r = (table[o]! / 255) * dropShadow;
        g = (table[o + 1]! / 255) * dropShadow;
        b = (table[o + 2]! / 255) * dropShadow;
      }
      if (alpha > 0) {
        let height = 0;
        let gx = 0;
        let gy = 0;
        let mark = 0;
        for (const crease of creases) {
          const along = crease.nx * v - crease.ny * u - crease.middle;
          const fade = 1 - smoothstep(crease.reach * 0.5, crease.reach, Math.abs(along));
          if (fade === 0) continue;
          const d = crease.nx * u + crease.ny * v + crease.c;
          const side = d < 0 ? -1 : 1;
          height += crease.slope * Math.abs(d) * fade;
          gx += crease.slope * side * crease.nx * fade;
          gy += crease.slope * side * crease.ny * fade;
          const near = Math.abs(d) * k;
          if (near < 3) mark += crease.mark * fade * (1 - near / 3) * (crease.slope > 0 ? 1 : -0.6);
        }
        let shade = 1;
        if (creases.length > 0) {
          const lit = (-gx * lx - gy * ly + lz) / Math.sqrt(1 + gx * gx + gy * gy);
          shade = clamp01(1 + 1.3 * (lit / lightNorm / flatLit - 1) - 0.25 * mark);
        }
        // Bilinear sample of the sheet, the edge repeated outside it.
        const px = Math.min(sw - 1.001, Math.max(0, u - parallaxX * height - 0.5));
        const py = Math.min(sh - 1.001, Math.max(0, v - parallaxY * height - 0.5));
        const x0 = px | 0;
        const y0 = py | 0;
        const fx = px - x0;
        const fy = py - y0;
        const i00 = (y0 * sw + x0) * 3;
        const i01 = i00 + sw * 3;
        const w00 = (1 - fx) * (1 - fy);
        const w10 = fx * (1 - fy);
        const w01 = (1 - fx) * fy;
        const w11 = fx * fy;
        const a = alpha * shade;
        const pr = rgb[i00]! * w00 + rgb[i00 + 3]! * w10 + rgb[i01]! * w01 + rgb[i01 + 3]! * w11;
        const pg =
          rgb[i00 + 1]! * w00 + rgb[i00 + 4]! * w10 + rgb[i01 + 1]! * w01 + rgb[i01 + 4]! * w11;
        const pb =
          rgb[i00 + 2]! * w00 + rgb[i00 + 5]! * w10 + rgb[i01 + 2]! * w01 + rgb[i01 + 5]! * w11;
        r = r * (1 - alpha) + a * pr;
        g = g * (1 - alpha) + a * pg;
        b = b * (1 - alpha) + a * pb;
      }
      const nx = (x - W / 2) / diagonal;
      const ny = (y - H / 2) / diagonal;
      let light =
        brightness *
        (1 - falloff * (nx * dirX + ny * dirY) * 2) *
        (1 - vignette * 4 * (nx * nx + ny * ny));
      if (hasShadows) light *= shadowAt(x, y);
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const grain = ((state & 0xffff) / 32768 - 1) * noiseAmount;
      const colour = ((state >>> 16) / 32768 - 1) * noiseAmount * 0.3;
      out[o] = clamp01(r * light * tr + grain + colour) * 255 + 0.5;
      out[o + 1] = clamp01(g * light * tg + grain) * 255 + 0.5;
      out[o + 2] = clamp01(b * light * tb + grain - colour) * 255 + 0.5;
    }
  }
  let image = sharp(out, { raw: { width: W, height: H, channels: 3 } });
  if (shot.blur) image = image.blur(shot.blur);
  return image.jpeg({ quality: shot.quality, mozjpeg: false }).toBuffer();
}
