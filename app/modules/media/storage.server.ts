import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { getEnv } from "~/utils/env.server";

/**
 * Where uploaded files live. Local disk under DATA_DIR/media/{bucket}/ by default; any
 * S3-compatible store (AWS S3, MinIO, Cloudflare R2, Garage…) when the S3_* variables are set,
 * so several app instances can share the same files.
 */
export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
  etag: string | null;
}

export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object (or the key is not a valid key). */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

/** The buckets the app writes to; anything else is never served. */
export const BUCKETS = ["blog"] as const;
export type Bucket = (typeof BUCKETS)[number];

export function isBucket(value: string): value is Bucket {
  return (BUCKETS as readonly string[]).includes(value);
}

const SEGMENT = /^[a-z0-9][a-z0-9._-]{0,199}$/i;

/**
 * Keys are relative paths of plain segments (letters, digits, '.', '_', '-'), never starting with
 * a dot: no '..', no absolute paths, no backslashes, no encoded tricks.
 */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 400) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment) && !segment.includes(".."));
}

function assertKey(key: string) {
  if (!isValidKey(key))
    throw new Error(`Clave de almacenamiento no válida: ${JSON.stringify(key)}`);
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
};

export function contentTypeFor(key: string) {
  return TYPES_BY_EXTENSION[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** Files under `{root}/{bucket}/`; the content type follows the key's extension. */
export function diskStorage(root: string, bucket: Bucket): MediaStorage {
  const base = path.resolve(root, bucket);
  const fileFor = (key: string) => {
    if (!isValidKey(key)) return null;
    const file = path.resolve(base, key);
    // Belt and braces: the resolved path must stay inside the bucket's folder.
    return file.startsWith(base + path.sep) ? file : null;
  };
  return {
    async put(key, body) {
      assertKey(key);
      const file = fileFor(key)!;
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await fs.promises.writeFile(temp, body, { mode: 0o644 });
      await fs.promises.rename(temp, file);
    },
    async get(key) {
      const file = fileFor(key);
      if (!file) return null;
      let stat: fs.Stats;
      try {
        stat = await fs.promises.stat(file);
      } catch {
        return null;
      }
      if (!stat.isFile()) return null;
      const stream = fs.createReadStream(file);
      return {
        body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
        contentType: contentTypeFor(key),
        size: stat.size,
        etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      };
    },
    async delete(key) {
      const file = fileFor(key);
      if (file) await fs.promises.rm(file, { force: true });
    },
  };
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/**
 * Objects under `{bucket}/` in one S3 bucket, path-style addressing (what MinIO and most
 * self-hosted stores expect). The SDK is loaded only when S3 is configured.
 */
export function s3Storage(config: S3Config, bucket: Bucket): MediaStorage {
  const sdk = import("@aws-sdk/client-s3");
  let client: Promise<S3Client> | undefined;
  const getClient = () =>
    (client ??= sdk.then(
      ({ S3Client }) =>
        new S3Client({
          endpoint: config.endpoint,
          region: config.region,
          forcePathStyle: true,
          credentials: {
            accessKeyId: config.accessKeyId,
            secretAccessKey: config.secretAccessKey,
          },
        }),
    ));
  const objectKey = (key: string) => `${bucket}/${key}`;
  return {
    async put(key, body, contentType) {
      assertKey(key);
      const { PutObjectCommand } = await sdk;
      await (
        await getClient()
      ).send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      const { GetObjectCommand } = await sdk;
      try {
        const out = await (
          await getClient()
        ).send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        if (!out.Body) return null;
        return {
          body: out.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          contentType: out.ContentType ?? contentTypeFor(key),
          size: out.ContentLength ?? 0,
          etag: out.ETag ?? null,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isValidKey(key)) return;
      const { DeleteObjectCommand } = await sdk;
      await (
        await getClient()
      ).send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
  };
}

function isNotFound(error: unknown) {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

const cache = new Map<Bucket, MediaStorage>();

/** The configured storage for a bucket (S3 when the S3_* variables are set, else disk). */
export function getStorage(bucket: Bucket): MediaStorage {
  let storage = cache.get(bucket);
  if (!storage) {
    const env = getEnv();
    storage =
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? s3Storage(
            {
              endpoint: env.S3_ENDPOINT,
              bucket: env.S3_BUCKET,
              accessKeyId: env.S3_ACCESS_KEY_ID,
              secretAccessKey: env.S3_SECRET_ACCESS_KEY,
              region: env.S3_REGION,
            },
            bucket,
          )
        : diskStorage(path.join(env.DATA_DIR, "media"), bucket);
    cache.set(bucket, storage);
  }
  return storage;
}

/** For tests that change the environment between cases. */
export function resetStorageCache() {
  cache.clear();
}
