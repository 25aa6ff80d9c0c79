import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { COLORS } from "~/styles/tokens";
import { COVER_HEIGHT, COVER_WIDTH, coverMotif, coverSvg, MOTIF_NAMES } from "./covers";
import { bundledArticles, bundledCoverMotif } from "./seed.server";

const articlesDir = path.resolve(process.cwd(), "content/articles");

function readArticles(): { slug: string; category: string }[] {
  return fs
    .readdirSync(articlesDir)
    .filter((file) => file.endsWith(".md"))
    .map((file) => {
      const text = fs.readFileSync(path.join(articlesDir, file), "utf8");
      const category = /^category:\s*"?([^"\n]+)"?\s*$/m.exec(text)?.[1] ?? "";
      return { slug: file.slice(0, -".md".length), category };
    });
}

describe("coverSvg", () => {
  const input = { slug: "ansiedad-comprendiendo-sus-mecanismos", category: "ansiedad" };

  it("returns a standalone SVG document with the cover viewBox", () => {
    const svg = coverSvg(input);
    expect(COVER_WIDTH).toBe(1200);
    expect(COVER_HEIGHT).toBe(675);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675"')).toBe(
      true,
    );
    expect(svg).toContain('width="1200" height="675"');
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg.match(/<svg\b/g)).toHaveLength(1);
    expect(svg).toMatch(/<linearGradient /);
    expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  });

  it("is deterministic for the same slug", () => {
    expect(coverSvg(input)).toBe(coverSvg({ ...input }));
  });

  it("differs between two slugs of the same category", () => {
    expect(coverSvg(input)).not.toBe(
      coverSvg({ slug: "ataques-de-panico-que-hacer", category: "ansiedad" }),
    );
  });

  it("never inserts the slug and contains no active content", () => {
    const svg = coverSvg({ slug: '"><script>alert(1)</script>', category: "<foreignObject>" });
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("foreignObject");
    expect(svg).not.toContain("alert");
    expect(svg).not.toMatch(/href|url\((?!#)/);
  });

  it("falls back to a default style for unknown categories", () => {
    for (const category of ["desconocida", "constructor", "__proto__", ""]) {
      const svg = coverSvg({ slug: "sin-categoria", category });
      expect(svg).toContain('viewBox="0 0 1200 675"');
      expect(svg).not.toMatch(/NaN|undefined/);
    }
  });

  it("draws the motif it is given, in the category's palette", () => {
    const leaves = coverSvg({ ...input, motif: "leaves" });
    expect(leaves).toContain('data-motif="leaves"');
    expect(coverSvg({ ...input, motif: "hills" })).toContain('data-motif="hills"');
    // Same category, same palette: the sage background of 'ansiedad' in both.
    for (const svg of [leaves, coverSvg({ ...input, motif: "hills" })]) {
      expect(svg).toContain(`stop-color="${COLORS.primarySoft}"`);
    }
    // Without one, the motif follows the slug, not the category.
    const fromSlug = new Set(
      ["a", "b", "c", "d", "e", "f", "g", "h"].map((slug) => coverMotif(`${slug}-articulo`)),
    );
    expect(fromSlug.size).toBeGreaterThan(2);
  });

  it("never gives two neighbouring bundled articles (newest first) the same motif", () => {
    const byDate = bundledArticles().sort((a, b) => b.date.localeCompare(a.date));
    const motifs = byDate.map((a) => bundledCoverMotif(a.slug));
    expect(motifs.every((m) => m !== undefined && MOTIF_NAMES.includes(m))).toBe(true);
    for (let i = 1; i < motifs.length; i++) {
      expect(motifs[i], `${byDate[i - 1]!.slug} → ${byDate[i]!.slug}`).not.toBe(motifs[i - 1]);
    }
    expect(new Set(motifs).size).toBe(MOTIF_NAMES.length);
  });

  it("gives every article a distinct, small, safe cover", () => {
    const articles = readArticles();
    expect(articles).toHaveLength(26);
    const covers = articles.map((article) => coverSvg(article));
    for (const svg of covers) {
      expect(svg).toContain('viewBox="0 0 1200 675"');
      expect(svg).not.toContain("<script");
      expect(svg).not.toContain("foreignObject");
      expect(new TextEncoder().encode(svg).length).toBeLessThan(8 * 1024);
    }
    expect(new Set(covers).size).toBe(articles.length);
  });
});
