import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import zlib from "node:zlib";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/modules/settings/defaults";
import { PUBLICATION_FIELDS, SETTINGS_SECTIONS } from "~/modules/settings/form";
import { MAX_PUBLICATIONS, SOCIAL_NETWORKS, type Settings } from "~/modules/settings/schemas";
import { createPgDatabase } from "../support/db";
import {
  cookiesOf,
  createFirstAdmin,
  enrolOverHttpWithSecret,
  type RunningServer,
  signInOverHttp,
  startServer,
  tempDataDir,
} from "../support/server";

/**
 * The page cache for anonymous visitors (docs/decisions/005-page-cache.md) on the built server
 * over real HTTP: every kind of write is seen by the very next anonymous request (one instance on
 * PGlite, two on PostgreSQL), nothing personal is ever shared, and the protocol details hold.
 */

const ADMIN = {
  name: "Ana Ruiz",
  email: "ana.cache@example.com",
  password: "una caché que nunca miente",
};

/** An anonymous GET (no cookie), redirects not followed. */
async function anon(server: RunningServer, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, text: bytes.toString("utf8") };
}

/** Each URL requested until it is served from memory: the test then really exercises the cache. */
async function warm(server: RunningServer, paths: string[]) {
  for (const path of paths) {
    const first = await anon(server, path);
    expect(first.res.status, path).toBe(200);
    const second = await anon(server, path);
    expect(second.res.headers.get("x-cache"), path).toBe("HIT");
  }
}

/** A form posted as a signed-in staff member's browser would; answers the redirect. */
async function post(
  server: RunningServer,
  cookie: string,
  path: string,
  form: Record<string, string>,
) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: server.url,
      cookie,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(form),
  });
  expect(res.status, `${path} ${await res.clone().text()}`).toBe(302);
  return res;
}

function articleForm(fields: { title: string; slug: string; content: string; isPublic: boolean }) {
  return {
    title: fields.title,
    slug: fields.slug,
    category: "ansiedad",
    excerpt: `Resumen de ${fields.title}`,
    content: fields.content,
    image: `/media/portadas/ansiedad/${fields.slug}.svg`,
    imageAlt: "Una ilustración serena",
    author: "",
    status: fields.isPublic ? "publicado" : "privado",
  };
}

/** The whole Ajustes form (every field is posted), from the defaults with some values changed. */
function settingsForm(changes: Partial<Settings>) {
  const settings = { ...DEFAULT_SETTINGS, ...changes };
  const form: Record<string, string> = {};
  for (const section of SETTINGS_SECTIONS) {
    for (const field of section.fields) {
      const value = settings[field.key];
      if (field.kind === "switch") {
        if (value) form[field.key] = "on";
      } else form[field.key] = String(value);
    }
  }
  for (const network of SOCIAL_NETWORKS) {
    form[`socialLinks.${network}`] = settings.socialLinks[network] ?? "";
  }
  form["portrait.url"] = settings.portrait.url;
  form["portrait.alt"] = settings.portrait.alt;
  for (let i = 0; i < MAX_PUBLICATIONS; i++) {
    for (const field of PUBLICATION_FIELDS) {
      form[`publications.${i}.${field}`] = settings.publications[i]?.[field] ?? "";
    }
  }
  return form;
}

/** The id of the review written by `name`, from the staff's list. */
async function reviewId(server: RunningServer, cookie: string, name: string) {
  const page = await (
    await fetch(`${server.url}/admin/resenas?estado=todas`, { headers: { cookie } })
  ).text();
  const at = page.indexOf(`>${name}</h2>`);
  expect(at, `la reseña de ${name} en la lista`).toBeGreaterThan(-1);
  const id = /name="id" value="(\d+)"/.exec(page.slice(at))?.[1];
  expect(id).toBeDefined();
  return id!;
}

async function uploadImage(server: RunningServer, cookie: string) {
  const jpeg = await sharp({
    create: { width: 800, height: 500, channels: 3, background: "#7a9e7e" },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "jardin.jpg");
  const res = await fetch(`${server.url}/api/imagenes`, {
    method: "POST",
    body: form,
    headers: { cookie, origin: server.url },
  });
  expect(res.status).toBe(200);
}

/** Staff-only markup of the public header and footer, and the staff member's name. */
const STAFF_MARKS = ["Cerrar sesión", "/auth/salir", ADMIN.name];

/** A raw HTTP request (no automatic decompression): status, headers and the bytes as sent. */
function raw(
  server: RunningServer,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * One embedded database for the PGlite servers below, one after the other (a fresh one migrates
 * for many seconds on a busy machine; reopening it takes a few).
 */
const dataDir = tempDataDir("psico-cache-");
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A server on that database for the enclosing describe, started with `env`. */
function serverFor(env: Record<string, string>) {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer({ dataDir, env });
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => server!;
}

describe("page cache on PGlite: no stale page after any write", () => {
  let server: RunningServer;
  let cookie = "";
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    server = await startServer({ dataDir });
    const res = await createFirstAdmin(server, ADMIN);
    expect(res.status).toBe(302);
    const enrolled = await enrolOverHttpWithSecret(server.url, cookiesOf(res), ADMIN.password);
    cookie = enrolled.cookie;
    secrets.set(ADMIN.email, enrolled.secret);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The article as edited, at the address `slug`. */
  const esmeralda = (slug: string) =>
    articleForm({
      title: "Respirar con calma Esmeralda",
      slug,
      content: "Segundo texto del artículo Esmeralda.",
      isPublic: true,
    });
  const LIST = ["/blog", "/blog.data", "/blog/rss.xml", "/sitemap.xml", "/", "/_.data"];
  const pagesOf = (slug: string) => [`/blog/${slug}`, `/blog/${slug}.data`];

  it("an article made public appears on the blog, its feed, the sitemap and the home page", async () => {
    await post(
      server,
      cookie,
      "/admin/blog/nuevo",
      articleForm({
        title: "Respirar con calma Zafiro",
        slug: "respirar-zafiro",
        content: "Primer texto del artículo Zafiro.",
        isPublic: false,
      }),
    );
    // Saved as private: no public page shows it.
    expect((await anon(server, "/blog/respirar-zafiro")).res.status).toBe(404);
    await warm(server, LIST);
    for (const path of LIST) {
      expect((await anon(server, path)).text, path).not.toContain("zafiro");
    }

    await post(server, cookie, "/admin/blog", {
      intent: "visibility",
      slug: "respirar-zafiro",
      isPublic: "1",
    });

    for (const path of ["/blog", "/blog.data", "/blog/rss.xml", "/", "/_.data"]) {
      expect((await anon(server, path)).text, path).toContain("Respirar con calma Zafiro");
    }
    expect((await anon(server, "/sitemap.xml")).text).toContain("/blog/respirar-zafiro<");
    const page = await anon(server, "/blog/respirar-zafiro");
    expect(page.res.status).toBe(200);
    expect(page.text).toContain("Primer texto del artículo Zafiro.");
    expect((await anon(server, "/og/respirar-zafiro.png")).res.status).toBe(200);
  });

  it("an edited title and text show on every page that carries them", async () => {
    const affected = [...pagesOf("respirar-zafiro"), ...LIST];
    await warm(server, affected);

    await post(server, cookie, "/admin/blog/editar/respirar-zafiro", esmeralda("respirar-zafiro"));

    for (const path of [
      ...pagesOf("respirar-zafiro"),
      "/blog",
      "/blog.data",
      "/blog/rss.xml",
      "/",
      "/_.data",
    ]) {
      const { text } = await anon(server, path);
      expect(text, path).toContain("Respirar con calma Esmeralda");
      expect(text, path).not.toContain("Respirar con calma Zafiro");
    }
    for (const path of pagesOf("respirar-zafiro")) {
      const { text } = await anon(server, path);
      expect(text, path).toContain("Segundo texto del artículo Esmeralda.");
      expect(text, path).not.toContain("Primer texto del artículo Zafiro.");
    }
  });

  it("a new address: the old one redirects (301), the new one and the lists show it", async () => {
    const affected = [...pagesOf("respirar-zafiro"), ...LIST, "/og/respirar-zafiro.png"];
    await warm(server, affected);

    await post(
      server,
      cookie,
      "/admin/blog/editar/respirar-zafiro",
      esmeralda("respirar-esmeralda"),
    );

    const old = await anon(server, "/blog/respirar-zafiro");
    expect(old.res.status).toBe(301);
    expect(old.res.headers.get("location")).toBe("/blog/respirar-esmeralda");
    const oldData = await anon(server, "/blog/respirar-zafiro.data");
    expect(oldData.text).not.toContain("Segundo texto del artículo Esmeralda.");
    expect(oldData.text).toContain("/blog/respirar-esmeralda");
    const moved = await anon(server, "/blog/respirar-esmeralda");
    expect(moved.res.status).toBe(200);
    expect(moved.text).toContain("Respirar con calma Esmeralda");
    for (const path of LIST) {
      const { text } = await anon(server, path);
      expect(text, path).not.toMatch(/\/blog\/respirar-zafiro\b/);
    }
    for (const path of LIST) {
      const { text } = await anon(server, path);
      // Pages and feeds link to the address; the data requests carry the slug.
      expect(text, path).toMatch(/\/blog\/respirar-esmeralda\b|"respirar-esmeralda"/);
      expect(text, path).not.toContain('"respirar-zafiro"');
    }
    expect((await anon(server, "/og/respirar-zafiro.png")).res.status).toBe(404);
    expect((await anon(server, "/og/respirar-esmeralda.png")).res.status).toBe(200);
  });

  it("an article made private leaves every public page", async () => {
    const affected = [...pagesOf("respirar-esmeralda"), ...LIST, "/og/respirar-esmeralda.png"];
    await warm(server, affected);

    await post(server, cookie, "/admin/blog", {
      intent: "visibility",
      slug: "respirar-esmeralda",
      isPublic: "0",
    });

    expect((await anon(server, "/blog/respirar-esmeralda")).res.status).toBe(404);
    expect((await anon(server, "/blog/respirar-esmeralda.data")).text).not.toContain(
      "Segundo texto",
    );
    expect((await anon(server, "/og/respirar-esmeralda.png")).res.status).toBe(404);
    for (const path of LIST) {
      expect((await anon(server, path)).text, path).not.toContain("respirar-esmeralda");
    }
  });

  it("a deleted article leaves every public page", async () => {
    await post(server, cookie, "/admin/blog", {
      intent: "visibility",
      slug: "respirar-esmeralda",
      isPublic: "1",
    });
    const affected = [...pagesOf("respirar-esmeralda"), ...LIST, "/og/respirar-esmeralda.png"];
    await warm(server, affected);
    // The old address still leads to it until it is deleted.
    expect((await anon(server, "/blog/respirar-zafiro")).res.status).toBe(301);

    await post(server, cookie, "/admin/blog", { intent: "delete", slug: "respirar-esmeralda" });

    expect((await anon(server, "/blog/respirar-esmeralda")).res.status).toBe(404);
    expect((await anon(server, "/blog/respirar-zafiro")).res.status).toBe(404);
    expect((await anon(server, "/og/respirar-esmeralda.png")).res.status).toBe(404);
    for (const path of LIST) {
      expect((await anon(server, path)).text, path).not.toContain("respirar-esmeralda");
    }
  });

  it("reviews: a draft changes nothing; published, edited, unpublished and deleted show at once", async () => {
    const home = ["/", "/_.data"];
    const review = {
      intent: "save",
      name: "Marta Ámbar",
      role: "Terapia individual",
      content: "Una reseña de prueba que dice Ámbar primero.",
      rating: "5",
    };
    await warm(server, home);
    await post(server, cookie, "/admin/resenas", review);
    // A draft is not public: the pages stay as they were (still served from memory).
    for (const path of home) {
      const got = await anon(server, path);
      expect(got.res.headers.get("x-cache"), path).toBe("HIT");
      expect(got.text, path).not.toContain("Marta Ámbar");
    }
    const id = await reviewId(server, cookie, "Marta Ámbar");

    await post(server, cookie, "/admin/resenas", { intent: "toggle", id, publish: "1" });
    for (const path of home) {
      expect((await anon(server, path)).text, path).toContain(
        "Una reseña de prueba que dice Ámbar primero.",
      );
    }

    await warm(server, home);
    await post(server, cookie, "/admin/resenas", {
      ...review,
      id,
      content: "Una reseña de prueba que dice Coral después.",
      isPublished: "on",
    });
    for (const path of home) {
      const { text } = await anon(server, path);
      expect(text, path).toContain("Una reseña de prueba que dice Coral después.");
      expect(text, path).not.toContain("Ámbar primero");
    }

    await warm(server, home);
    await post(server, cookie, "/admin/resenas", { intent: "toggle", id, publish: "0" });
    for (const path of home) {
      expect((await anon(server, path)).text, path).not.toContain("Marta Ámbar");
    }

    await post(server, cookie, "/admin/resenas", { intent: "toggle", id, publish: "1" });
    await warm(server, home);
    expect((await anon(server, "/")).text).toContain("Marta Ámbar");
    await post(server, cookie, "/admin/resenas", { intent: "delete", id });
    for (const path of home) {
      expect((await anon(server, path)).text, path).not.toContain("Marta Ámbar");
    }
  });

  it("settings: the professional name changes on every page, the feed and the sharing card", async () => {
    const pages = [
      "/",
      "/_.data",
      "/blog",
      "/blog.data",
      "/blog/duelo-como-abordarlo",
      "/blog/duelo-como-abordarlo.data",
      "/sobre-mi",
      "/servicios",
      "/aviso-legal",
      "/blog/rss.xml",
    ];
    await warm(server, [...pages, "/og/sitio.png"]);
    const card = (await anon(server, "/og/sitio.png")).bytes;

    // Ajustes asks for a recent sign-in: the session created a moment ago is one.
    await post(
      server,
      cookie,
      "/admin/ajustes",
      settingsForm({ professionalName: "Lucía Turquesa" }),
    );

    for (const path of pages) {
      expect((await anon(server, path)).text, path).toContain("Lucía Turquesa");
    }
    const after = await anon(server, "/og/sitio.png");
    expect(after.res.status).toBe(200);
    expect(after.bytes.equals(card)).toBe(false);
    // The same bytes as a render that bypasses the cache (an unknown cookie).
    const rendered = await anon(server, "/og/sitio.png", { cookie: "sin-cache=1" });
    expect(after.bytes.equals(rendered.bytes)).toBe(true);
  });

  it("an uploaded image raises the version: a warmed page is rendered again", async () => {
    await warm(server, ["/blog", "/"]);
    await uploadImage(server, cookie);
    expect((await anon(server, "/blog")).res.headers.get("x-cache")).toBe("MISS");
    expect((await anon(server, "/")).res.headers.get("x-cache")).toBe("MISS");
    expect((await anon(server, "/blog")).res.headers.get("x-cache")).toBe("HIT");
  });

  describe("nothing personal is ever shared", () => {
    it("a staff member's public pages are private and never reach an anonymous visitor", async () => {
      // Fresh URLs (nothing stored yet) and stored ones.
      await warm(server, ["/blog"]);
      const paths = ["/blog?q=personal", "/blog", "/", "/_.data", "/blog/duelo-como-abordarlo"];
      for (const path of paths) {
        const staff = await anon(server, path, { cookie });
        const visitor = await anon(server, path);
        expect(visitor.res.status, path).toBe(200);
        for (const mark of STAFF_MARKS) expect(visitor.text, path).not.toContain(mark);
        if (!path.endsWith(".data")) expect(visitor.text, path).toContain('href="/auth"');
        expect(visitor.res.headers.get("x-cache"), path).toMatch(/^(HIT|MISS)$/);
        expect(visitor.res.headers.get("set-cookie"), path).toBeNull();

        expect(staff.res.status, path).toBe(200);
        if (!path.endsWith(".data")) expect(staff.text, path).toContain("Cerrar sesión");
        // (A public page ships no loader data: the name is only in the data.)
        if (path.endsWith(".data")) expect(staff.text, path).toContain(ADMIN.name);
        expect(staff.res.headers.get("cache-control"), path).toBe("private, no-store");
        expect(staff.res.headers.get("x-cache"), path).toBeNull();
        expect(staff.res.headers.get("content-security-policy"), path).toMatch(/'nonce-/);
      }
      // The staff member's render of a fresh URL was not kept.
      const again = await anon(server, "/blog?q=personal-otra");
      expect(again.res.headers.get("x-cache")).toBe("MISS");
    });

    it("an unknown cookie or an Authorization header bypasses; analytics' cookies do not", async () => {
      await warm(server, ["/"]);
      for (const headers of [
        { cookie: "preferencia=oscuro" } as Record<string, string>,
        { cookie: "_ga=GA1.1.1; otra=1" },
        { authorization: "Basic YTpi" },
      ]) {
        const got = await anon(server, "/", headers);
        expect(got.res.status).toBe(200);
        expect(got.res.headers.get("x-cache"), JSON.stringify(headers)).toBeNull();
        expect(got.res.headers.get("cache-control")).toBe("private, no-store");
      }
      const analytics = await anon(server, "/", {
        cookie: "_ga=GA1.1.123.456; _ga_ABC123=GS1.1.1",
      });
      expect(analytics.res.headers.get("x-cache")).toBe("HIT");
    });

    it("HEAD never fills, POST is never answered from memory", async () => {
      const head = await fetch(`${server.url}/blog?q=cabecera`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("x-cache")).toBeNull();
      expect((await anon(server, "/blog?q=cabecera")).res.headers.get("x-cache")).toBe("MISS");

      // The home page's form posts to its index route (`?index`), which GET also renders.
      await warm(server, ["/?index"]);
      const posted = await fetch(`${server.url}/?index`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "otra" }),
      });
      expect(posted.status).toBe(400);
      expect(posted.headers.get("x-cache")).toBeNull();
      expect(await posted.text()).toContain("Solicitud no válida");
    });

    it("the toast after signing out is shown once, to that person only, and never kept", async () => {
      const out = await fetch(`${server.url}/auth/salir`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url, cookie },
      });
      expect(out.status).toBe(302);
      expect(out.headers.get("location")).toBe("/");
      const toast = out.headers
        .getSetCookie()
        .map((c) => c.split(";")[0]!)
        .find((c) => c.startsWith("toast="));
      expect(toast).toBeDefined();

      // The browser follows the redirect with the toast cookie: the page shows it, clears the
      // cookie, and is private.
      for (const path of ["/blog?q=aviso", "/"]) {
        const followed = await anon(server, path, { cookie: toast! });
        expect(followed.res.status).toBe(200);
        expect(followed.text, path).toContain("Sesión cerrada");
        expect(followed.res.headers.getSetCookie().join(), path).toMatch(/^toast=;/);
        expect(followed.res.headers.get("cache-control"), path).toBe("private, no-store");
        expect(followed.res.headers.get("x-cache"), path).toBeNull();

        const next = await anon(server, path);
        expect(next.res.headers.get("set-cookie"), path).toBeNull();
        expect(next.text, path).not.toContain("Sesión cerrada");
        if (path === "/blog?q=aviso") expect(next.res.headers.get("x-cache")).toBe("MISS");
      }
      // Signed in again for whatever runs next.
      cookie = await signInOverHttp(server.url, ADMIN.email, ADMIN.password, secrets);
    });
  });
});

describe("page cache protocol (PAGE_CACHE_MAX_MB=1)", () => {
  const server = serverFor({ PAGE_CACHE_MAX_MB: "1" });

  it("answers 304 to a matching If-None-Match, and the page again to another", async () => {
    await warm(server(), ["/sobre-mi"]);
    const first = await raw(server(), "/sobre-mi");
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const notModified = await raw(server(), "/sobre-mi", { "if-none-match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    const other = await raw(server(), "/sobre-mi", { "if-none-match": 'W/"otra"' });
    expect(other.status).toBe(200);
    expect(other.body.equals(first.body)).toBe(true);
  });

  it("brotli and gzip bodies decode to the identity bytes; Content-Length is right; HEAD has no body", async () => {
    for (const path of ["/", "/blog.data", "/blog/rss.xml", "/sitemap.xml"]) {
      await warm(server(), [path]);
      const identity = await raw(server(), path, { "accept-encoding": "identity" });
      expect(identity.headers["content-encoding"], path).toBeUndefined();
      expect(Number(identity.headers["content-length"]), path).toBe(identity.body.length);
      // Compressed off the main thread after the first answer: wait until both are there.
      await expect
        .poll(
          async () =>
            (await raw(server(), path, { "accept-encoding": "br" })).headers["content-encoding"],
        )
        .toBe("br");
      const br = await raw(server(), path, { "accept-encoding": "br" });
      expect(Number(br.headers["content-length"]), path).toBe(br.body.length);
      expect(zlib.brotliDecompressSync(br.body).equals(identity.body), path).toBe(true);
      const gz = await raw(server(), path, { "accept-encoding": "gzip" });
      expect(gz.headers["content-encoding"], path).toBe("gzip");
      expect(Number(gz.headers["content-length"]), path).toBe(gz.body.length);
      expect(zlib.gunzipSync(gz.body).equals(identity.body), path).toBe(true);
      expect(br.headers.etag).toBe(identity.headers.etag);

      const head = await raw(server(), path, { "accept-encoding": "gzip" }, "HEAD");
      expect(head.status).toBe(200);
      expect(head.headers["x-cache"]).toBe("HIT");
      expect(head.headers["content-length"]).toBe(gz.headers["content-length"]);
      expect(head.headers["content-type"]).toBe(gz.headers["content-type"]);
      expect(head.body.length).toBe(0);
    }
  });

  it("a cached page's policy names its scripts by hash, with no nonce left in it", async () => {
    await warm(server(), ["/"]);
    const page = await raw(server(), "/");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).not.toMatch(/nonce-/);
    expect(csp).toMatch(/script-src 'self' ('sha256-[\w+/=]+' )+'strict-dynamic'/);
    const html = page.body.toString("utf8");
    expect(html).not.toMatch(/nonce="[^"]/);
    expect(html).not.toMatch(/"nonce":"[^"]/);
  });

  it("requests for a page being rendered wait for that one render", async () => {
    const all = await Promise.all(
      Array.from({ length: 6 }, () => anon(server(), "/blog?q=a-la-vez")),
    );
    expect(all.map((got) => got.res.headers.get("x-cache")).sort()).toEqual([
      "HIT",
      "HIT",
      "HIT",
      "HIT",
      "HIT",
      "MISS",
    ]);
    expect(new Set(all.map((got) => got.text)).size).toBe(1);
  });

  it("each /blog?q= is its own entry; the memory cap evicts the oldest", async () => {
    const words = ["duelo", "ansiedad", "pareja", "autoestima", "estrés", "mindfulness"];
    const duelo = await anon(server(), "/blog?q=duelo");
    const ansiedad = await anon(server(), "/blog?q=ansiedad");
    expect((await anon(server(), "/blog?q=duelo")).res.headers.get("x-cache")).toBe("HIT");
    const again = await anon(server(), "/blog?q=ansiedad");
    expect(again.res.headers.get("x-cache")).toBe("HIT");
    expect(again.text).toBe(ansiedad.text);
    expect(duelo.text).not.toBe(ansiedad.text);

    // A page without results is some 28 kB before it is compressed (about 40 kB after, but the
    // compression may lag on a busy machine): 45 exceed 1 MB either way.
    for (let i = 0; i < 45; i++) {
      const got = await anon(
        server(),
        `/blog?q=${encodeURIComponent(words[i % words.length]!)}-${i}`,
      );
      expect(got.res.headers.get("x-cache")).toBe("MISS");
    }
    expect((await anon(server(), "/blog?q=duelo")).res.headers.get("x-cache")).toBe("MISS");
    expect((await anon(server(), "/blog?q=pareja-44")).res.headers.get("x-cache")).toBe("HIT");
  });
});

describe("CACHE_DISABLED=1", () => {
  const server = serverFor({ CACHE_DISABLED: "1" });

  it("renders every page afresh with a nonce policy", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const got = await anon(server(), "/");
      expect(got.res.status).toBe(200);
      expect(got.res.headers.get("x-cache")).toBeNull();
      const nonce = /'nonce-([^']+)'/.exec(
        got.res.headers.get("content-security-policy") ?? "",
      )?.[1];
      expect(nonce).toBeDefined();
      expect(got.text).toContain(`nonce="${nonce}"`);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

/**
 * A TCP proxy to PostgreSQL that holds every byte coming back from the database for `delayMs`:
 * answers and NOTIFY messages arrive late, as on a busy network. A change is still seen by the next
 * request (it reads the version and waits for the answer); an instance that relied on the NOTIFY
 * alone would serve the old page meanwhile.
 */
async function startSlowProxy(target: URL, delayMs: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("data", (chunk) => upstream.write(chunk));
    upstream.on("data", (chunk) => setTimeout(() => client.write(chunk), delayMs));
    client.on("close", closeBoth);
    upstream.on("close", () => setTimeout(closeBoth, delayMs));
    client.on("error", closeBoth);
    upstream.on("error", closeBoth);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: url.toString(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "page cache on two instances sharing PostgreSQL",
  () => {
    let database: Awaited<ReturnType<typeof createPgDatabase>>;
    let proxy: Awaited<ReturnType<typeof startSlowProxy>>;
    let a: RunningServer;
    let b: RunningServer;
    let cookie = "";
    const env = (url = database.url) => ({
      DATABASE_URL: url,
      AUTH_SECRET: "secreto-compartido-por-las-instancias-de-la-cache",
    });

    beforeAll(async () => {
      database = await createPgDatabase();
      // One after the other: the first migrates and seeds. B (where pages are read) hears from
      // the database 20 ms late.
      a = await startServer({ env: env() });
      proxy = await startSlowProxy(new URL(database.url), 20);
      b = await startServer({ env: env(proxy.url) });
      const res = await createFirstAdmin(a, ADMIN);
      expect(res.status).toBe(302);
      cookie = (await enrolOverHttpWithSecret(a.url, cookiesOf(res), ADMIN.password)).cookie;
    });
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await proxy?.close();
      await database?.drop();
    });

    it("an article edited on A is on B's very next page, every time", async () => {
      const slug = "cuidar-la-calma";
      await post(
        a,
        cookie,
        "/admin/blog/nuevo",
        articleForm({ title: "Calma 0", slug, content: "Texto 0.", isPublic: true }),
      );
      for (let i = 1; i <= 4; i++) {
        await warm(b, [`/blog/${slug}`, "/blog", "/blog/rss.xml"]);
        await post(
          a,
          cookie,
          `/admin/blog/editar/${slug}`,
          articleForm({ title: `Calma ${i}`, slug, content: `Texto número ${i}.`, isPublic: true }),
        );
        const page = await anon(b, `/blog/${slug}`);
        expect(page.text).toContain(`Texto número ${i}.`);
        expect((await anon(b, "/blog")).text).toContain(`Calma ${i}<`);
        expect((await anon(b, "/blog/rss.xml")).text).toContain(`<title>Calma ${i}</title>`);
      }
    });

    it("a review published or unpublished on A is on B's very next page, every time", async () => {
      await post(a, cookie, "/admin/resenas", {
        intent: "save",
        name: "Pablo Jade",
        role: "",
        content: "Una reseña que aparece y desaparece.",
        rating: "4",
      });
      const id = await reviewId(a, cookie, "Pablo Jade");
      for (let i = 1; i <= 4; i++) {
        const publish = i % 2 === 1;
        await warm(b, ["/", "/_.data"]);
        await post(a, cookie, "/admin/resenas", {
          intent: "toggle",
          id,
          publish: publish ? "1" : "0",
        });
        for (const path of ["/", "/_.data"]) {
          const { text } = await anon(b, path);
          if (publish) expect(text, `${path} ${i}`).toContain("Pablo Jade");
          else expect(text, `${path} ${i}`).not.toContain("Pablo Jade");
        }
      }
    });

    it("settings saved on A are on B's very next page, every time", async () => {
      for (let i = 1; i <= 3; i++) {
        const name = `Lucía Ónice ${i}`;
        await warm(b, ["/", "/blog", "/blog/rss.xml"]);
        await post(a, cookie, "/admin/ajustes", settingsForm({ professionalName: name }));
        for (const path of ["/", "/blog", "/blog/rss.xml"]) {
          expect((await anon(b, path)).text, `${path} ${i}`).toContain(name);
        }
      }
    });

    it("bundled articles seeded by a third instance are on B's very next page", async () => {
      const slug = "duelo-como-abordarlo";
      await post(a, cookie, "/admin/blog", { intent: "delete", slug });
      // As if the database had never been seeded with the articles (the marker gone).
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query("delete from content_seeds where key = 'articles-v1'");
      } finally {
        await client.end();
      }
      await warm(b, ["/blog/rss.xml", "/sitemap.xml"]);
      expect((await anon(b, "/sitemap.xml")).text).not.toContain(`/blog/${slug}<`);

      const c = await startServer({ env: env() });
      try {
        expect((await anon(b, "/sitemap.xml")).text).toContain(`/blog/${slug}<`);
        expect((await anon(b, `/blog/${slug}`)).res.status).toBe(200);
      } finally {
        await c.stop();
      }
    });
  },
);
