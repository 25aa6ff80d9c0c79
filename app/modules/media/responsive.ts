/**
 * Safe in the browser (no server imports): the naming convention of uploaded images and the
 * responsive attributes built from it. Public pages import only this file from the media module.
 *
 * An upload is stored as WebP at the standard widths below its own width plus its largest width
 * (see images.server.ts), e.g. `/media/blog/images/1718000000000-consulta-1600.webp` next to
 * `…-960.webp` and `…-480.webp`. The stored URL always names the largest variant.
 */
export const UPLOADED_IMAGE_PREFIX = "/media/blog/images/";
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

const UPLOADED = /^\/media\/blog\/images\/(\d{10,16}-[a-z0-9]+(?:-[a-z0-9]+)*)-(\d{1,5})\.webp$/;

/** True for the URL of an image uploaded through /api/imagenes (what forms may store). */
export function isUploadedImageUrl(url: string) {
  return UPLOADED.test(url);
}

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * `{ src, srcSet, sizes }` for an uploaded image; `{ src }` for anything else (the bundled SVG
 * covers, illustrations, external URLs). Spread it on an <img> that keeps its width and height.
 */
export function responsiveImage(url: string, sizes = "100vw"): ResponsiveImage {
  const match = UPLOADED.exec(url);
  if (!match) return { src: url };
  const [, stem, widthText] = match;
  const largest = Number(widthText);
  const widths = [...IMAGE_WIDTHS.filter((w) => w < largest), largest];
  const srcSet = widths.map((w) => `${UPLOADED_IMAGE_PREFIX}${stem}-${w}.webp ${w}w`).join(", ");
  return { src: url, srcSet, sizes };
}
