import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookiesOf,
  createFirstAdmin,
  enrolOverHttp,
  type RunningServer,
  startServer,
  tempDataDir,
} from "../support/server";

/** Uploads and media over real HTTP: busboy behind Express, streaming, headers, size limit. */
describe("image upload and media on the built server", () => {
  let server: RunningServer;
  let cookie = "";
  const dataDir = tempDataDir("psico-media-");

  beforeAll(async () => {
    server = await startServer({ dataDir });
    const res = await createFirstAdmin(server, {
      name: "Ana Ruiz",
      email: "ana.media@example.com",
      password: "subir fotos al servidor",
    });
    expect(cookiesOf(res)).not.toBe("");
    // Administrators must enrol a second factor before anything else.
    cookie = await enrolOverHttp(server.url, cookiesOf(res), "subir fotos al servidor");
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (body: FormData, withCookie = true) =>
    fetch(`${server.url}/api/imagenes`, {
      method: "POST",
      body,
      headers: withCookie ? { cookie } : {},
    });
  const stored = () => {
    const dir = path.join(dataDir, "media", "blog", "images");
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it("answers 401 JSON to an anonymous upload", async () => {
    const form = new FormData();
    form.append("file", new Blob(["x"]), "x.jpg");
    const res = await post(form, false);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Inicia sesión para subir imágenes." });
  });

  it("answers 413 to a 6 MB upload and stores nothing", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(6 * 1024 * 1024)]), "grande.jpg");
    const res = await post(form);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "La imagen supera el tamaño máximo de 5 MB." });
    expect(stored()).toEqual([]);
  });

  it("stores a photo and serves it with long-lived caching and security headers", async () => {
    const jpeg = await sharp({
      create: { width: 1000, height: 600, channels: 3, background: "#5b8a78" },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "Consulta.jpg");
    const res = await post(form);
    expect(res.status).toBe(200);
    const { image } = (await res.json()) as { image: { src: string; srcSet: string } };
    expect(image.src).toMatch(/^\/media\/blog\/images\/\d+-consulta-1000\.webp$/);
    expect(stored()).toHaveLength(3);

    const got = await fetch(`${server.url}${image.src}`);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/webp");
    expect(got.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Set by the route and by the security middleware: browsers read the first value.
    expect(got.headers.get("x-content-type-options")).toMatch(/^nosniff\b/);
    expect((await sharp(Buffer.from(await got.arrayBuffer())).metadata()).format).toBe("webp");

    expect((await fetch(`${server.url}/media/blog/images/0-nada-480.webp`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/blog/..%2F..%2Fsecrets.json`)).status).toBe(404);
    const cover = await fetch(`${server.url}/media/portadas/ansiedad/respirar.svg`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get("content-type")).toContain("image/svg+xml");
  });
});
