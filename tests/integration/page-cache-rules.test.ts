import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { bumpContentVersion, currentContentVersion } from "~/db/content-version.server";
import { articleRedirects, articles, contactMessages, reviews } from "~/db/schema";
import { setArticleVisibility } from "~/modules/blog/admin.server";
import { seedArticles } from "~/modules/blog/seed.server";
import { seedReviews, setReviewPublished } from "~/modules/reviews/reviews.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { createPageCache, inlineScriptHashes, unsharedReason } from "../../server/page-cache";
import { DRIVERS, useTestDatabase } from "../support/db";

/**
 * The page cache's own rules, on a real Express server whose "renderer" counts its renders and
 * prints the version it saw. The whole product path (React Router, the database's triggers, two
 * instances) is in tests/server/page-cache.test.ts.
 */

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inline script hashes", () => {
  it("hashes what the browser runs, as it parses it, and nothing else", () => {
    const html = [
      "<script>a()</script>",
      '<script type="module">import "/x.js";</script>',
      "<script type='text/javascript'>b()\r\nc()</script>",
      '<script src="/y.js"></script>',
      '<script type="application/ld+json">{"@type":"Person"}</script>',
      '<script type="text/x-hydrate">import "/z.js"</script>',
      "<SCRIPT>d()</SCRIPT >",
    ].join("");
    expect(inlineScriptHashes(html).sort()).toEqual(
      [sha("a()"), sha('import "/x.js";'), sha("b()\nc()"), sha("d()")].sort(),
    );
  });
});

describe("who may share a stored page", () => {
  const req = (method: string, url: string, headers: Record<string, string> = {}) =>
    ({
      method,
      path: url.split("?")[0],
      originalUrl: url,
      headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
    }) as unknown as Parameters<typeof unsharedReason>[0];

  it("anonymous GET and HEAD to public paths, with analytics cookies at most", () => {
    expect(unsharedReason(req("GET", "/blog?q=duelo"))).toBeNull();
    expect(unsharedReason(req("HEAD", "/"))).toBeNull();
    expect(unsharedReason(req("GET", "/", { cookie: "_ga=GA1.1.1; _ga_AB12=GS1.1" }))).toBeNull();
  });

  it("never a session, a toast, an unknown cookie, credentials, a range, a private path or a POST", () => {
    for (const cookie of [
      "consulta.session_token=x",
      "__Secure-consulta.session_token=x",
      "toast=abc",
      "_ga=1; otra=2",
      "galleta=1",
    ]) {
      expect(unsharedReason(req("GET", "/", { cookie })), cookie).toBe("personal");
    }
    expect(unsharedReason(req("GET", "/", { authorization: "Basic eDp5" }))).toBe("personal");
    expect(unsharedReason(req("GET", "/og/a.png", { range: "bytes=0-10" }))).toBe("personal");
    for (const path of [
      "/admin",
      "/admin/blog",
      "/auth",
      "/login",
      "/api/eventos",
      "/vista-previa",
      // Escaped as the router unescapes it: still the preview page.
      "/vista%2Dprevia",
      "/%61dmin/blog",
      "/resenas/invitacion",
      // A consent's signing page and the signer's copy: a token and health data.
      "/consentimiento",
      "/consentimiento/copia",
      "/consentimiento/copia.pdf",
    ]) {
      expect(unsharedReason(req("GET", path)), path).toBe("private");
    }
    expect(unsharedReason(req("POST", "/"))).toBe("method");
  });
});

describe("the cache in front of a renderer", () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  /** A server whose pages print the version they were rendered at; reads are released by hand. */
  async function setup({ maxBytes = 1024 * 1024 } = {}) {
    let version = 1;
    let renders = 0;
    const reads: Array<() => void> = [];
    const cache = createPageCache({
      maxBytes,
      // Each read takes the version when it starts (as a query would) and answers when released.
      readVersion: () => {
        const seen = version;
        return new Promise((resolve) => reads.push(() => resolve(seen)));
      },
      contentSecurityPolicy: (sources) => `script-src ${sources.join(" ")}`,
    });
    const app = express();
    app.use(cache.lookup);
    app.get("/{*splat}", async (req, res) => {
      renders++;
      const html = `<html><script>v(${version})</script><p>${req.originalUrl} v${version}</p></html>`;
      const fill = res.locals.pageCache as
        { take(r: Response): Promise<Response | null> } | undefined;
      const response = new Response(html, { headers: { "Content-Type": "text/html" } });
      const rest = fill ? await fill.take(response) : response;
      if (rest) res.type("html").send(await rest.text());
    });
    const server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    close = () => server.close();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const releaseAll = async () => {
      // Let requests reach the server and queue their reads, then answer every read so far.
      for (let i = 0; i < 20 && reads.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
      reads.splice(0).forEach((release) => release());
    };
    return {
      base,
      bump: () => version++,
      renders: () => renders,
      reads: () => reads.length,
      releaseAll,
      get: (path: string) => fetch(`${base}${path}`),
    };
  }

  async function settled(promise: Promise<Response>, step: () => Promise<void>) {
    let done = false;
    void promise.finally(() => (done = true));
    for (let i = 0; i < 50 && !done; i++) await step();
    return promise;
  }

  it("keeps a page, answers HIT from memory, and drops everything on a new version", async () => {
    const s = await setup();
    const first = await settled(s.get("/blog"), s.releaseAll);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(await first.text()).toContain("/blog v1");
    const second = await settled(s.get("/blog"), s.releaseAll);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(s.renders()).toBe(1);
    s.bump();
    const third = await settled(s.get("/blog"), s.releaseAll);
    expect(third.headers.get("x-cache")).toBe("MISS");
    expect(await third.text()).toContain("/blog v2");
    // The policy names the page's own script, and no nonce.
    expect(third.headers.get("content-security-policy")).toBe(`script-src ${sha("v(2)")}`);
  });

  it("never trusts a version read that started before the request arrived", async () => {
    const s = await setup();
    await settled(s.get("/"), s.releaseAll);
    // A read is in flight (it saw version 1)…
    const early = s.get("/");
    for (let i = 0; i < 20 && s.reads() === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(s.reads()).toBe(1);
    // …then a change commits, and three more requests arrive while that read is still out.
    s.bump();
    const late = [s.get("/"), s.get("/"), s.get("/")];
    await new Promise((r) => setTimeout(r, 30));
    // They share one new read, queued behind the one in flight, not one each.
    expect(s.reads()).toBe(1);
    // The early request may use its read: it arrived before the change.
    expect(await (await settled(early, s.releaseAll)).text()).toContain("/ v1");
    const bodies = await Promise.all(
      late.map((p) => settled(p, s.releaseAll).then((r) => r.text())),
    );
    for (const body of bodies) expect(body).toContain("/ v2");
    expect(s.renders()).toBe(2);
  });

  it("renders once for concurrent misses of the same page", async () => {
    const s = await setup();
    const all = Array.from({ length: 5 }, () => s.get("/servicios"));
    const responses = await Promise.all(all.map((p) => settled(p, s.releaseAll)));
    expect(s.renders()).toBe(1);
    expect(responses.map((r) => r.headers.get("x-cache")).sort()).toEqual([
      "HIT",
      "HIT",
      "HIT",
      "HIT",
      "MISS",
    ]);
  });

  it("keeps no more than its cap, dropping the least recently used", async () => {
    const s = await setup({ maxBytes: 4 * 1024 });
    for (let i = 0; i < 20; i++) await settled(s.get(`/blog?q=${i}`), s.releaseAll);
    const oldest = await settled(s.get("/blog?q=0"), s.releaseAll);
    expect(oldest.headers.get("x-cache")).toBe("MISS");
    const newest = await settled(s.get("/blog?q=19"), s.releaseAll);
    expect(newest.headers.get("x-cache")).toBe("HIT");
  });
});

describe.each(DRIVERS)("the content version on %s", (driver) => {
  const handle = useTestDatabase(driver);
  beforeAll(async () => {
    await seedArticles(handle.db);
    await seedReviews(handle.db);
  });

  /** Whether the version the page cache would use changed, read right after `write` returned. */
  async function afterWrite(write: () => Promise<unknown>) {
    const before = await currentContentVersion(async () => handle);
    await write();
    return (await currentContentVersion(async () => handle)) !== before;
  }

  it("goes up with every public change, as soon as the write returns", async () => {
    const [article] = await handle.db.select().from(articles).limit(1);
    const [review] = await handle.db.select().from(reviews).limit(1);
    const changes: Array<[string, () => Promise<unknown>]> = [
      ["article saved", () => setArticleVisibility(handle.db, article!.slug, true)],
      ["article hidden", () => setArticleVisibility(handle.db, article!.slug, false)],
      ["review unpublished", () => setReviewPublished(handle.db, review!.id, false)],
      ["review published", () => setReviewPublished(handle.db, review!.id, true)],
      [
        "settings saved",
        async () => {
          const saved = await updateSettings(handle.db, {
            ...(await getSettings(handle.db)),
            professionalName: "Laura Gómez",
          });
          expect(saved.ok).toBe(true);
        },
      ],
      [
        "old address kept",
        () =>
          handle.db.insert(articleRedirects).values({ fromSlug: "antes", toSlug: article!.slug }),
      ],
      ["file uploaded", () => bumpContentVersion(handle.db)],
    ];
    for (const [what, write] of changes) expect(await afterWrite(write), what).toBe(true);
  });

  it("stays put for what no visitor sees: a review waiting for moderation, messages, counts", async () => {
    expect(
      await afterWrite(() =>
        handle.db.insert(reviews).values({ name: "Ana", content: "Muy bien", rating: 5 }),
      ),
    ).toBe(false);
    expect(
      await afterWrite(() =>
        handle.db.insert(contactMessages).values({
          name: "Ana",
          email: "ana@example.com",
          message: "Hola",
          consentAt: new Date(),
        }),
      ),
    ).toBe(false);
  });
});
