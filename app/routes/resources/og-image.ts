import { data } from "react-router";
import { database } from "~/context";
import { publicArticleCover } from "~/modules/blog/blog.server";
import { articleCardPng, defaultCardPng } from "~/modules/seo/og-image.server";
import { getSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/og-image";

/**
 * GET /og/{name}.png — images for sharing (Open Graph / Twitter), 1200×630 PNG.
 * `sitio` is the default social card; any other name is the slug of a public article, whose cover
 * is fitted to the size. Private or unknown articles answer 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = params.file;
  if (!file.endsWith(".png")) throw notFound();
  const name = file.slice(0, -".png".length);
  const db = await database(context);
  let png: Buffer | null;
  if (name === "sitio") {
    png = await defaultCardPng(await getSettings(db));
  } else {
    const article = await publicArticleCover(db, name);
    if (!article) throw notFound();
    png = (await articleCardPng(article)) ?? (await defaultCardPng(await getSettings(db)));
  }
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

function notFound() {
  return data("No encontrado", {
    status: 404,
    headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}
