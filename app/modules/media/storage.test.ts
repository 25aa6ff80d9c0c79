import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskStorage, isValidKey, s3Storage } from "./storage.server";

async function text(stream: ReadableStream<Uint8Array>) {
  return Buffer.from(await new Response(stream).arrayBuffer()).toString("utf8");
}

describe("disk storage", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "storage-"));
  const storage = diskStorage(root, "blog");

  it("stores, reads and deletes under DATA_DIR/media/{bucket}/", async () => {
    await storage.put("images/1-foto-480.webp", Buffer.from("RIFF-falso"), "image/webp");
    expect(fs.readFileSync(path.join(root, "blog/images/1-foto-480.webp"), "utf8")).toBe(
      "RIFF-falso",
    );
    const got = await storage.get("images/1-foto-480.webp");
    expect(got).not.toBeNull();
    expect(got!.contentType).toBe("image/webp");
    expect(got!.size).toBe(10);
    expect(got!.etag).toMatch(/^".+"$/);
    expect(await text(got!.body)).toBe("RIFF-falso");
    await storage.delete("images/1-foto-480.webp");
    expect(await storage.get("images/1-foto-480.webp")).toBeNull();
    expect(await storage.get("images/no-existe.webp")).toBeNull();
    expect(await storage.get("images")).toBeNull(); // a folder is not an object
  });

  it("refuses keys that leave the bucket", async () => {
    fs.writeFileSync(path.join(root, "secreto.txt"), "no");
    const hostile = [
      "../secreto.txt",
      "images/../../secreto.txt",
      "/etc/passwd",
      "images/..",
      ".hidden",
      "images\\..\\..\\secreto.txt",
      "images//x.webp",
      "images/%2e%2e/secreto.txt",
      "",
    ];
    for (const key of hostile) {
      expect(isValidKey(key), key).toBe(false);
      expect(await storage.get(key), key).toBeNull();
      await expect(storage.put(key, Buffer.from("x"), "image/webp"), key).rejects.toThrow(
        /no válida/,
      );
    }
    expect(fs.readFileSync(path.join(root, "secreto.txt"), "utf8")).toBe("no");
  });
});

describe("S3-compatible storage (against a local fake)", () => {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: Array<{ method: string; url: string; auth: boolean }> = [];
  let server: http.Server;
  let endpoint = "";

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const url = new URL(req.url!, "http://x");
        requests.push({
          method: req.method!,
          url: url.pathname,
          auth: String(req.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256"),
        });
        const key = decodeURIComponent(url.pathname);
        if (req.method === "PUT") {
          objects.set(key, {
            body: Buffer.concat(chunks),
            type: String(req.headers["content-type"]),
          });
          res.writeHead(200, { ETag: '"abc"' }).end();
        } else if (req.method === "GET") {
          const o = objects.get(key);
          if (!o) {
            res
              .writeHead(404, { "Content-Type": "application/xml" })
              .end(
                "<?xml version='1.0'?><Error><Code>NoSuchKey</Code><Message>no</Message></Error>",
              );
            return;
          }
          res
            .writeHead(200, {
              "Content-Type": o.type,
              "Content-Length": o.body.length,
              ETag: '"abc"',
            })
            .end(o.body);
        } else if (req.method === "DELETE") {
          objects.delete(key);
          res.writeHead(204).end();
        } else {
          res.writeHead(405).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("puts, gets and deletes with path-style signed requests under {bucket}/", async () => {
    const storage = s3Storage(
      {
        endpoint,
        bucket: "consulta",
        accessKeyId: "clave",
        secretAccessKey: "secreto",
        region: "us-east-1",
      },
      "blog",
    );
    await storage.put("images/1-foto-480.webp", Buffer.from("webp!"), "image/webp");
    expect(objects.get("/consulta/blog/images/1-foto-480.webp")).toEqual({
      body: Buffer.from("webp!"),
      type: "image/webp",
    });
    const got = await storage.get("images/1-foto-480.webp");
    expect(got?.contentType).toBe("image/webp");
    expect(got?.size).toBe(5);
    expect(await text(got!.body)).toBe("webp!");
    expect(await storage.get("images/otra.webp")).toBeNull();
    await storage.delete("images/1-foto-480.webp");
    expect(objects.size).toBe(0);
    expect(await storage.get("../x")).toBeNull();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "PUT /consulta/blog/images/1-foto-480.webp",
      "GET /consulta/blog/images/1-foto-480.webp",
      "GET /consulta/blog/images/otra.webp",
      "DELETE /consulta/blog/images/1-foto-480.webp",
    ]);
    expect(requests.every((r) => r.auth)).toBe(true);
  });
});
