import fs from "node:fs/promises";
import path from "node:path";
import subsetFont from "subset-font";

/**
 * The heading font (Fraunces), cut at build time to what the site shows: one weight (600, the
 * only one any heading or `font-serif` text uses) and the characters of Spanish text. The
 * published variable file (Latin, weights 100–900) is 36.6 KB; this one is ~13 KB. A character
 * outside the set is drawn with the metric-adjusted fallback ("Fraunces Fallback" in app.css).
 */
export const HEADING_FONT = {
  source: "node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
  /** Where app.css and after-first-screen.ts read it from; Vite hashes it into /assets like any asset. */
  output: "node_modules/.cache/heading-font/fraunces-600.woff2",
  weight: 600,
  text:
    // Basic Latin, printable
    Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).join("") +
    // Spanish letters and signs, no-break space, typographic punctuation, euro
    "áéíóúüñÁÉÍÓÚÜÑ¿¡«»ºª\u00a0–—‘’“”…•€",
};

/** @param {string} root the project folder */
export async function writeHeadingFont(root) {
  const source = await fs.readFile(path.join(root, HEADING_FONT.source));
  const subset = await subsetFont(source, HEADING_FONT.text, {
    targetFormat: "woff2",
    variationAxes: { wght: HEADING_FONT.weight },
  });
  const output = path.join(root, HEADING_FONT.output);
  const current = await fs.readFile(output).catch(() => null);
  if (current?.equals(subset)) return;
  await fs.mkdir(path.dirname(output), { recursive: true });
  await fs.writeFile(output, subset);
}

/**
 * Writes the subset as soon as the configuration is known, before anything is built, served or
 * tested (app.css and app/utils/after-first-screen.ts refer to the file).
 * @returns {import("vite").Plugin}
 */
export function headingFont() {
  return {
    name: "heading-font",
    async configResolved(config) {
      await writeHeadingFont(config.root);
    },
  };
}
