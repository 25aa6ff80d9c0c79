import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { hydrateAfterFirstPaint } from "./hydrate-after-paint.server";

const PAGE =
  '<!DOCTYPE html><html lang="es"><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/framework-B.js" nonce="n1"/></head>' +
  "<body><main><p>Señal: ñandú, corazón 💚</p></main>" +
  '<script nonce="n1">window.__reactRouterContext = {};</script>' +
  '<script nonce="n1" type="module" async="">import * as route0 from "/assets/root-C.js";</script>' +
  "</body></html>";

/** Runs the page through the transform cut into chunks of `size` bytes (splitting characters). */
async function transform(html: string, size: number) {
  const bytes = Buffer.from(html, "utf8");
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(hydrateAfterFirstPaint("n1")))
    out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("hydrateAfterFirstPaint", () => {
  it("moves the module preloads and React Router's module script after the first paint", async () => {
    for (const size of [1, 3, 7, 64, 100_000]) {
      const html = await transform(PAGE, size);
      expect(html).not.toMatch(/<link[^>]*modulepreload/i);
      expect(html).toContain("<p>Señal: ñandú, corazón 💚</p>");
      expect(html).toContain(
        '<script nonce="n1" type="text/x-hydrate">import * as route0 from "/assets/root-C.js";</script>',
      );
      expect(html).not.toMatch(/<script[^>]*type="module"/);
      // The boot script is the last element of the <body> (after </html> it would be invalid HTML).
      const boot = /<script nonce="n1">([^<]*)<\/script><\/body><\/html>$/.exec(html)?.[1] ?? "";
      expect(boot).toContain(
        '{"rel":"modulepreload","href":"/assets/entry.client-A.js","nonce":"n1"}',
      );
      expect(boot).toContain('"href":"/assets/framework-B.js"');
      expect(boot).toContain("requestAnimationFrame");
    }
  });

  it("reads the tags by their attributes, not by their exact text", async () => {
    const page = PAGE.replace(
      '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>',
      "<LINK href='/assets/entry.client-A.js' crossorigin REL=modulepreload>",
    ).replace(
      '<script nonce="n1" type="module" async="">',
      '<script async type=\'module\' nonce="n1" data-x="a&quot;b">',
    );
    for (const size of [1, 5, 100_000]) {
      const html = await transform(page, size);
      expect(html).not.toMatch(/<link[^>]*modulepreload/i);
      expect(html).toContain(
        '<script nonce="n1" data-x="a&amp;quot;b" type="text/x-hydrate">import * as route0',
      );
      expect(html).toContain(
        '{"href":"/assets/entry.client-A.js","crossorigin":null,"rel":"modulepreload"}',
      );
    }
  });

  it("without a module script, puts the preloads back and says so", async () => {
    const page = PAGE.replace(' type="module" async=""', "");
    for (const size of [5, 100_000]) {
      let missing = 0;
      const bytes = Buffer.from(page, "utf8");
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const out: Buffer[] = [];
      const stream = Readable.from(chunks).pipe(hydrateAfterFirstPaint("n1", () => missing++));
      for await (const chunk of stream) out.push(chunk as Buffer);
      const html = Buffer.concat(out).toString("utf8");
      expect(missing).toBe(1);
      expect(html).toBe(
        page
          .replace(/<link rel="modulepreload"[^>]*>/g, "")
          .replace(
            "</body>",
            '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>' +
              '<link rel="modulepreload" href="/assets/framework-B.js" nonce="n1"/></body>',
          ),
      );
    }
  });
});
