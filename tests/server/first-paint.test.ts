import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

describe("first paint of the built site", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
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
});
