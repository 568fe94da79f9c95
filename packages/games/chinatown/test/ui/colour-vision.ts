/**
 * Colour science for the palette's test: sRGB to CIELAB (D65), colour-vision deficiencies simulated with the
 * matrices of Machado, Oliveira and Fernandes (2009, severity 1: dichromacy) on linear RGB, and the CIEDE2000 colour
 * difference (Sharma, Wu and Dalal, 2005).
 */
type Rgb = [number, number, number];
type Matrix = [Rgb, Rgb, Rgb];

export const MACHADO: Record<'protanopia' | 'deuteranopia' | 'tritanopia', Matrix> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

export type Vision = 'normal' | keyof typeof MACHADO;
export const VISIONS: readonly Vision[] = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'];

const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** A `#rrggbb` colour in linear RGB (0..1). */
function linearRgb(hex: string): Rgb {
  return [1, 3, 5].map((k) => linear(parseInt(hex.slice(k, k + 2), 16) / 255)) as Rgb;
}

/** What a viewer with `vision` sees of linear RGB `c`, clipped to the gamut. */
function simulate(c: Rgb, vision: Vision): Rgb {
  if (vision === 'normal') return c;
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  return MACHADO[vision].map((row) => clip(row[0] * c[0] + row[1] * c[1] + row[2] * c[2])) as Rgb;
}

/** CIELAB (D65 white) of linear RGB. */
function lab([r, g, b]: Rgb): Rgb {
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** A colour's CIELAB as a viewer with `vision` sees it. */
export function seenLab(hex: string, vision: Vision): Rgb {
  return lab(simulate(linearRgb(hex), vision));
}

const rad = (d: number) => (d * Math.PI) / 180;
const hue = (b: number, a: number) =>
  a === 0 && b === 0 ? 0 : ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360;

/** The CIEDE2000 difference of two CIELAB colours. */
export function ciede2000([l1, a1, b1]: Rgb, [l2, a2, b2]: Rgb): number {
  const cBar = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const g = 0.5 * (1 - Math.sqrt(cBar ** 7 / (cBar ** 7 + 25 ** 7)));
  const [a1p, a2p] = [(1 + g) * a1, (1 + g) * a2];
  const [c1p, c2p] = [Math.hypot(a1p, b1), Math.hypot(a2p, b2)];
  const [h1p, h2p] = [hue(b1, a1p), hue(b2, a2p)];
  let dh = 0;
  if (c1p * c2p !== 0)
    dh = h2p - h1p > 180 ? h2p - h1p - 360 : h2p - h1p < -180 ? h2p - h1p + 360 : h2p - h1p;
  const dL = l2 - l1;
  const dC = c2p - c1p;
  const dH = 2 * Math.sqrt(c1p * c2p) * Math.sin(rad(dh / 2));
  const lBar = (l1 + l2) / 2;
  const cBarP = (c1p + c2p) / 2;
  let hBar = h1p + h2p;
  if (c1p * c2p !== 0)
    hBar = Math.abs(h1p - h2p) <= 180 ? hBar / 2 : hBar < 360 ? (hBar + 360) / 2 : (hBar - 360) / 2;
  const t =
    1 -
    0.17 * Math.cos(rad(hBar - 30)) +
    0.24 * Math.cos(rad(2 * hBar)) +
    0.32 * Math.cos(rad(3 * hBar + 6)) -
    0.2 * Math.cos(rad(4 * hBar - 63));
  const dTheta = 30 * Math.exp(-(((hBar - 275) / 25) ** 2));
  const rC = 2 * Math.sqrt(cBarP ** 7 / (cBarP ** 7 + 25 ** 7));
  const sL = 1 + (0.015 * (lBar - 50) ** 2) / Math.sqrt(20 + (lBar - 50) ** 2);
  const sC = 1 + 0.045 * cBarP;
  const sH = 1 + 0.015 * cBarP * t;
  const rT = -Math.sin(rad(2 * dTheta)) * rC;
  return Math.sqrt((dL / sL) ** 2 + (dC / sC) ** 2 + (dH / sH) ** 2 + rT * (dC / sC) * (dH / sH));
}

/** How far apart two colours look to a viewer with `vision` (CIEDE2000). */
export function seenDifference(x: string, y: string, vision: Vision): number {
  return ciede2000(seenLab(x, vision), seenLab(y, vision));
}
