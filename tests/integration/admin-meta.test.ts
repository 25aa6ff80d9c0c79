import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";

/**
 * No admin page may reach a search engine: every route under the admin layout answers
 * `robots: noindex, nofollow` and a title in the back office's name (adminMeta, app/utils/admin-meta.ts),
 * before its data load and after. A route that only redirects renders nothing and needs no meta.
 */
function adminLayoutFiles(entries: RouteConfigEntry[]): string[] {
  const layout = entries
    .flatMap(function all(e): RouteConfigEntry[] {
      return [e, ...(e.children ?? []).flatMap(all)];
    })
    .find((e) => e.file === "routes/admin/layout.tsx");
  if (!layout) return [];
  return [layout.file, ...(layout.children ?? []).map((child) => child.file)];
}

const FILES = adminLayoutFiles(routes as RouteConfigEntry[]);

type MetaFn = (args: { loaderData: unknown; matches: unknown[] }) => MetaDescriptor[];

describe("admin pages' meta", () => {
  it("finds the admin layout and its pages in routes.ts", () => {
    expect(FILES.length).toBeGreaterThan(10);
  });

  it.each(FILES)("%s is noindex, nofollow with a title of the Área de Gestión", async (file) => {
    const mod = (await import(`../../app/${file}`)) as { meta?: MetaFn; default?: unknown };
    if (!mod.default) return; // a redirect only: nothing is ever rendered
    expect(mod.meta, `${file} no exporta meta`).toBeTypeOf("function");
    const loaded = { article: { title: "Respirar" } };
    for (const loaderData of [undefined, loaded]) {
      const tags = mod.meta!({ loaderData, matches: [] });
      expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
      const title = tags.find((tag) => "title" in tag) as { title: string } | undefined;
      expect(title?.title).toMatch(/(^| \| )Área de Gestión$/);
    }
  });
});
