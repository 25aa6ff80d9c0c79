// Deterministic, dependency-free article covers: calm abstract SVG illustrations.
// The slug is only hashed (never inserted), so nothing user-controlled reaches the markup.

import { COLORS, TINTS } from "~/styles/tokens";

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 675;

const W = COVER_WIDTH;
const H = COVER_HEIGHT;

type Rng = () => number;

type Palette = {
  /** Background gradient, top-left to bottom-right. */
  bg: readonly [string, string];
  /** Soft glow behind the composition. */
  glow: string;
  /** Shape fills, light to deep. */
  fills: readonly [string, string, string, ...string[]];
  /** Thin line motifs. */
  line: string;
  /** A small warm or cool counterpoint. */
  accent: string;
};

const PALETTES = {
  sage: {
    bg: [COLORS.primarySoft, COLORS.paper],
    glow: COLORS.surface,
    fills: [TINTS.sageTint, TINTS.sageMid, COLORS.primary],
    line: COLORS.primary,
    accent: TINTS.terraTint,
  },
  mist: {
    bg: [COLORS.paper, TINTS.linen],
    glow: COLORS.primarySoft,
    fills: [COLORS.border, TINTS.sageTint, TINTS.sageGrey],
    line: COLORS.muted,
    accent: TINTS.terraTint,
  },
  sand: {
    bg: [COLORS.sand, COLORS.paper],
    glow: COLORS.accentSoft,
    fills: [TINTS.wheat, TINTS.terraTint, COLORS.accent],
    line: COLORS.accent,
    accent: TINTS.sageTint,
  },
  terracotta: {
    bg: [COLORS.accentSoft, COLORS.paper],
    glow: COLORS.surface,
    fills: [TINTS.terraBlush, TINTS.terraTint, TINTS.terraMid],
    line: COLORS.accent,
    accent: TINTS.sageTint,
  },
  bloom: {
    bg: [COLORS.paper, COLORS.accentSoft],
    glow: COLORS.primarySoft,
    fills: [TINTS.sageTint, TINTS.terraTint, TINTS.sageDeep, TINTS.wheat],
    line: COLORS.primary,
    accent: COLORS.accent,
  },
  deep: {
    bg: [COLORS.primarySoft, COLORS.sand],
    glow: COLORS.paper,
    fills: [TINTS.wheat, TINTS.sageTint, COLORS.primary],
    line: COLORS.ink,
    accent: TINTS.terraTint,
  },
} as const satisfies Record<string, Palette>;

type PaletteName = keyof typeof PALETTES;

/** The cover motifs (a bundled article names its own in front matter: `cover`). */
export const MOTIF_NAMES = [
  "waves",
  "ripples",
  "blobs",
  "hills",
  "circles",
  "intertwined",
  "leaves",
] as const;
export type Motif = (typeof MOTIF_NAMES)[number];

/** The category sets the palette; the motif follows the article (see coverSvg). */
const CATEGORIES: Record<string, PaletteName> = {
  ansiedad: "sage",
  estres: "sage",
  "salud-mental": "sage",
  mindfulness: "mist",
  duelo: "mist",
  resiliencia: "sand",
  "crecimiento-personal": "sand",
  "psicologia-positiva": "sand",
  "terapia-pareja": "terracotta",
  "dependencia-emocional": "terracotta",
  emociones: "terracotta",
  autoestima: "terracotta",
  "psicologia-infantil": "bloom",
  "terapia-infantil": "bloom",
  "educacion-emocional": "bloom",
  terapias: "deep",
  fobias: "deep",
  "habilidades-sociales": "deep",
};

const DEFAULT_PALETTE: PaletteName = "mist";

/** FNV-1a 32-bit hash of a string. */
function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const n = (x: number): string => String(Math.round(x * 10) / 10);

type Pt = readonly [number, number];

function at<T>(items: readonly T[], index: number): T {
  const len = items.length;
  const item = items[((index % len) + len) % len];
  if (item === undefined) throw new Error("Índice fuera de rango");
  return item;
}

/** Smooth curve through points (Catmull-Rom converted to cubic Béziers). */
function smooth(points: readonly Pt[], closed: boolean): string {
  const count = points.length;
  const first = at(points, 0);
  let d = `M${n(first[0])} ${n(first[1])}`;
  const segments = closed ? count : count - 1;
  for (let i = 0; i < segments; i++) {
    const p0 = closed ? at(points, i - 1) : at(points, Math.max(i - 1, 0));
    const p1 = at(points, i);
    const p2 = at(points, i + 1);
    const p3 = closed ? at(points, i + 2) : at(points, Math.min(i + 2, count - 1));
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${n(c1x)} ${n(c1y)} ${n(c2x)} ${n(c2y)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

/** A point on the open curve drawn by `smooth`, for t in [0, 1]. */
function pointOn(points: readonly Pt[], t: number): Pt {
  const count = points.length;
  const scaled = Math.min(Math.max(t, 0), 0.9999) * (count - 1);
  const i = Math.floor(scaled);
  const u = scaled - i;
  const p0 = at(points, Math.max(i - 1, 0));
  const p1 = at(points, i);
  const p2 = at(points, i + 1);
  const p3 = at(points, Math.min(i + 2, count - 1));
  const f = (a: number, b: number, c: number, d: number): number =>
    0.5 *
    (2 * b +
      (c - a) * u +
      (2 * a - 5 * b + 4 * c - d) * u * u +
      (3 * b - a - 3 * c + d) * u * u * u);
  return [f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])];
}

function blob(rng: Rng, cx: number, cy: number, r: number, irregularity = 0.18): string {
  const count = 6 + Math.floor(rng() * 3);
  const start = rng() * Math.PI * 2;
  const squash = 0.8 + rng() * 0.3;
  const points: Pt[] = [];
  for (let i = 0; i < count; i++) {
    const angle = start + (i / count) * Math.PI * 2 + (rng() - 0.5) * 0.3;
    const radius = r * (1 + (rng() - 0.5) * 2 * irregularity);
    points.push([cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius * squash]);
  }
  return smooth(points, true);
}

/** A gently undulating line across the whole width. */
function waveLine(rng: Rng, y: number, amplitude: number, steps: number): Pt[] {
  const points: Pt[] = [];
  const phase = rng() * Math.PI * 2;
  for (let i = 0; i <= steps; i++) {
    const x = -60 + ((W + 120) * i) / steps;
    const offset = Math.sin(phase + i * 1.3) * amplitude + (rng() - 0.5) * amplitude * 0.6;
    points.push([x, y + offset]);
  }
  return points;
}

const band = (points: readonly Pt[]): string =>
  `${smooth(points, false)}L${W + 60} ${H + 20}L-60 ${H + 20}Z`;

const fill = (color: string, opacity = 1, d = ""): string =>
  `<path d="${d}" fill="${color}"${opacity < 1 ? ` fill-opacity="${n(opacity)}"` : ""}/>`;

const stroke = (color: string, width: number, opacity: number, d: string, extra = ""): string =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-opacity="${n(opacity)}" stroke-linecap="round"${extra}/>`;

const circle = (cx: number, cy: number, r: number, attrs: string): string =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" ${attrs}/>`;

const range = (rng: Rng, min: number, max: number): number => min + rng() * (max - min);

function waves(rng: Rng, p: Palette, id: string): string {
  const out: string[] = [];
  const sunX = range(rng, 0.55, 0.82) * W;
  const sunY = range(rng, 0.2, 0.34) * H;
  out.push(circle(sunX, sunY, range(rng, 70, 110), `fill="url(#${id}s)"`));
  const layers = 3 + Math.floor(rng() * 2);
  const top = range(rng, 0.46, 0.58);
  for (let i = 0; i < layers; i++) {
    const y = H * (top + (i / layers) * 0.34) + range(rng, -12, 12);
    const color = i === layers - 1 ? `url(#${id}d)` : at(p.fills, i);
    out.push(fill(color, 0.9, band(waveLine(rng, y, range(rng, 12, 30) + i * 4, 5 + (i % 3)))));
  }
  const lines = 2 + Math.floor(rng() * 3);
  for (let i = 0; i < lines; i++) {
    const y = H * range(rng, 0.16, 0.42);
    const x0 = range(rng, 0.05, 0.4) * W;
    const len = range(rng, 180, 360);
    const pts: Pt[] = [0, 1, 2, 3].map((k) => [x0 + (len * k) / 3, y + (k % 2 ? -14 : 10)]);
    out.push(stroke(p.line, 2.5, 0.45, smooth(pts, false)));
  }
  return out.join("");
}

function ripples(rng: Rng, p: Palette, id: string): string {
  const out: string[] = [];
  const cx = range(rng, 0.35, 0.65) * W;
  const cy = range(rng, 0.48, 0.6) * H;
  out.push(fill(p.fills[0], 0.9, band(waveLine(rng, cy + range(rng, 40, 70), 10, 5))));
  const rings = 4 + Math.floor(rng() * 3);
  const squash = range(rng, 0.32, 0.42);
  const step = range(rng, 52, 72);
  for (let i = 1; i <= rings; i++) {
    const rx = 40 + step * i;
    out.push(
      `<ellipse cx="${n(cx)}" cy="${n(cy + 60)}" rx="${n(rx)}" ry="${n(rx * squash)}" fill="none" stroke="${p.line}" stroke-width="2" stroke-opacity="${n(0.55 - i * 0.07)}"/>`,
    );
  }
  out.push(circle(cx, cy - range(rng, 40, 90), range(rng, 60, 90), `fill="url(#${id}s)"`));
  out.push(fill(p.fills[1], 0.9, blob(rng, cx, cy + 60, 48, 0.12)));
  const stones = 1 + Math.floor(rng() * 3);
  for (let i = 0; i < stones; i++) {
    const side = i % 2 ? 1 : -1;
    const x = cx + side * range(rng, 260, 420);
    out.push(
      fill(p.fills[2], 0.35, blob(rng, x, cy + range(rng, 90, 150), range(rng, 22, 40), 0.15)),
    );
  }
  return out.join("");
}

function blobs(rng: Rng, p: Palette, id: string): string {
  const out: string[] = [];
  const count = 4 + Math.floor(rng() * 3);
  for (let i = 0; i < count; i++) {
    const cx = ((i + 0.5) / count) * W + range(rng, -60, 60);
    const cy = H * range(rng, 0.32, 0.7);
    const r = range(rng, 90, 190) * (i % 2 ? 0.75 : 1);
    const color = i === 1 ? `url(#${id}s)` : at(p.fills, i);
    out.push(fill(color, i === 2 ? 0.55 : 0.85, blob(rng, cx, cy, r)));
  }
  for (let i = 0; i < 2; i++) {
    const pts = waveLine(rng, H * range(rng, 0.35, 0.65), 60, 5);
    out.push(stroke(p.line, 2.5, 0.5 - i * 0.15, smooth(pts, false)));
  }
  out.push(circle(range(rng, 0.1, 0.9) * W, H * range(rng, 0.12, 0.25), 10, `fill="${p.accent}"`));
  return out.join("");
}

function hills(rng: Rng, p: Palette, id: string): string {
  const out: string[] = [];
  const sunX = range(rng, 0.25, 0.75) * W;
  const sunY = H * range(rng, 0.24, 0.36);
  const sunR = range(rng, 80, 120);
  out.push(circle(sunX, sunY, sunR, `fill="url(#${id}s)"`));
  out.push(
    stroke(
      p.line,
      2,
      0.35,
      `M${n(sunX - sunR - 40)} ${n(sunY)}A${n(sunR + 40)} ${n(sunR + 40)} 0 0 1 ${n(sunX + sunR + 40)} ${n(sunY)}`,
    ),
  );
  const layers = 3;
  const rising = rng() < 0.5 ? 1 : -1;
  let path: Pt[] = [];
  for (let i = 0; i < layers; i++) {
    const base = H * (0.58 + i * 0.12);
    const pts: Pt[] = [];
    const peak = range(rng, 0.2, 0.8);
    for (let k = 0; k <= 5; k++) {
      const t = k / 5;
      const lift = Math.exp(-((t - peak) ** 2) / 0.08) * range(rng, 70, 120);
      pts.push([-60 + (W + 120) * t, base - lift - rising * (t - 0.5) * 60]);
    }
    if (i === 1) path = pts;
    out.push(fill(i === 2 ? `url(#${id}d)` : at(p.fills, i), 0.95, band(pts)));
  }
  const trail = path.slice(1, 5).map(([x, y], k): Pt => [x, y + 26 + (k % 2 ? 14 : -6)]);
  if (trail.length > 1) {
    out.push(stroke(p.line, 2.5, 0.45, smooth(trail, false), ` stroke-dasharray="2 12"`));
  }
  return out.join("");
}

function circles(rng: Rng, p: Palette, id: string): string {
  const out: string[] = [];
  out.push(fill(p.fills[0], 0.7, band(waveLine(rng, H * 0.84, 14, 5))));
  const count = 4 + Math.floor(rng() * 3);
  const x0 = W * range(rng, 0.18, 0.26);
  const x1 = W * range(rng, 0.74, 0.82);
  const arc = range(rng, 60, 150);
  const tilt = range(rng, -90, 90);
  const centres: Pt[] = [];
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    const x = x0 + (x1 - x0) * t + range(rng, -25, 25);
    const y = H * 0.54 - Math.sin(t * Math.PI) * arc + tilt * (t - 0.5) + range(rng, -50, 50);
    centres.push([x, y]);
  }
  const trail = centres.map(([x, y]): Pt => [x, y + 40]);
  out.push(stroke(p.line, 2.5, 0.35, smooth(trail, false), ` stroke-dasharray="1 14"`));
  const order = rng() < 0.5 ? 0 : 1;
  centres.forEach(([x, y], i) => {
    const r = range(rng, 70, 125) * (i % 2 === order ? 1 : 0.7);
    const color = i % 3 === 1 ? `url(#${id}s)` : at(p.fills, i + (rng() < 0.5 ? 0 : 3));
    out.push(circle(x, y, r, `fill="${color}" fill-opacity="${n(range(rng, 0.55, 0.8))}"`));
    if (rng() < 0.35) {
      out.push(
        circle(
          x - r * 0.25,
          y - r * 0.2,
          r * 1.2,
          `fill="none" stroke="${p.line}" stroke-width="2" stroke-opacity="0.3"`,
        ),
      );
    }
  });
  return out.join("");
}

function intertwined(rng: Rng, p: Palette, id: string): string {
  const out: string[] = [];
  const cy = H * range(rng, 0.45, 0.55);
  const gap = range(rng, 130, 190);
  const mid = W * range(rng, 0.44, 0.56);
  const big = range(rng, 150, 230);
  const small = range(rng, 120, 190);
  out.push(fill(p.fills[0], 0.9, blob(rng, mid - gap, cy + range(rng, -40, 40), big, 0.22)));
  out.push(fill(`url(#${id}s)`, 0.75, blob(rng, mid + gap, cy + range(rng, -50, 50), small, 0.22)));
  const phase = rng() * Math.PI;
  const amp = range(rng, 60, 120);
  const turns = range(rng, 2, 3.6);
  const slope = range(rng, -90, 90);
  for (let k = 0; k < 2; k++) {
    const pts: Pt[] = [];
    for (let i = 0; i <= 10; i++) {
      const t = i / 10;
      const offset =
        Math.sin(phase + t * Math.PI * turns + k * Math.PI) * amp * Math.sin(t * Math.PI);
      pts.push([W * 0.08 + W * 0.84 * t, cy + offset + slope * (t - 0.5)]);
    }
    out.push(stroke(k ? p.line : p.fills[2], 3, 0.7, smooth(pts, false)));
  }
  out.push(circle(W * 0.08, cy - slope / 2, 7, `fill="${p.line}"`));
  out.push(circle(W * 0.92, cy + slope / 2, 7, `fill="${p.fills[2]}"`));
  return out.join("");
}

function leaves(rng: Rng, p: Palette, id: string): string {
  const out: string[] = [];
  out.push(
    fill(p.fills[0], 0.6, blob(rng, W * range(rng, 0.55, 0.7), H * 0.52, range(rng, 180, 230))),
  );
  out.push(
    circle(
      W * range(rng, 0.16, 0.3),
      H * range(rng, 0.22, 0.36),
      range(rng, 56, 84),
      `fill="url(#${id}s)"`,
    ),
  );
  const x0 = W * range(rng, 0.22, 0.34);
  const x1 = W * range(rng, 0.74, 0.86);
  const bend = range(rng, 50, 90) * (rng() < 0.5 ? 1 : -1);
  const stem: Pt[] = [
    [x0, H + 10],
    [x0 + (x1 - x0) * 0.3 - bend, H * range(rng, 0.6, 0.68) - bend],
    [x0 + (x1 - x0) * 0.66 + bend, H * range(rng, 0.36, 0.44) + bend],
    [x1, H * range(rng, 0.12, 0.2)],
  ];
  out.push(stroke(p.line, 3, 0.55, smooth(stem, false)));
  const count = 6 + Math.floor(rng() * 4);
  for (let i = 0; i < count; i++) {
    const t = 0.22 + (0.78 * i) / count;
    const [x, y] = pointOn(stem, t);
    const a = pointOn(stem, t - 0.02);
    const b = pointOn(stem, t + 0.02);
    const dir = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
    const side = i % 2 ? 1 : -1;
    const angle = dir + side * range(rng, 40, 65);
    const len = range(rng, 110, 160) * (1 - t * 0.35);
    const w = len * 0.36;
    const d = `M0 0C${n(len * 0.3)} ${n(-w)} ${n(len * 0.75)} ${n(-w)} ${n(len)} 0C${n(len * 0.75)} ${n(w)} ${n(len * 0.3)} ${n(w)} 0 0Z`;
    const move = `transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"`;
    if (rng() < 0.2) {
      out.push(
        `<path d="${d}" fill="none" stroke="${p.line}" stroke-width="2" stroke-opacity="0.5" ${move}/>`,
      );
    } else {
      const color = i % 3 === 0 ? p.accent : at(p.fills, i % 2 ? 2 : 1);
      out.push(`<path d="${d}" fill="${color}" fill-opacity="0.88" ${move}/>`);
      out.push(
        `<path d="M${n(len * 0.1)} 0H${n(len * 0.8)}" stroke="${p.bg[1]}" stroke-width="1.5" stroke-opacity="0.6" stroke-linecap="round" ${move}/>`,
      );
    }
  }
  out.push(fill(p.fills[1], 0.45, band(waveLine(rng, H * 0.92, 8, 4))));
  return out.join("");
}

const MOTIFS: Record<Motif, (rng: Rng, p: Palette, id: string) => string> = {
  waves,
  ripples,
  blobs,
  hills,
  circles,
  intertwined,
  leaves,
};

/**
 * The motif of a cover whose article names none, from its slug. (It used to follow the
 * category, so neighbouring cards of related categories, same palette and motif, looked alike.)
 */
export function coverMotif(slug: string): Motif {
  // FNV-1a alone spreads similar slugs poorly over 7 values; one round of mulberry32 mixes it.
  return at(MOTIF_NAMES, Math.floor(mulberry32(hashString(slug))() * MOTIF_NAMES.length));
}

/** The category sets the palette; the motif is the article's own (or chosen from its slug). */
export function coverSvg(input: { slug: string; category: string; motif?: Motif }): string {
  const seed = hashString(input.slug);
  const rng = mulberry32(seed);
  const paletteName = Object.hasOwn(CATEGORIES, input.category)
    ? (CATEGORIES[input.category] ?? DEFAULT_PALETTE)
    : DEFAULT_PALETTE;
  const motif = input.motif ?? coverMotif(input.slug);
  const p: Palette = PALETTES[paletteName];
  const id = `c${seed.toString(36)}`;

  const angle = rng() * Math.PI;
  const gx = Math.cos(angle) * 0.5;
  const gy = Math.sin(angle) * 0.5;
  const glowX = range(rng, 0.2, 0.8);
  const glowY = range(rng, 0.2, 0.5);

  const defs =
    `<defs>` +
    `<linearGradient id="${id}b" x1="${n(0.5 - gx)}" y1="${n(0.5 - gy)}" x2="${n(0.5 + gx)}" y2="${n(0.5 + gy)}">` +
    `<stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient>` +
    `<radialGradient id="${id}g" cx="${n(glowX)}" cy="${n(glowY)}" r="0.55">` +
    `<stop offset="0" stop-color="${p.glow}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${id}s" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.fills[1]}"/></linearGradient>` +
    `<linearGradient id="${id}d" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${p.fills[2]}" stop-opacity="0.85"/><stop offset="1" stop-color="${p.fills[1]}"/></linearGradient>` +
    `</defs>`;

  const mirrored = rng() < 0.5;
  const motifMarkup = MOTIFS[motif](rng, p, id);
  const body = mirrored ? `<g transform="matrix(-1 0 0 1 ${W} 0)">${motifMarkup}</g>` : motifMarkup;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" data-motif="${motif}">` +
    defs +
    `<rect width="${W}" height="${H}" fill="url(#${id}b)"/>` +
    `<rect width="${W}" height="${H}" fill="url(#${id}g)"/>` +
    body +
    `</svg>`
  );
}
