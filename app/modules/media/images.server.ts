import sharp, { type Metadata } from "sharp";
import { getStorage, type MediaStorage } from "./storage.server";
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "./limits";
import { IMAGE_WIDTHS, UPLOADED_IMAGE_PREFIX, responsiveImage } from "./responsive";

/**
 * Uploaded images (docs/decisions/004): JPEG, PNG, WebP or AVIF recognised by their first bytes
 * (never by the name or the type the browser claims), decoded with a pixel limit, turned upright,
 * and stored as WebP at up to three widths with every piece of metadata (EXIF, GPS, XMP, ICC) left
 * out.
 */

export type ImageType = "jpeg" | "png" | "webp" | "avif";

export const IMAGE_TYPE_ERROR =
  "El archivo no es una imagen válida. Formatos admitidos: JPEG, PNG, WebP y AVIF.";
export const SVG_ERROR =
  "Las imágenes SVG no se admiten. Sube una foto en formato JPEG, PNG, WebP o AVIF.";
export const GIF_ERROR = "Las imágenes GIF no se admiten. Usa JPEG, PNG, WebP o AVIF.";
export const TOO_BIG_ERROR = "La imagen supera el tamaño máximo de 5 MB.";
export const TOO_MANY_PIXELS_ERROR = `La imagen tiene demasiados píxeles (máximo ${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles). Redúcela e inténtalo de nuevo.`;
export const UNREADABLE_ERROR =
  "No se ha podido leer la imagen: el archivo está dañado o incompleto.";

/** A refusal with its Spanish reason and the HTTP status the upload endpoint answers. */
export class ImageError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ImageError";
  }
}

function ascii(bytes: Uint8Array, start: number, end: number) {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** The image type from the file's magic bytes, or null. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  // ISO-BMFF: [size]['ftyp'][major brand][minor version][compatible brands…]
  if (ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = Math.min(
      ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0,
      bytes.length,
    );
    const brands = [ascii(bytes, 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(bytes, i, i + 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return null;
}

/** Why a file that is not an accepted image is refused, in Spanish. */
export function refusalReason(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("utf8").trimStart().toLowerCase();
  if (ascii(bytes, 0, 4) === "GIF8") return GIF_ERROR;
  if (head.startsWith("<svg") || (head.startsWith("<") && head.includes("<svg"))) return SVG_ERROR;
  return IMAGE_TYPE_ERROR;
}

export interface ImageVariant {
  key: string;
  width: number;
  height: number;
  body: Buffer;
}

export interface ProcessedImage {
  /** Largest first. */
  variants: ImageVariant[];
  width: number;
  height: number;
}

export interface UploadedImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/** 'Foto de Consulta (1).JPG' → 'foto-de-consulta-1'; never empty. */
export function slugifyFileName(name: string) {
  const base = name.replace(/\.[a-z0-9]{1,5}$/i, "");
  const slug = base
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/, "");
  return slug || "imagen";
}

/**
 * The widths to produce: every standard width below the original's, plus the largest one the
 * original allows (its own width when it sits between two standard widths). Never upscales and
 * always yields at least one width.
 */
export function targetWidths(originalWidth: number): number[] {
  const top = Math.min(originalWidth, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
  return [...IMAGE_WIDTHS.filter((w) => w < top), top];
}

/** Checks, decodes and re-encodes; throws ImageError with a Spanish reason when refused. */
export async function processImage(
  input: Buffer,
  options: { fileName?: string; now?: Date } = {},
): Promise<ProcessedImage> {
  if (input.length > MAX_IMAGE_BYTES) throw new ImageError(TOO_BIG_ERROR, 413);
  const type = detectImageType(input);
  if (!type) throw new ImageError(refusalReason(input), 415);

  const open = () =>
    sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", autoOrient: true });
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageError(UNREADABLE_ERROR, 422);
  }
  const sharpFormat = type === "avif" ? "heif" : type;
  if (meta.format !== sharpFormat) throw new ImageError(IMAGE_TYPE_ERROR, 415);
  if (!meta.width || !meta.height) throw new ImageError(UNREADABLE_ERROR, 422);
  // Checked here too (not only by libvips) so the answer names the real reason.
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new ImageError(TOO_MANY_PIXELS_ERROR, 422);
  }
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };

  const stamp = (options.now ?? new Date()).getTime();
  const name = slugifyFileName(options.fileName ?? "imagen");
  const variants: ImageVariant[] = [];
  try {
    for (const width of targetWidths(upright.width).reverse()) {
      const { data, info } = await open()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      variants.push({
        key: `images/${stamp}-${name}-${info.width}.webp`,
        width: info.width,
        height: info.height,
        body: data,
      });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/pixel limit/i.test(message)) throw new ImageError(TOO_MANY_PIXELS_ERROR, 422);
    throw new ImageError(UNREADABLE_ERROR, 422);
  }
  return { variants, width: variants[0]!.width, height: variants[0]!.height };
}

/** The public URL of a stored key in the 'blog' bucket. */
export function imageUrl(key: string) {
  return `${UPLOADED_IMAGE_PREFIX}${key.replace(/^images\//, "")}`;
}

/**
 * Processes and stores an upload. All variants are encoded before anything is written, and a
 * failed write removes what was written, so a refused or failed upload leaves nothing behind.
 */
export async function saveImage(
  input: Buffer,
  options: { fileName?: string; now?: Date; storage?: MediaStorage } = {},
): Promise<UploadedImage> {
  const processed = await processImage(input, options);
  const storage = options.storage ?? getStorage("blog");
  const written: string[] = [];
  try {
    for (const v of processed.variants) {
      await storage.put(v.key, v.body, "image/webp");
      written.push(v.key);
    }
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }
  const src = imageUrl(processed.variants[0]!.key);
  return {
    src,
    srcSet: responsiveImage(src).srcSet ?? `${src} ${processed.width}w`,
    width: processed.width,
    height: processed.height,
  };
}
