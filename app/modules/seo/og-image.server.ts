import sharp from "sharp";
import { coverSvg } from "~/modules/blog/covers";
import { bundledCoverMotif } from "~/modules/blog/seed.server";
import { isUploadedImageUrl, UPLOADED_IMAGE_PREFIX } from "~/modules/media/responsive";
import { getStorage } from "~/modules/media/storage.server";
import { OG_IMAGE_HEIGHT as H, OG_IMAGE_WIDTH as W } from "~/modules/seo/structured-data";
import type { Settings } from "~/modules/settings/schemas";
import { COLORS } from "~/styles/tokens";
import { escapeHtml } from "~/utils/escape";

/**
 * Sharing images (1200×630 PNG; social networks do not accept SVG). The default card is drawn as
 * SVG with the design tokens and rasterised; an article's card is its own cover fitted to the
 * size. Results are kept in a small in-memory cache keyed by everything they depend on.
 */

const MAX_CACHED = 64;
const cache = new Map<string, Buffer>();

async function cached(key: string, render: () => Promise<Buffer>) {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit); // most recently used last
    return hit;
  }
  const png = await render();
  cache.set(key, png);
  while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return png;
}

/** Test helper: forget every rendered image. */
export function clearOgImageCache() {
  cache.clear();
}

/** Splits text into at most `maxLines` lines of about `width` characters (ellipsis if cut). */
export function wrapText(text: string, width: number, maxLines: number) {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.;:]+$/, "")}…`;
    return kept;
  }
  return lines;
}

/** The SVG of the default social card (exported for tests: text is escaped). */
export function defaultCardSvg(settings: Settings) {
  const name = wrapText(settings.professionalName, 26, 2);
  const title = wrapText(settings.professionalTitle, 44, 2);
  const site = settings.siteName;
  const nameY = 250;
  const nameLines = name
    .map((l, i) => `<tspan x="96" y="${nameY + i * 84}">${escapeHtml(l)}</tspan>`)
    .join("");
  const titleY = nameY + (name.length - 1) * 84 + 76;
  const titleLines = title
    .map((l, i) => `<tspan x="96" y="${titleY + i * 46}">${escapeHtml(l)}</tspan>`)
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs><radialGradient id="g" cx="0.85" cy="0.2" r="0.7">` +
    `<stop offset="0" stop-color="${COLORS.primarySoft}"/><stop offset="1" stop-color="${COLORS.paper}"/></radialGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
    `<circle cx="1060" cy="520" r="230" fill="${COLORS.sand}"/>` +
    `<circle cx="1010" cy="150" r="120" fill="${COLORS.primarySoft}"/>` +
    `<path d="M820 630 C 900 470, 1040 430, 1200 460 L1200 630 Z" fill="${COLORS.primary}" opacity="0.16"/>` +
    `<path d="M900 630 C 980 540, 1090 520, 1200 540 L1200 630 Z" fill="${COLORS.primary}" opacity="0.28"/>` +
    `<rect x="96" y="120" width="72" height="6" rx="3" fill="${COLORS.accent}"/>` +
    `<text font-family="DejaVu Serif, Georgia, serif" font-size="72" font-weight="600" fill="${COLORS.ink}">${nameLines}</text>` +
    `<text font-family="DejaVu Sans, Arial, sans-serif" font-size="36" fill="${COLORS.primary}">${titleLines}</text>` +
    `<text x="96" y="560" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="${COLORS.muted}">${escapeHtml(site)}</text>` +
    `</svg>`
  );
}

export function defaultCardPng(settings: Settings) {
  const key = `sitio|${settings.siteName}|${settings.professionalName}|${settings.professionalTitle}`;
  return cached(key, () =>
    sharp(Buffer.from(defaultCardSvg(settings)), { density: 72 })
      .png()
      .toBuffer(),
  );
}

const COVER = /^\/media\/portadas\/([^/]+)\/([^/]+)\.svg$/;

async function readAll(stream: ReadableStream<Uint8Array>) {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

/** The article's cover as 1200×630 PNG; null when its image cannot be read (caller falls back). */
export async function articleCardPng(article: {
  slug: string;
  image: string;
  updatedAt: Date;
}): Promise<Buffer | null> {
  const key = `a|${article.slug}|${article.image}|${article.updatedAt.getTime()}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let source: Buffer | null = null;
  const cover = COVER.exec(article.image);
  if (cover) {
    const slug = decodeURIComponent(cover[2]!);
    source = Buffer.from(
      coverSvg({
        category: decodeURIComponent(cover[1]!),
        slug,
        motif: bundledCoverMotif(slug),
      }),
    );
  } else if (isUploadedImageUrl(article.image)) {
    const object = await getStorage("blog").get(
      `images/${article.image.slice(UPLOADED_IMAGE_PREFIX.length)}`,
    );
    if (object) source = await readAll(object.body);
  }
  if (!source) return null;
  const input = source;
  try {
    return await cached(key, () =>
      sharp(input, { limitInputPixels: 40_000_000 })
        .resize(W, H, { fit: "cover", position: "attention" })
        .flatten({ background: COLORS.paper })
        .png()
        .toBuffer(),
    );
  } catch {
    return null;
  }
}
