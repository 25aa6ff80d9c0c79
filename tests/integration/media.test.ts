import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes } from "react-router";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import routes from "~/routes";
import * as mediaRoute from "~/routes/resources/media";
import * as uploadRoute from "~/routes/resources/image-upload-api";
import { DRIVERS, useTestDatabase } from "../support/db";
import { BASE, makeRequest, multipartBody, run, staffCookie } from "../support/routes";

/** The upload endpoint and the media route, run as real route modules against a real database. */

const imagesDir = () => path.join(process.env.DATA_DIR!, "media", "blog", "images");
const storedFiles = () => (fs.existsSync(imagesDir()) ? fs.readdirSync(imagesDir()).sort() : []);

async function upload(
  file: { bytes: Uint8Array; name: string; type: string } | null,
  cookie?: string,
  extra?: (form: FormData) => void,
) {
  const form = new FormData();
  if (file)
    form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  extra?.(form);
  const body = await multipartBody(form);
  const headers = new Headers({ "content-type": body.contentType });
  if (cookie) headers.set("cookie", cookie);
  return new Request(new URL("/api/imagenes", BASE), { method: "POST", body: body.bytes, headers });
}

const photo = async (width = 1200, height = 800) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 120 } } })
      .jpeg()
      .toBuffer(),
  );

describe.each(DRIVERS)("image upload and serving (%s)", (driver) => {
  const db = useTestDatabase(driver);
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    // Fully signed in (administrators and editors with their second factor), as uploads require.
    for (const role of ["administrator", "editor", "contributor"]) {
      cookies[role] = await staffCookie(db.db, role, `${role}.media@example.com`);
    }
  });
  beforeEach(() => fs.rmSync(imagesDir(), { recursive: true, force: true }));

  it("refuses anonymous visitors (401) and contributors (403) without storing anything", async () => {
    const file = { bytes: await photo(), name: "foto.jpg", type: "image/jpeg" };
    const anonymous = await run(uploadRoute.action, { request: await upload(file) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toEqual({ error: "Inicia sesión para subir imágenes." });
    const contributor = await run(uploadRoute.action, {
      request: await upload(file, cookies.contributor),
    });
    expect(contributor.status).toBe(403);
    expect(contributor.data).toEqual({ error: "No tienes permiso para subir imágenes." });
    expect(storedFiles()).toEqual([]);
  });

  it.each(["editor", "administrator"])(
    "stores an upload from an %s as WebP variants",
    async (who) => {
      const outcome = await run(uploadRoute.action, {
        request: await upload(
          { bytes: await photo(), name: "Sala de Consulta.jpg", type: "image/jpeg" },
          cookies[who],
        ),
      });
      expect(outcome.status).toBe(200);
      const { image } = outcome.data as {
        image: { src: string; srcSet: string; width: number; height: number };
      };
      expect(image.src).toMatch(/^\/media\/blog\/images\/\d+-sala-de-consulta-1200\.webp$/);
      expect(image.srcSet.split(", ")).toHaveLength(3);
      expect([image.width, image.height]).toEqual([1200, 800]);
      expect(storedFiles()).toHaveLength(3);

      const entries = await db.db.select().from(auditLog);
      expect(entries.some((e) => e.action === "image_uploaded" && e.target === image.src)).toBe(
        true,
      );

      // …and the media route serves it back with long-lived caching.
      const served = await mediaRoute.loader({
        request: makeRequest(image.src),
        params: { "*": image.src.replace(/^\/media\//, "") },
      } as never);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      const body = Buffer.from(await served.arrayBuffer());
      expect((await sharp(body).metadata()).width).toBe(1200);
      const etag = served.headers.get("etag");
      expect(etag).toBeTruthy();
      const again = await mediaRoute.loader({
        request: new Request(new URL(image.src, BASE), { headers: { "if-none-match": etag! } }),
        params: { "*": image.src.replace(/^\/media\//, "") },
      } as never);
      expect(again.status).toBe(304);
    },
  );

  it("answers 413 for a file over 5 MB and stores nothing", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const outcome = await run(uploadRoute.action, {
      request: await upload({ bytes: big, name: "enorme.jpg", type: "image/jpeg" }, cookies.editor),
    });
    expect(outcome.status).toBe(413);
    expect(outcome.data).toEqual({ error: "La imagen supera el tamaño máximo de 5 MB." });
    expect(storedFiles()).toEqual([]);
  });

  it("refuses what is not an accepted image, whatever its name and type say", async () => {
    const cases: Array<{ bytes: Uint8Array; name: string; type: string; reason: RegExp }> = [
      {
        bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
        name: "logo.png",
        type: "image/png",
        reason: /SVG no se admiten/,
      },
      {
        bytes: new TextEncoder().encode("solo texto"),
        name: "foto.jpg",
        type: "image/jpeg",
        reason: /no es una imagen válida/,
      },
      {
        bytes: new TextEncoder().encode("un archivo de texto con nombre de imagen"),
        name: "texto.png",
        type: "image/png",
        reason: /no es una imagen válida/,
      },
      {
        bytes: new Uint8Array(
          await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
            .gif()
            .toBuffer(),
        ),
        name: "anim.webp",
        type: "image/webp",
        reason: /GIF no se admiten/,
      },
    ];
    for (const c of cases) {
      const outcome = await run(uploadRoute.action, { request: await upload(c, cookies.editor) });
      expect(outcome.status, c.name).toBe(415);
      expect((outcome.data as { error: string }).error).toMatch(c.reason);
    }
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a truncated JPEG with 422 and a clear reason, storing nothing", async () => {
    const whole = await photo(800, 600);
    const truncated = whole.slice(0, Math.floor(whole.length / 3));
    const outcome = await run(uploadRoute.action, {
      request: await upload(
        { bytes: truncated, name: "cortada.jpg", type: "image/jpeg" },
        cookies.editor,
      ),
    });
    expect(outcome.status).toBe(422);
    expect((outcome.data as { error: string }).error).toMatch(/imagen/i);
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a decompression bomb with 422", async () => {
    const png = Buffer.from(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    );
    png.writeUInt32BE(30000, 16);
    png.writeUInt32BE(30000, 20);
    png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
    const outcome = await run(uploadRoute.action, {
      request: await upload({ bytes: png, name: "bomba.png", type: "image/png" }, cookies.editor),
    });
    expect(outcome.status).toBe(422);
    expect((outcome.data as { error: string }).error).toMatch(/demasiados píxeles/);
    expect(storedFiles()).toEqual([]);
  });

  it("answers 400 without a file, with two files, or without multipart", async () => {
    const none = await run(uploadRoute.action, {
      request: await upload(null, cookies.editor, (f) => f.append("texto", "hola")),
    });
    expect(none.status).toBe(400);
    const file = { bytes: await photo(100, 100), name: "a.jpg", type: "image/jpeg" };
    const two = await run(uploadRoute.action, {
      request: await upload(file, cookies.editor, (f) =>
        f.append("otro", new Blob([new Uint8Array(file.bytes)], { type: "image/jpeg" }), "b.jpg"),
      ),
    });
    expect(two.status).toBe(400);
    expect((two.data as { error: string }).error).toBe("Sube una sola imagen cada vez.");
    const json = await run(uploadRoute.action, {
      request: new Request(new URL("/api/imagenes", BASE), {
        method: "POST",
        headers: { cookie: cookies.editor!, "content-type": "application/json" },
        body: "{}",
      }),
    });
    expect(json.status).toBe(400);
    expect(storedFiles()).toEqual([]);
  });

  it("answers 405 to GET", async () => {
    expect((await run(uploadRoute.loader, { request: makeRequest("/api/imagenes") })).status).toBe(
      405,
    );
  });

  it("answers 404 for unknown keys, unknown buckets and path tricks", async () => {
    fs.mkdirSync(path.join(process.env.DATA_DIR!, "media", "blog"), { recursive: true });
    fs.writeFileSync(path.join(process.env.DATA_DIR!, "secrets-copy.txt"), "no");
    for (const splat of [
      "blog/images/no-existe.webp",
      "otro/images/x.webp",
      "blog/../../secrets-copy.txt",
      "blog/images/../../../secrets-copy.txt",
      "blog/%2e%2e/%2e%2e/secrets-copy.txt",
      "blog",
      "",
    ]) {
      const outcome = await run(mediaRoute.loader, {
        request: makeRequest("/media/x"),
        params: { "*": splat },
      });
      expect(outcome.status, splat).toBe(404);
    }
  });
});

describe("routes", () => {
  const tree = routes as RouteConfigEntry[];
  const fileFor = (pathname: string) =>
    matchRoutes(tree as never, pathname)?.at(-1)?.route as RouteConfigEntry | undefined;

  it("keeps the generated covers on their own route and sends other /media/ paths to storage", () => {
    expect(fileFor("/media/portadas/ansiedad/respirar.svg")?.file).toBe(
      "routes/resources/cover.ts",
    );
    expect(fileFor("/media/blog/images/1-x-960.webp")?.file).toBe("routes/resources/media.ts");
    expect(fileFor("/api/imagenes")?.file).toBe("routes/resources/image-upload-api.ts");
  });
});
