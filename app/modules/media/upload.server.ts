import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import type { Db } from "~/db/client.server";
import { bumpContentVersion } from "~/db/content-version.server";
import { audit, type AuditEntry } from "~/platform/audit.server";
import { ImageError, saveImage, TOO_BIG_ERROR } from "./images.server";
import { MAX_IMAGE_BYTES } from "./limits";

export const NO_FILE_ERROR = "No se ha recibido ninguna imagen.";
export const ONE_FILE_ERROR = "Sube una sola imagen cada vez.";
export const BAD_REQUEST_ERROR = "La solicitud no es válida: envía la imagen como formulario.";

/** Room for the multipart boundaries and headers around a file at the size limit. */
const ENVELOPE = 64 * 1024;

export interface ReceivedFile {
  fileName: string;
  body: Buffer;
}

/**
 * Reads the one file of a multipart/form-data request as it streams in, stopping as soon as it
 * passes MAX_IMAGE_BYTES (nothing larger is ever held in memory). Throws ImageError (4xx).
 */
export async function receiveOneFile(request: Request): Promise<ReceivedFile> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    throw new ImageError(BAD_REQUEST_ERROR, 400);
  }
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES + ENVELOPE) {
    throw new ImageError(TOO_BIG_ERROR, 413);
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      limits: { files: 1, fileSize: MAX_IMAGE_BYTES, fields: 10, parts: 12, fieldSize: 1024 },
    });
  } catch {
    throw new ImageError(BAD_REQUEST_ERROR, 400);
  }
  const source = Readable.fromWeb(request.body as NodeReadableStream);

  return new Promise<ReceivedFile>((resolve, reject) => {
    let file: ReceivedFile | null = null;
    let failure: ImageError | null = null;
    const fail = (error: ImageError) => {
      if (failure) return;
      failure = error;
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };

    parser.on("file", (_field, stream, info) => {
      if (file || failure) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      // A body that ends (or is cut off) inside the file errors this stream: without a listener
      // that error would be uncaught and end the process.
      stream.on("error", () => fail(new ImageError(BAD_REQUEST_ERROR, 400)));
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => fail(new ImageError(TOO_BIG_ERROR, 413)));
      stream.on("end", () => {
        if (!failure) file = { fileName: info.filename ?? "imagen", body: Buffer.concat(chunks) };
      });
    });
    parser.on("filesLimit", () => fail(new ImageError(ONE_FILE_ERROR, 400)));
    parser.on("partsLimit", () => fail(new ImageError(BAD_REQUEST_ERROR, 400)));
    parser.on("error", () => fail(new ImageError(BAD_REQUEST_ERROR, 400)));
    parser.on("close", () => {
      if (failure) return;
      if (!file || file.body.length === 0) reject(new ImageError(NO_FILE_ERROR, 400));
      else resolve(file);
    });
    // The server's body limit (server/request-guards.ts) errors the stream past its byte count.
    source.on("error", (error: Error & { code?: string }) =>
      fail(
        error.code === "BODY_TOO_LARGE"
          ? new ImageError(TOO_BIG_ERROR, 413)
          : new ImageError(BAD_REQUEST_ERROR, 400),
      ),
    );
    source.pipe(parser);
  });
}

/**
 * The one file of an upload, stored as responsive WebP (images.server.ts) and recorded in the
 * audit log. Cached pages start afresh by hand: a file is not a row the content triggers see.
 * Throws ImageError (4xx) for what the sender can fix; nothing is stored then.
 */
export async function storeUploadedImage(
  db: Db,
  request: Request,
  by: Pick<AuditEntry, "actor" | "ip">,
) {
  const file = await receiveOneFile(request);
  const image = await saveImage(file.body, { fileName: file.fileName });
  await bumpContentVersion(db);
  await audit(db, {
    action: "image_uploaded",
    ...by,
    target: image.src,
    details: { width: image.width, height: image.height, bytes: file.body.length },
  });
  return image;
}
