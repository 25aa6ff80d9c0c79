import { data } from "react-router";
import { coverSvg } from "~/modules/blog/covers";
import { bundledCoverMotif } from "~/modules/blog/seed.server";
import type { Route } from "./+types/cover";

/**
 * The generated cover of a bundled article: a calm SVG illustration in its category's palette,
 * with the motif its front matter names (no stock photos). Deterministic, so it is cached for a year.
 */
export function loader({ params }: Route.LoaderArgs) {
  const slug = params.file.replace(/\.svg$/, "");
  if (!params.file.endsWith(".svg") || slug.length === 0 || slug.length > 200) {
    throw data("No encontrado", { status: 404 });
  }
  const svg = coverSvg({ slug, category: params.category, motif: bundledCoverMotif(slug) });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
