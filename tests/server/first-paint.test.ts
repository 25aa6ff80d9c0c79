import { gzipSync } from "node:zlib";
import fontverter from "fontverter";
import * as hb from "harfbuzzjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEADING_FONT } from "../../scripts/heading-font.js";
import { type RunningServer, startServer } from "../support/server";

// Every page has the root layout's <head>: one of each kind.
const PAGES = [
  "/",
  "/servicios/terapia-individual",
  "/blog",
  "/blog/duelo-como-abordarlo",
  "/auth",
];

/** What the first paint waits for: stylesheets named in the <head>, and the CSS written in it. */
const RENDER_BLOCKING_CSS_LIMIT = 15 * 1024;

// Both values of the HYDRATION switch (docs/decisions/014): the first screen is the same.
describe.each(["deferred", "immediate"] as const)(
  "first paint of the built site (HYDRATION=%s)",
  (mode) => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ env: { HYDRATION: mode } });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("waits for no stylesheet request: the whole CSS is in the <head>, under 15 KB gzip", async () => {
      for (const path of PAGES) {
        const html = await (await fetch(`${server.url}${path}`)).text();
        expect(html, path).not.toMatch(/<link[^>]*rel="stylesheet"/);
        const head = /<head>(.*?)<\/head>/s.exec(html)![1]!;
        const styles = [...head.matchAll(/<style[^>]*>(.*?)<\/style>/gs)].map((m) => m[1]!);
        expect(styles, path).toHaveLength(1);
        // Tailwind's output for every page, the admin area's included (client-side navigation).
        expect(styles[0], path).toContain(".container-page");
        expect(gzipSync(styles[0]!, { level: 9 }).length, path).toBeLessThanOrEqual(
          RENDER_BLOCKING_CSS_LIMIT,
        );
        // Nor for the heading font: it is not preloaded.
        expect(head, path).not.toMatch(/<link[^>]*as="font"/);
      }
    });

    it(
      mode === "deferred"
        ? "hands hydration, the heading font and the manifest over after the first paint"
        : "serves React Router's plain hydration, the heading font and the manifest at once",
      async () => {
        // `/` from the page cache (its second request): a public page, which never hydrates
        // (docs/decisions/020); `/auth` rendered for each request: the application, which does.
        const first = await (await fetch(`${server.url}/`)).text();
        const cached = await fetch(`${server.url}/`);
        expect(cached.headers.get("x-cache")).toBe("HIT");
        expect(await cached.text()).toBe(first);
        const auth = await fetch(`${server.url}/auth`);
        expect(auth.headers.get("x-cache")).toBeNull();
        for (const [path, html] of [
          ["/", first],
          ["/auth", await auth.text()],
        ] as const) {
          const head = /<head>(.*?)<\/head>/s.exec(html)![1]!;
          const inline = [...head.matchAll(/<script(?: nonce="[^"]+")?>([^<]*)<\/script>/g)];
          // The switch applies to the heading font and the manifest on every page.
          const fontScript = inline.find(([, text]) => text!.includes("new FontFace"))?.[1];
          expect(fontScript, path).toMatch(new RegExp(`,${mode === "deferred"}\\);$`));
          if (path === "/") {
            expect(html, path).not.toContain("__replayEarlyInput");
            expect(html, path).not.toMatch(
              /modulepreload|text\/x-hydrate|<script[^>]*type="module"/,
            );
            continue;
          }
          // Early input is kept in both modes: the first script of the <head>.
          expect(inline[0]?.[1], path).toContain("__replayEarlyInput");
          if (mode === "deferred") {
            expect(html, path).not.toContain('<link rel="modulepreload"');
            expect(html, path).toMatch(/<script[^>]* type="text\/x-hydrate">[;\s]*import/);
            expect(html, path).not.toMatch(/<script[^>]*type="module"/);
            expect(html, path).toContain("var started=false");
          } else {
            expect(head, path).toMatch(/<link rel="modulepreload"/);
            expect(html, path).toMatch(/<script[^>]*type="module"[^>]*>[;\s]*import/);
            expect(html, path).not.toContain("text/x-hydrate");
            expect(html, path).not.toContain("var started=false");
          }
        }
      },
    );

    it("serves the heading font cut to weight 600 and the characters of Spanish text", async () => {
      const html = await (await fetch(`${server.url}/`)).text();
      const url = /url\((\/assets\/fraunces-[\w-]+\.woff2)\)/.exec(html)?.[1];
      expect(url).toBeDefined();
      const res = await fetch(`${server.url}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("immutable");
      const woff2 = Buffer.from(await res.arrayBuffer());
      // The published variable font (Latin, weights 100–900) is 36.6 KB.
      expect(woff2.length).toBeLessThanOrEqual(16 * 1024);

      const face = new hb.Face(new hb.Blob(await fontverter.convert(woff2, "sfnt")));
      const characters = new Set([...face.collectUnicodes()].map((c) => String.fromCodePoint(c)));
      expect([...characters].sort()).toEqual([...new Set(HEADING_FONT.text)].sort());
      for (const c of "¿¡áéíóúüñÁÉÍÓÚÜÑ«»–—“”…") expect(characters.has(c), c).toBe(true);
      // One weight: no variation axis left.
      expect(face.getAxisInfos()).toEqual({});
    });

    it("asks first for the image on a phone's first screen, and defers the rest", async () => {
      const images = async (path: string) =>
        [...(await (await fetch(`${server.url}${path}`)).text()).matchAll(/<img\b[^>]*>/g)].map(
          // (React writes the attribute `fetchPriority`; HTML attribute names ignore case.)
          (m) => m[0].replace("fetchPriority=", "fetchpriority="),
        );
      // /servicios: the first service's illustration is the largest element on a phone.
      const services = (await images("/servicios")).filter((t) => t.includes("servicio-"));
      expect(services.length).toBeGreaterThan(1);
      expect(services[0]).toContain('loading="eager"');
      expect(services[0]).toContain('fetchpriority="high"');
      for (const tag of services.slice(1)) {
        expect(tag).toContain('loading="lazy"');
        expect(tag).not.toContain("fetchpriority");
      }
      // /blog: the first card's cover, and no other.
      const covers = (await images("/blog")).filter((t) => t.includes("portadas"));
      expect(covers.length).toBeGreaterThan(1);
      expect(covers[0]).toContain('fetchpriority="high"');
      for (const tag of covers.slice(1)) expect(tag).not.toContain("fetchpriority");
      // On / the services are further down: all deferred.
      const home = (await images("/")).filter((t) => t.includes("servicio-"));
      expect(home.length).toBeGreaterThan(0);
      for (const tag of home) expect(tag).toContain('loading="lazy"');
    });
  },
);
