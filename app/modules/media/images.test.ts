import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  detectImageType,
  GIF_ERROR,
  IMAGE_TYPE_ERROR,
  ImageError,
  processImage,
  saveImage,
  slugifyFileName,
  SVG_ERROR,
  targetWidths,
  TOO_BIG_ERROR,
  TOO_MANY_PIXELS_ERROR,
} from "./images.server";
import { diskStorage, type MediaStorage } from "./storage.server";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 160, b: 140 } } });

/** The EXIF tag that points at the GPS block (0x8825, little-endian as sharp writes it). */
const GPS_IFD_TAG = Buffer.from([0x25, 0x88]);

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageError);
  return error as ImageError;
}

/** A real 1x1 PNG whose header then claims other dimensions (CRC fixed so decoders believe it). */
async function pngDeclaring(width: number, height: number) {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  // IHDR data starts at byte 16: width (4), height (4), …; its CRC covers bytes 12..29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

describe("magic bytes", () => {
  it("recognises JPEG, PNG, WebP and AVIF by content", async () => {
    const img = solid(16, 16);
    expect(detectImageType(await img.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(detectImageType(await img.clone().png().toBuffer())).toBe("png");
    expect(detectImageType(await img.clone().webp().toBuffer())).toBe("webp");
    expect(detectImageType(await img.clone().avif().toBuffer())).toBe("avif");
  });

  it("refuses GIF, SVG, text, HEIC-like and empty input", async () => {
    expect(detectImageType(await solid(16, 16).gif().toBuffer())).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from("hola, esto es texto plano"))).toBeNull();
    const heic = Buffer.alloc(32);
    heic.writeUInt32BE(24, 0);
    heic.write("ftypheic", 4, "latin1");
    heic.write("mif1heic", 16, "latin1");
    expect(detectImageType(heic)).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe("processImage", () => {
  it("re-encodes to WebP at 480/960/1600 from a large original", async () => {
    const input = await solid(2400, 1200).jpeg().toBuffer();
    const out = await processImage(input, { fileName: "Foto Consulta.JPG", now: new Date(1e12) });
    expect(out.variants.map((v) => v.width)).toEqual([1600, 960, 480]);
    expect(out.variants.map((v) => v.key)).toEqual([
      "images/1000000000000-foto-consulta-1600.webp",
      "images/1000000000000-foto-consulta-960.webp",
      "images/1000000000000-foto-consulta-480.webp",
    ]);
    for (const v of out.variants) {
      const meta = await sharp(v.body).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(v.width);
      expect(v.height).toBe(v.width / 2);
    }
    expect([out.width, out.height]).toEqual([1600, 800]);
  });

  it("never upscales: a 700 px original gives 480 and 700; a 300 px one gives only 300", async () => {
    const mid = await processImage(await solid(700, 500).png().toBuffer());
    expect(mid.variants.map((v) => v.width)).toEqual([700, 480]);
    const small = await processImage(await solid(300, 200).webp().toBuffer());
    expect(small.variants.map((v) => v.width)).toEqual([300]);
    expect(targetWidths(960)).toEqual([480, 960]);
    expect(targetWidths(5000)).toEqual([480, 960, 1600]);
  });

  it("strips EXIF (GPS included) and turns the photo upright", async () => {
    const input = await solid(400, 200)
      .jpeg()
      .withExif({
        IFD0: { Copyright: "Consulta" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 25/1 0/1" },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif?.toString("latin1")).toContain("Consulta");
    expect(before.exif?.includes(GPS_IFD_TAG)).toBe(true);
    expect(before.orientation).toBe(6);

    const out = await processImage(input);
    const after = await sharp(out.variants[0]!.body).metadata();
    expect(after.exif).toBeUndefined();
    expect(out.variants[0]!.body.includes(GPS_IFD_TAG)).toBe(false);
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(out.variants[0]!.body.toString("latin1")).not.toContain("Consulta");
    // Orientation 6 (rotate 90°): the stored image is portrait.
    expect([out.width, out.height]).toEqual([200, 400]);
  });

  it("refuses a PNG that declares 20000 x 20000 pixels (decompression bomb)", async () => {
    const error = await refusal(processImage(await pngDeclaring(20000, 20000)));
    expect(error.message).toBe(TOO_MANY_PIXELS_ERROR);
    expect(error.status).toBe(422);
  });

  it("refuses SVG, GIF, text and oversize files with a Spanish reason", async () => {
    const svg = await refusal(
      processImage(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>')),
    );
    expect([svg.message, svg.status]).toEqual([SVG_ERROR, 415]);
    const gif = await refusal(processImage(await solid(8, 8).gif().toBuffer()));
    expect(gif.message).toBe(GIF_ERROR);
    const text = await refusal(processImage(Buffer.from("no soy una imagen, solo texto")));
    expect(text.message).toBe(IMAGE_TYPE_ERROR);
    const big = await refusal(processImage(Buffer.alloc(5 * 1024 * 1024 + 1, 0xff)));
    expect([big.message, big.status]).toEqual([TOO_BIG_ERROR, 413]);
  });

  it("refuses a file that starts like a JPEG but is not one", async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const error = await refusal(processImage(fake));
    expect(error.status).toBe(422);
  });

  it("slugifies file names", () => {
    expect(slugifyFileName("Foto de Consulta (1).JPG")).toBe("foto-de-consulta-1");
    expect(slugifyFileName("Ñandú_señora.png")).toBe("nandu-senora");
    expect(slugifyFileName("../../etc/passwd")).toBe("etc-passwd");
    expect(slugifyFileName("...")).toBe("imagen");
  });
});

describe("saveImage", () => {
  it("stores every variant and answers src, srcSet and size", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "media-"));
    const storage = diskStorage(root, "blog");
    const image = await saveImage(await solid(1000, 500).png().toBuffer(), {
      fileName: "retrato.png",
      now: new Date(1e12),
      storage,
    });
    expect(image).toEqual({
      src: "/media/blog/images/1000000000000-retrato-1000.webp",
      srcSet: [
        "/media/blog/images/1000000000000-retrato-480.webp 480w",
        "/media/blog/images/1000000000000-retrato-960.webp 960w",
        "/media/blog/images/1000000000000-retrato-1000.webp 1000w",
      ].join(", "),
      width: 1000,
      height: 500,
    });
    expect(fs.readdirSync(path.join(root, "blog/images")).sort()).toEqual([
      "1000000000000-retrato-1000.webp",
      "1000000000000-retrato-480.webp",
      "1000000000000-retrato-960.webp",
    ]);
  });

  it("leaves nothing behind when a write fails halfway", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "media-"));
    const disk = diskStorage(root, "blog");
    let puts = 0;
    const flaky: MediaStorage = {
      ...disk,
      async put(key, body, type) {
        if (++puts === 2) throw new Error("disco lleno");
        await disk.put(key, body, type);
      },
    };
    await expect(
      saveImage(await solid(1000, 500).png().toBuffer(), { storage: flaky }),
    ).rejects.toThrow("disco lleno");
    expect(fs.readdirSync(path.join(root, "blog/images"))).toEqual([]);
  });

  it("writes nothing for a refused file", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "media-"));
    await refusal(saveImage(Buffer.from("<svg/>"), { storage: diskStorage(root, "blog") }));
    expect(fs.readdirSync(root)).toEqual([]);
  });
});
